import Core
import CoreTesting
import Foundation
import Testing

@testable import Favorites

/// The favorites translator on its own: state in, the content a person reads out.
@Suite("Favorites translator")
struct FavoritesTranslatorTests {
    let translator = FavoritesTranslator()

    func content(_ phase: FavoritesState.Phase, notice: String? = nil) -> ScreenContent<FavoritesRow> {
        translator.translate(FavoritesState(phase: phase, notice: notice, now: Fixtures.now))
    }

    @Test func loadingShowsOnlyWhatIsLoading() {
        #expect(content(.loading) == ScreenContent<FavoritesRow>(title: "Favorites", status: .loading("Loading your favorites…")))
    }

    @Test func aFailureKeepsTheNoticeOfTheLastAction() {
        let failure = ScreenFailure(message: "Couldn't load your favorites: disk full.", canRetry: true)

        #expect(
            content(.failed(failure), notice: "Removed “Pancakes” from favorites.")
                == ScreenContent<FavoritesRow>(title: "Favorites", status: .failed(failure), notice: "Removed “Pancakes” from favorites."))
    }

    @Test func noFavoritesSaysHowToMakeOne() {
        #expect(
            content(.loaded([]))
                == ScreenContent<FavoritesRow>(
                    title: "Favorites", status: .empty("No favorites yet. Open a recipe and mark it as a favorite.")))
    }

    @Test func eachFavoriteIsADeletableLinkSayingWhenItWasSaved() {
        let justNow = FavoriteRecipe(recipe: Fixtures.misoSoup, savedAt: Fixtures.now.timeIntervalSince1970 - 20)
        let favorites = [justNow] + Fixtures.favorites.reversed()

        #expect(
            content(.loaded(favorites), notice: "Saved.")
                == ScreenContent<FavoritesRow>(
                    title: "Favorites",
                    sections: [
                        ScreenSection<FavoritesRow>(
                            id: "favorites", title: "Saved recipes (3)",
                            rows: [
                                ScreenRow<FavoritesRow>(
                                    id: .recipe(3), .link(title: "Miso Soup", subtitle: "Aiko Tanaka"),
                                    detail: "10 min · 90 kcal · saved just now", isDeletable: true),
                                ScreenRow<FavoritesRow>(
                                    id: .recipe(4), .link(title: "Pancakes", subtitle: "Marco Rossi"),
                                    detail: "20 min · 350 kcal · saved 3 days ago", isDeletable: true),
                                ScreenRow<FavoritesRow>(
                                    id: .recipe(1), .link(title: "Curry Rice", subtitle: "Aiko Tanaka"),
                                    detail: "45 min · 720 kcal · saved 2 weeks ago", isDeletable: true),
                            ])
                    ],
                    notice: "Saved."))
    }

    @Test func savedTimesCountFromTheStateClockNotFromTheMachine() {
        let pancakes = FavoriteRecipe(recipe: Fixtures.pancakes, savedAt: Fixtures.now.timeIntervalSince1970)
        let dayLater = FavoritesState(phase: .loaded([pancakes]), now: Fixtures.now.addingTimeInterval(86_400))

        #expect(translator.translate(dayLater).row(id: .recipe(4))?.detail == "20 min · 350 kcal · saved yesterday")
    }
}
