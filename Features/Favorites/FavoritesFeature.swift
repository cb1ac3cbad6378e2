import Core

/// The feature's one public door: the app's resolver and the sandbox build the screen here.
public enum FavoritesFeature {
    @MainActor
    public static func makeScreen(_ descriptor: Screens.Favorites, environment: any Environment) -> any Screen {
        FavoritesScreen(
            viewModel: FavoritesViewModel(
                interactor: FavoritesInteractor(environment: environment),
                router: FavoritesRouter()
            )
        )
    }
}
