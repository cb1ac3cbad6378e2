import Core

/// The feature's doors: the ways in (the app's resolver and the sandbox build its three screens
/// here) and the ways out (the screens they open, by their descriptors; the coordinator resolves
/// each one and decides where it appears). This is the feature's one file that names `Screens`,
/// which gains a member whenever a screen is added anywhere: such a change recompiles this file alone.
public enum RecipeSearchFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.RecipeSearch, environment: any Environment) -> any Screen {
        RecipeSearchScreen(
            viewModel: RecipeSearchViewModel(initialKeyword: descriptor.query, environment: environment)
        )
    }

    @MainActor
    public static func makeScreen(_ descriptor: Screens.AuthorRecipes, environment: any Environment) -> any Screen {
        AuthorRecipesScreen(
            viewModel: AuthorRecipesViewModel(authorID: descriptor.authorID, environment: environment)
        )
    }

    @MainActor
    public static func makeScreen(_ descriptor: Screens.KitchenPreferences, environment: any Environment) -> any Screen {
        KitchenPreferencesScreen(viewModel: KitchenPreferencesViewModel(environment: environment))
    }

    static func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .show(Screens.RecipeDetails(recipeID: id))
    }

    static func kitchenPreferences() -> Navigation {
        .show(Screens.KitchenPreferences())
    }
}
