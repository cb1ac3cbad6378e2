import Core

/// Where the search screen can go: other features' screens, named by their descriptors. The coordinator
/// resolves each one (`environment.resolve`) and decides where it appears.
@MainActor
struct RecipeSearchRouter {
    func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .show(Screens.RecipeDetails(recipeID: id))
    }

    func kitchenPreferences() -> Navigation {
        .show(Screens.KitchenPreferences())
    }
}
