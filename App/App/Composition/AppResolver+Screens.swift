// Generated from the features of Package.swift and the structs of Screens.swift by
// `Tools/workspace new-feature` and `Tools/workspace spec`: edit those, not this file
// (`spec --check` says when it is stale). One line a screen, in the order of `features`,
// so that two branches each adding a feature merge without a conflict (`merge=union` in
// .gitattributes).
// swift-format-ignore-file
import Core
import EntriesPart01
import EntriesPart02
import EntriesPart03
import EntriesPart04
import EntriesPart05
import EntriesPart06
import EntriesPart07
import EntriesPart08
import EntriesPart09
import EntriesPart10
import EntriesPart11
import EntriesPart12
import EntriesPart13
import EntriesPart14
import EntriesPart15
import EntriesPart16
import EntriesPart17
import EntriesPart18
import EntriesPart19
import EntriesPart20

/// The builders of the app's own screens (Screens.swift) that a feature's entry makes, found by
/// its `makeScreen(_ descriptor: Screens.X, …)`. A screen no entry makes has its
/// builder in the resolver's own file; without one, the resolver does not conform to `Resolver`.
extension AppResolver {
    @MainActor func buildFeed(_ descriptor: Screens.Feed, in environment: any Environment) -> any Screen { FeedEntry.makeScreen(descriptor, environment: environment) }
    @MainActor func buildRecipeSearch(_ descriptor: Screens.RecipeSearch, in environment: any Environment) -> any Screen { RecipeSearchEntry.makeScreen(descriptor, environment: environment) }
    @MainActor func buildRecipeDetails(_ descriptor: Screens.RecipeDetails, in environment: any Environment) -> any Screen { RecipeDetailsEntry.makeScreen(descriptor, environment: environment) }
    @MainActor func buildChooseIngredients(_ descriptor: Screens.ChooseIngredients, in environment: any Environment) -> any Screen { RecipeDetailsEntry.makeScreen(descriptor, environment: environment) }
    @MainActor func buildAuthorRecipes(_ descriptor: Screens.AuthorRecipes, in environment: any Environment) -> any Screen { RecipeSearchEntry.makeScreen(descriptor, environment: environment) }
    @MainActor func buildKitchenPreferences(_ descriptor: Screens.KitchenPreferences, in environment: any Environment) -> any Screen { RecipeSearchEntry.makeScreen(descriptor, environment: environment) }
    @MainActor func buildShoppingList(_ descriptor: Screens.ShoppingList, in environment: any Environment) -> any Screen { ShoppingListEntry.makeScreen(descriptor, environment: environment) }
    @MainActor func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen { FavoritesEntry.makeScreen(descriptor, environment: environment) }
}

/// Every part's builders: each part gives a resolver that has its builders the part's slot
/// (`part01`), so without one of them the resolver does not conform to `Resolver`.
/// Declared here, not in Core, so that no file of Core reads every part's `Builders`: a screen
/// added to a part then compiles that part's file of Core alone.
extension AppResolver:
    ScreensPart01.Builders,
    ScreensPart02.Builders,
    ScreensPart03.Builders,
    ScreensPart04.Builders,
    ScreensPart05.Builders,
    ScreensPart06.Builders,
    ScreensPart07.Builders,
    ScreensPart08.Builders,
    ScreensPart09.Builders,
    ScreensPart10.Builders,
    ScreensPart11.Builders,
    ScreensPart12.Builders,
    ScreensPart13.Builders,
    ScreensPart14.Builders,
    ScreensPart15.Builders,
    ScreensPart16.Builders,
    ScreensPart17.Builders,
    ScreensPart18.Builders,
    ScreensPart19.Builders,
    ScreensPart20.Builders
{}

/// The builders of the screens `workspace new-feature` made: each calls its feature's entry,
/// in the module App imports instead of the feature (docs/architecture.md, "Entries"). Without one
/// of them, the app's resolver does not conform to its part's `Builders` and nothing compiles.
extension AppResolver {
}
