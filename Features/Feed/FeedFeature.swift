import Core

/// The feature's one public door: the app's resolver and the sandbox build the screen here.
public enum FeedFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.Feed, environment: any Environment) -> any Screen {
        FeedScreen(
            viewModel: FeedViewModel(
                interactor: FeedInteractor(environment: environment),
                router: FeedRouter()
            )
        )
    }
}
