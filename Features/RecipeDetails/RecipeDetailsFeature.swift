import Core

/// The feature's doors: the ways in (the app's resolver and the sandbox build its two screens
/// here) and the ways out (the screens it opens, by their descriptors; the coordinator resolves
/// each one and decides where it appears). This is the feature's one file that names `Screens`,
/// which gains a member whenever a screen is added anywhere: such a change recompiles this file alone.
public enum RecipeDetailsFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.RecipeDetails, environment: any Environment) -> any Screen {
        RecipeDetailsScreen(
            viewModel: RecipeDetailsViewModel(
                recipeID: descriptor.recipeID, servings: descriptor.servings, environment: environment)
        )
    }

    @MainActor
    public static func makeScreen(_ descriptor: Screens.ChooseIngredients, environment: any Environment) -> any Screen {
        ChooseIngredientsScreen(
            viewModel: ChooseIngredientsViewModel(
                recipeID: descriptor.recipeID, servings: descriptor.servings, environment: environment)
        )
    }

    static func authorRecipes(_ authorID: Author.ID) -> Navigation {
        .show(Screens.AuthorRecipes(authorID: authorID))
    }

    /// The flow that chooses which ingredients go on the shopping list; it finishes with
    /// `FlowResult.ingredients` for the details screen.
    static func chooseIngredients(_ recipeID: Recipe.ID, servings: Int?) -> Navigation {
        .show(Screens.ChooseIngredients(recipeID: recipeID, servings: servings))
    }
}
