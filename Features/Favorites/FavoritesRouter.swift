import Core

/// Where the favorites screen can go. Other features' screens come only from `resolve`.
@MainActor
struct FavoritesRouter {
    let environment: any Environment

    func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .push(environment.resolve(RecipeDetailsDescriptor(recipeID: id)))
    }
}
