import Core

/// Where the favorites screen can go: other features' screens, named by their descriptors. The coordinator
/// resolves each one (`environment.resolve`) and decides where it appears.
@MainActor
struct FavoritesRouter {
    func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .show(Screens.RecipeDetails(recipeID: id))
    }
}
