import Core

/// Where the feed can go: other features' screens, named by their descriptors. The coordinator
/// resolves each one (`environment.resolve`) and decides where it appears.
@MainActor
struct FeedRouter {
    func recipeDetails(_ id: Recipe.ID) -> Navigation {
        .show(Screens.RecipeDetails(recipeID: id))
    }

    func about() -> Navigation {
        .show(Screens.About())
    }
}
