import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Favorites to content: one link per saved recipe, newest first, each saying when it was saved.
struct FavoritesTranslator: Translator {
    func translate(_ state: FavoritesState) -> ScreenContent<FavoritesRow> {
        switch state.phase {
        case .loading:
            return ScreenContent(title: "Favorites", status: .loading("Loading your favorites…"))
        case .failed(let failure):
            return ScreenContent(title: "Favorites", status: .failed(failure), notice: state.notice)
        case .loaded(let favorites) where favorites.isEmpty:
            return ScreenContent(
                title: "Favorites", status: .empty("No favorites yet. Open a recipe and mark it as a favorite."), notice: state.notice)
        case .loaded(let favorites):
            let rows = favorites.map { favorite in
                ScreenRow<FavoritesRow>(
                    id: .recipe(favorite.recipe.id),
                    .link(title: favorite.recipe.title, subtitle: favorite.recipe.author.name),
                    detail: "\(favorite.recipe.cookingMinutes) min · \(favorite.recipe.calories) kcal · saved "
                        + RelativeTime.phrase(for: Date(timeIntervalSince1970: favorite.savedAt), now: state.now, in: state.region),
                    isDeletable: true
                )
            }
            return ScreenContent(
                title: "Favorites", sections: [ScreenSection(id: "favorites", title: "Saved recipes (\(favorites.count))", rows: rows)],
                notice: state.notice)
        }
    }
}
