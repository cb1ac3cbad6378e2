// Generated from the structs of `enum Screens` (Screens.swift) and the parts of `Screens` by
// `Tools/workspace spec` and `new-feature`: declare a screen in Screens.swift, not here
// (`spec --check` says when this file is stale).
// swift-format-ignore-file

/// Every screen of the workspace: the list deep links are read from and the gallery walks. The
/// app's own screens (the structs of `Screens`) have a case each, and an exhaustive `switch`
/// maps each case to its descriptor type, so a case without a descriptor does not compile; a
/// descriptor must name its kind to be a `ScreenDescriptor`. A screen of a part of `Screens`
/// (`Screens+PartNN.swift`) is `.part(ScreensPart01.PantryTag.self)`: its tag is its kind, and
/// its part lists its tag (`ScreensPart01Slot.tags`).
///
/// Why the parts' screens are not cases: a case added here changes a type every descriptor's
/// file reads (its `kind`), and a thousand screens' descriptors would compile again for each new
/// screen. Their tags change their part alone.
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
    /// A screen of a part of `Screens`, by its tag.
    case part(any ScreenTag.Type)

    /// The app's screens, then each part's in order.
    public static let allCases: [ScreenKind] =
        [.feed, .recipeSearch, .recipeDetails, .chooseIngredients, .authorRecipes, .kitchenPreferences, .shoppingList, .favorites, .about]
        + ScreensPart01Slot.tags.map(ScreenKind.part)
        + ScreensPart02Slot.tags.map(ScreenKind.part)
        + ScreensPart03Slot.tags.map(ScreenKind.part)
        + ScreensPart04Slot.tags.map(ScreenKind.part)
        + ScreensPart05Slot.tags.map(ScreenKind.part)
        + ScreensPart06Slot.tags.map(ScreenKind.part)
        + ScreensPart07Slot.tags.map(ScreenKind.part)
        + ScreensPart08Slot.tags.map(ScreenKind.part)
        + ScreensPart09Slot.tags.map(ScreenKind.part)
        + ScreensPart10Slot.tags.map(ScreenKind.part)
        + ScreensPart11Slot.tags.map(ScreenKind.part)
        + ScreensPart12Slot.tags.map(ScreenKind.part)
        + ScreensPart13Slot.tags.map(ScreenKind.part)
        + ScreensPart14Slot.tags.map(ScreenKind.part)
        + ScreensPart15Slot.tags.map(ScreenKind.part)
        + ScreensPart16Slot.tags.map(ScreenKind.part)
        + ScreensPart17Slot.tags.map(ScreenKind.part)
        + ScreensPart18Slot.tags.map(ScreenKind.part)
        + ScreensPart19Slot.tags.map(ScreenKind.part)
        + ScreensPart20Slot.tags.map(ScreenKind.part)

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
        case .part(let tag): return Self.descriptorType(of: tag)
        }
    }

    /// `Screens.Pantry`, the descriptor a part's tag tells apart.
    private static func descriptorType<Tag: ScreenTag>(of tag: Tag.Type) -> any ScreenDescriptor.Type {
        TaggedScreenDescriptor<Tag>.self
    }

    /// The same case, or the same tag.
    public static func == (lhs: ScreenKind, rhs: ScreenKind) -> Bool {
        lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }

    /// What tells kinds apart: the app's own case, or a part's tag.
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
        case .part(let tag): return AnyHashable(ObjectIdentifier(tag))
        }
    }
}
