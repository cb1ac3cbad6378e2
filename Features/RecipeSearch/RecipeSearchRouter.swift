import Core

/// Where the search screen can go. Other features' screens come only from `resolve`.
@MainActor
struct RecipeSearchRouter {
    let environment: any Environment

    func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .push(environment.resolve(RecipeDetailsDescriptor(recipeID: id)))
    }
}
