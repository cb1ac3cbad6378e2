import Core

/// What the details screen reaches outside its feature: other screens by descriptor (the coordinator
/// resolves them), and the app's exporter through `environment.resolve`.
@MainActor
struct RecipeDetailsRouter {
    let environment: any Environment

    func authorRecipes(_ authorID: Author.ID) -> Navigation {
        .show(Screens.AuthorRecipes(authorID: authorID))
    }

    /// The flow that chooses which ingredients go on the shopping list; it finishes with
    /// `FlowResult.ingredients` for the details screen.
    func chooseIngredients(_ recipeID: Recipe.ID) -> Navigation {
        .show(Screens.ChooseIngredients(recipeID: recipeID))
    }

    /// The app's exporter: a service no feature can see the implementation of.
    func exporter() -> any RecipeExporter {
        environment.resolve(RecipeExportDescriptor(format: .markdown))
    }
}
