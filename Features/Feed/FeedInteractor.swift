import Core

/// Every side effect of the feed, all through the environment.
struct FeedInteractor {
    let environment: any Environment

    func feed() async throws -> RecipeFeed {
        try await environment.client.feed()
    }

    func logPageView() {
        environment.pageViewLogger.log(PageView("feed"))
    }

    func logOpen(recipeID: Recipe.ID, section: String) {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(recipeID), "source": "feed_\(section)"]))
    }
}
