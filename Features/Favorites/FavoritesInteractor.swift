import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every side effect of the favorites screen, all through the environment.
struct FavoritesInteractor {
    let environment: any Environment

    /// Newest first.
    func favorites() async throws -> [FavoriteRecipe] {
        try await environment.favorites.findAll(.all, sort: [.descending(.savedAt)])
    }

    /// What "now" is, for "saved 3 days ago".
    var now: Date { environment.clock.now }

    func remove(_ id: Recipe.ID) async throws {
        try await environment.favorites.delete(id: id)
        environment.activityLogger.log(ActivityEvent("favorite_remove", payload: ["recipe_id": String(id), "source": "favorites"]))
    }

    func logPageView() {
        environment.pageViewLogger.log(PageView("favorites"))
    }

    func logOpen(_ id: Recipe.ID) {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(id), "source": "favorites"]))
    }
}
