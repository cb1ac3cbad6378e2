/// Every screen of the workspace, one case each: the list deep links are read from and the
/// gallery walks. The `switch` in `descriptorType` is exhaustive, so a kind without a
/// descriptor does not compile, and a descriptor must name its kind to be a `ScreenDescriptor`.
public enum ScreenKind: String, CaseIterable, Hashable, Sendable {
    case feed
    case recipeSearch
    case recipeDetails
    case chooseIngredients
    case authorRecipes
    case kitchenPreferences
    case shoppingList
    case favorites
    case about

    /// The descriptor type of this kind of screen.
    public var descriptorType: any ScreenDescriptor.Type {
        switch self {
        case .feed: Screens.Feed.self
        case .recipeSearch: Screens.RecipeSearch.self
        case .recipeDetails: Screens.RecipeDetails.self
        case .chooseIngredients: Screens.ChooseIngredients.self
        case .authorRecipes: Screens.AuthorRecipes.self
        case .kitchenPreferences: Screens.KitchenPreferences.self
        case .shoppingList: Screens.ShoppingList.self
        case .favorites: Screens.Favorites.self
        case .about: Screens.About.self
        }
    }

    /// The descriptor's name inside `Screens`: `RecipeDetails`.
    public var name: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// The link form of this kind: `cookbook://recipes/{recipeID}`.
    public var linkForm: String { "\(DeepLinks.scheme)://\(descriptorType.linkPath)" }
}
