/// Every screen of the workspace, one case each: the list deep links are read from and the
/// gallery walks. The `switch` in `descriptorType` is exhaustive, so a kind without a
/// descriptor does not compile, and a descriptor must name its kind to be a `ScreenDescriptor`.
///
/// No raw values: a `String` raw type makes the compiler write `init(rawValue:)` and `rawValue`
/// over every case, more than half of this file's compile time at a thousand screens.
public enum ScreenKind: CaseIterable, Hashable, Sendable {
    case feed
    case recipeSearch
    case recipeDetails
    case chooseIngredients
    case authorRecipes
    case kitchenPreferences
    case shoppingList
    case favorites
    case about

    /// The descriptor type of this kind of screen. Each arm is a `return` statement: as one
    /// `switch` expression the compiler joins the types of every arm, about a second of
    /// type-checking at a thousand screens, where statements are checked one by one.
    public var descriptorType: any ScreenDescriptor.Type {
        switch self {
        case .feed: return Screens.Feed.self
        case .recipeSearch: return Screens.RecipeSearch.self
        case .recipeDetails: return Screens.RecipeDetails.self
        case .chooseIngredients: return Screens.ChooseIngredients.self
        case .authorRecipes: return Screens.AuthorRecipes.self
        case .kitchenPreferences: return Screens.KitchenPreferences.self
        case .shoppingList: return Screens.ShoppingList.self
        case .favorites: return Screens.Favorites.self
        case .about: return Screens.About.self
        }
    }

    /// The descriptor's name inside `Screens`: `RecipeDetails`.
    public var name: String {
        String(describing: descriptorType)
    }

    /// The link form of this kind, its query items included: `cookbook://recipes/{recipeID}`,
    /// `cookbook://search?query={query}`.
    public var linkForm: String {
        let query = DeepLinks.queryParameters(of: descriptorType).map { "\($0.name)={\($0.name)}" }
        return "\(DeepLinks.scheme)://\(descriptorType.linkPath)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
