import Core

/// The feature's one public door: the app's resolver and the sandbox build the screen here.
public enum RecipeDetailsFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.RecipeDetails, environment: any Environment) -> any Screen {
        RecipeDetailsScreen(
            viewModel: RecipeDetailsViewModel(
                recipeID: descriptor.recipeID,
                interactor: RecipeDetailsInteractor(environment: environment),
                router: RecipeDetailsRouter(environment: environment)
            )
        )
    }

    @MainActor
    public static func makeScreen(_ descriptor: Screens.ChooseIngredients, environment: any Environment) -> any Screen {
        ChooseIngredientsScreen(
            viewModel: ChooseIngredientsViewModel(
                recipeID: descriptor.recipeID, interactor: RecipeDetailsInteractor(environment: environment))
        )
    }
}
