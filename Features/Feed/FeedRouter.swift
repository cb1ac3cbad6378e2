import Core

/// Where the feed can go. Other features' screens come only from `resolve`.
@MainActor
struct FeedRouter {
    let environment: any Environment

    func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .push(environment.resolve(RecipeDetailsDescriptor(recipeID: id)))
    }

    func about() -> Navigation {
        .push(environment.resolve(AboutDescriptor()))
    }
}
