import Core

/// The feature's doors: the one way in (the app's resolver and the sandbox build the screen here)
/// and the way out (a recipe's details, by its descriptor; the coordinator resolves it and decides
/// where it appears). This is the feature's one file that names `Screens`, which gains a member
/// whenever a screen is added anywhere: such a change recompiles this file alone.
public enum FavoritesFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.Favorites, environment: any Environment) -> any Screen {
        FavoritesScreen(viewModel: FavoritesViewModel(environment: environment))
    }

    static func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .show(Screens.RecipeDetails(recipeID: id))
    }
}
