import Core

/// The feature's doors: the one way in (the app's resolver and the sandbox build the screen here)
/// and the ways out (the screens it opens, by their descriptors; the coordinator resolves each one
/// and decides where it appears). This is the feature's one file that names `Screens`, which gains
/// a member whenever a screen is added anywhere: such a change recompiles this file alone.
public enum FeedFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.Feed, environment: any Environment) -> any Screen {
        FeedScreen(viewModel: FeedViewModel(environment: environment))
    }

    static func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .show(Screens.RecipeDetails(recipeID: id))
    }

    static func about() -> Navigation {
        .show(Screens.About())
    }
}
