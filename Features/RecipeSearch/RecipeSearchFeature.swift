import Core

/// The feature's one public door: the app's resolver and the sandbox build the screen here.
public enum RecipeSearchFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.RecipeSearch, environment: any Environment) -> any Screen {
        RecipeSearchScreen(
            viewModel: RecipeSearchViewModel(
                initialKeyword: descriptor.query,
                interactor: RecipeSearchInteractor(environment: environment),
                router: RecipeSearchRouter()
            )
        )
    }

    @MainActor
    public static func makeScreen(_ descriptor: Screens.AuthorRecipes, environment: any Environment) -> any Screen {
        AuthorRecipesScreen(
            viewModel: AuthorRecipesViewModel(
                authorID: descriptor.authorID,
                interactor: RecipeSearchInteractor(environment: environment),
                router: RecipeSearchRouter()
            )
        )
    }

    @MainActor
    public static func makeScreen(_ descriptor: Screens.KitchenPreferences, environment: any Environment) -> any Screen {
        KitchenPreferencesScreen(viewModel: KitchenPreferencesViewModel(interactor: KitchenPreferencesInteractor(environment: environment)))
    }
}
