// Generated from the structs of `enum Screens` (Screens.swift) and the parts of `Screens` by
// `Tools/workspace spec` and `new-feature`: declare a screen in Screens.swift, not here
// (`spec --check` says when this file is stale).
// swift-format-ignore-file

extension Screens {
    /// One builder per screen of the app's own, named after it (`buildFeed`): every `Resolver`
    /// has them, so a resolver without one does not compile. Each descriptor's `resolve` calls its own.
    public protocol Builders: AnyObject {
        @MainActor func buildFeed(_ descriptor: Feed, in environment: any Environment) -> any Screen
        @MainActor func buildRecipeSearch(_ descriptor: RecipeSearch, in environment: any Environment) -> any Screen
        @MainActor func buildRecipeDetails(_ descriptor: RecipeDetails, in environment: any Environment) -> any Screen
        @MainActor func buildChooseIngredients(_ descriptor: ChooseIngredients, in environment: any Environment) -> any Screen
        @MainActor func buildAuthorRecipes(_ descriptor: AuthorRecipes, in environment: any Environment) -> any Screen
        @MainActor func buildKitchenPreferences(_ descriptor: KitchenPreferences, in environment: any Environment) -> any Screen
        @MainActor func buildShoppingList(_ descriptor: ShoppingList, in environment: any Environment) -> any Screen
        @MainActor func buildFavorites(_ descriptor: Favorites, in environment: any Environment) -> any Screen
        @MainActor func buildAbout(_ descriptor: About, in environment: any Environment) -> any Screen
    }
}

/// A placeholder for each of the app's own screens, what a `PlaceholderBuilding` resolver
/// (CoreTesting's StubResolver) builds them with: such a resolver needs nothing per screen.
extension Screens.Builders where Self: PlaceholderBuilding {
    @MainActor public func buildFeed(_ descriptor: Screens.Feed, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildRecipeSearch(_ descriptor: Screens.RecipeSearch, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildRecipeDetails(_ descriptor: Screens.RecipeDetails, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildChooseIngredients(_ descriptor: Screens.ChooseIngredients, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildAuthorRecipes(_ descriptor: Screens.AuthorRecipes, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildKitchenPreferences(_ descriptor: Screens.KitchenPreferences, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildShoppingList(_ descriptor: Screens.ShoppingList, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
    @MainActor public func buildAbout(_ descriptor: Screens.About, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }
}
