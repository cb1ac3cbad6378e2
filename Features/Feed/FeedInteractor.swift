import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every side effect of the feed, all through the environment.
struct FeedInteractor {
    let environment: any Environment

    func feed() async throws -> RecipeFeed {
        try await environment.client.feed()
    }

    /// What "now" is, for "saved copy from 2 hours ago".
    var now: Date { environment.clock.now }

    func logPageView() {
        environment.pageViewLogger.log(PageView("feed"))
    }

    func logOpen(recipeID: Recipe.ID, section: String) {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(recipeID), "source": "feed_\(section)"]))
    }
}
