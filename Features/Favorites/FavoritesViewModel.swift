import Core

/// The favorites' logic: list, open, remove.
@MainActor
final class FavoritesViewModel: ScreenViewModel {
    private(set) var state = FavoritesState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let interactor: FavoritesInteractor
    private let router: FavoritesRouter

    init(interactor: FavoritesInteractor, router: FavoritesRouter) {
        self.interactor = interactor
        self.router = router
    }

    func load() async {
        interactor.logPageView()
        do {
            let favorites = try await interactor.favorites()
            state.now = interactor.now
            state.phase = .loaded(favorites)
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load your favorites"))
        }
    }

    func open(_ id: Recipe.ID) -> Navigation {
        interactor.logOpen(id)
        return router.recipeDetails(id)
    }

    func remove(_ id: Recipe.ID) async {
        guard let favorite = state.favorites.first(where: { $0.id == id }) else { return }
        do {
            try await interactor.remove(id)
            let favorites = try await interactor.favorites()
            state.now = interactor.now
            state.phase = .loaded(favorites)
            state.notice = "Removed “\(favorite.recipe.title)” from favorites."
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "remove “\(favorite.recipe.title)”").messageWithRecovery
        }
    }
}
