// Generated from the structs of `enum Screens` (Screens.swift) and the parts of `Screens` by
// `Tools/workspace spec` and `new-feature`: declare a screen in Screens.swift, not here
// (`spec --check` says when this file is stale).
// swift-format-ignore-file

/// Every screen of the workspace: the list deep links are read from and the gallery walks. The
/// app's own screens (the structs of `Screens`) have a case each; the screens of the parts of
/// `Screens` (`Screens+PartNN.swift`) are `.part(ScreensPart01.Kind.pantry)`, one case per
/// screen in their part's own `Kind`. Every `switch` mapping kinds to descriptor types is
/// exhaustive, so a kind without a descriptor does not compile, and a descriptor must name its
/// kind to be a `ScreenDescriptor`.
///
/// Why the parts' kinds are their own: a case added here changes a type every descriptor's file
/// reads (its `kind`), and a thousand screens' descriptors would compile again for each new screen.
/// A part's `Kind` changes with its part alone; `allCases` lists the parts.
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
    /// A screen of a part of `Screens`, by its part's kind.
    case part(any PartKind)

    /// A part's kind of screen (`ScreensPart01.Kind`): its cases are the part's screens.
    public protocol PartKind: Hashable, Sendable {
        var descriptorType: any ScreenDescriptor.Type { get }
    }

    /// The app's screens, then each part's in order.
    public static let allCases: [ScreenKind] =
        [.feed, .recipeSearch, .recipeDetails, .chooseIngredients, .authorRecipes, .kitchenPreferences, .shoppingList, .favorites, .about]
        + ScreensPart01.Kind.allCases.map(ScreenKind.part)
        + ScreensPart02.Kind.allCases.map(ScreenKind.part)
        + ScreensPart03.Kind.allCases.map(ScreenKind.part)
        + ScreensPart04.Kind.allCases.map(ScreenKind.part)
        + ScreensPart05.Kind.allCases.map(ScreenKind.part)
        + ScreensPart06.Kind.allCases.map(ScreenKind.part)
        + ScreensPart07.Kind.allCases.map(ScreenKind.part)
        + ScreensPart08.Kind.allCases.map(ScreenKind.part)
        + ScreensPart09.Kind.allCases.map(ScreenKind.part)
        + ScreensPart10.Kind.allCases.map(ScreenKind.part)
        + ScreensPart11.Kind.allCases.map(ScreenKind.part)
        + ScreensPart12.Kind.allCases.map(ScreenKind.part)
        + ScreensPart13.Kind.allCases.map(ScreenKind.part)
        + ScreensPart14.Kind.allCases.map(ScreenKind.part)
        + ScreensPart15.Kind.allCases.map(ScreenKind.part)
        + ScreensPart16.Kind.allCases.map(ScreenKind.part)
        + ScreensPart17.Kind.allCases.map(ScreenKind.part)
        + ScreensPart18.Kind.allCases.map(ScreenKind.part)
        + ScreensPart19.Kind.allCases.map(ScreenKind.part)
        + ScreensPart20.Kind.allCases.map(ScreenKind.part)

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
        case .part(let kind): return kind.descriptorType
        }
    }

    /// The same case, or the same kind of the same part.
    public static func == (lhs: ScreenKind, rhs: ScreenKind) -> Bool {
        lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }

    /// What tells kinds apart: the app's own case, or a part's kind.
    private var identity: AnyHashable {
        switch self {
        case .feed: return 0
        case .recipeSearch: return 1
        case .recipeDetails: return 2
        case .chooseIngredients: return 3
        case .authorRecipes: return 4
        case .kitchenPreferences: return 5
        case .shoppingList: return 6
        case .favorites: return 7
        case .about: return 8
        case .part(let kind): return AnyHashable(kind)
        }
    }
}
