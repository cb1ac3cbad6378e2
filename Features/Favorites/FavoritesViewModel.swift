import Core

/// The favorites' logic: list, open, remove. Its side effects (the favorites store, the clock,
/// the logs) go through the environment.
@MainActor
final class FavoritesViewModel: ScreenViewModel {
    private(set) var state = FavoritesState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    private let environment: any Environment

    init(environment: any Environment) {
        self.environment = environment
    }

    func load() async {
        environment.pageViewLogger.log(PageView("favorites"))
        do {
            show(try await storedFavorites())
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load your favorites"))
        }
    }

    func open(_ id: Recipe.ID) -> Navigation {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(id), "source": "favorites"]))
        return FavoritesFeature.recipeDetails(id)
    }

    /// Removes a favorite, then shows the favorites as stored. If the removal fails, the list stays
    /// as it was and the notice says what went wrong; if only the reading again fails, the removal
    /// is reported done and the list offers a retry.
    func remove(_ id: Recipe.ID) async {
        guard let favorite = state.favorites.first(where: { $0.id == id }) else { return }
        let wasThere: Bool
        do {
            wasThere = try await environment.removeFavorite(id)
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "remove “\(favorite.recipe.title)”").messageWithRecovery
            return
        }
        state.notice =
            wasThere
            ? "Removed “\(favorite.recipe.title)” from favorites."
            : "“\(favorite.recipe.title)” was already removed from favorites elsewhere (by another program or screen)."
        do {
            show(try await storedFavorites())
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "read your favorites again"))
        }
    }

    /// Newest first.
    private func storedFavorites() async throws -> [FavoriteRecipe] {
        try await environment.favorites.findAll(.all, sort: [.descending(.savedAt)])
    }

    /// Shows the favorites as stored; "saved 3 days ago" counts from the environment clock's now.
    private func show(_ favorites: [FavoriteRecipe]) {
        state.now = environment.clock.now
        state.region = environment.region
        state.phase = .loaded(favorites)
    }
}
