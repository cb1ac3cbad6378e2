import Core

/// The feed's logic: load popular and new recipes, open one. Its side effects (the service call,
/// the clock, the logs) go through the environment.
@MainActor
final class FeedViewModel: ScreenViewModel {
    private(set) var state = FeedState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let environment: any Environment

    init(environment: any Environment) {
        self.environment = environment
    }

    /// Logs the page view each time; loads only the first time (the feed changes rarely),
    /// unless what is shown is a saved copy: then the server is asked again.
    func appear() async {
        environment.pageViewLogger.log(PageView("feed"))
        if case .loaded(let feed) = state.phase, feed.savedCopy == nil { return }
        await load()
    }

    func load() async {
        state.phase = .loading
        do {
            let feed = try await environment.client.feed()
            // "Now", for "saved copy from 2 hours ago".
            state.now = environment.clock.now
            state.region = environment.region
            state.phase = .loaded(feed)
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load the feed"))
        }
    }

    func open(recipeID: Recipe.ID, section: String) -> Navigation {
        environment.activityLogger.log(
            ActivityEvent("open_recipe", payload: ["recipe_id": String(recipeID), "source": "feed_\(section)"]))
        return FeedFeature.recipeDetails(recipeID)
    }

    func openAbout() -> Navigation {
        FeedFeature.about()
    }
}
