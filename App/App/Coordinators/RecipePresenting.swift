import Core

/// The transitions every tab that shows recipes shares (a presenting protocol with default
/// transitions), written once: the Feed, Search and Favorites coordinators use them.
@MainActor
protocol RecipePresenting: TabStackCoordinator {}

extension RecipePresenting {
    func showRecipe(_ id: Recipe.ID) async {
        await navigator.show(Screens.RecipeDetails(recipeID: id))
    }

    func showAuthor(_ id: Author.ID) async {
        await navigator.show(Screens.AuthorRecipes(authorID: id))
    }

    /// Starts the child flow that chooses ingredients, on this stack, for the screen now on top
    /// (the recipe): when the flow finishes, that screen gets the choice.
    func chooseIngredients(_ descriptor: Screens.ChooseIngredients) async {
        await startFlow(ChooseIngredientsCoordinator(navigator: navigator, descriptor: descriptor))
    }

    /// Shows a recipe screen (details, author, the chooser); false when the descriptor names none.
    func presentRecipeScreen(_ descriptor: any ScreenDescriptor) async -> Bool {
        switch descriptor {
        case let recipe as Screens.RecipeDetails: await showRecipe(recipe.recipeID)
        case let author as Screens.AuthorRecipes: await showAuthor(author.authorID)
        case let choose as Screens.ChooseIngredients: await chooseIngredients(choose)
        default: return false
        }
        return true
    }
}
