import Core

/// The feed's logic: load popular and new recipes, open one.
@MainActor
final class FeedViewModel: ScreenViewModel {
    private(set) var state = FeedState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let interactor: FeedInteractor
    private let router: FeedRouter

    init(interactor: FeedInteractor, router: FeedRouter) {
        self.interactor = interactor
        self.router = router
    }

    /// Logs the page view each time; loads only the first time (the feed changes rarely),
    /// unless what is shown is a saved copy: then the server is asked again.
    func appear() async {
        interactor.logPageView()
        if case .loaded(let feed) = state.phase, feed.savedCopy == nil { return }
        await load()
    }

    func load() async {
        state.phase = .loading
        do {
            let feed = try await interactor.feed()
            state.now = interactor.now
            state.phase = .loaded(feed)
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load the feed"))
        }
    }

    func open(recipeID: Recipe.ID, section: String) -> Navigation {
        interactor.logOpen(recipeID: recipeID, section: section)
        return router.recipeDetails(recipeID)
    }

    func openAbout() -> Navigation {
        router.about()
    }
}
