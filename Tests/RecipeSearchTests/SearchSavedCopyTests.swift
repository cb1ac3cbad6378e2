import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeSearch

/// Results the app's cache found among saved recipes, because the server could not be asked:
/// the search and the author's page say so.
@MainActor
@Suite("Search from a saved copy")
struct SearchSavedCopyTests {
    let environment = StubEnvironment()
    let savedCopy = RecipePage.SavedCopy(savedAt: Fixtures.now.addingTimeInterval(-2 * 3600), reason: "offline", isPartial: true)

    func environment(savedCopy: RecipePage.SavedCopy?) -> StubEnvironment {
        environment.overriding(\.client, with: StubRecipeClient(recorder: environment.recorder, savedCopy: savedCopy))
    }

    @Test func resultsSayTheyAreASavedCopyAndHowOld() async {
        let screen = RecipeSearchFeature.makeScreen(Screens.RecipeSearch(query: "curry"), environment: environment(savedCopy: savedCopy))
        await screen.appear()

        #expect(screen.content.resultTitles.isEmpty == false)
        #expect(screen.content.notice == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")
    }

    @Test func aNewSearchAnsweredByTheServerSaysNothingMore() async {
        let offline = RecipeSearchFeature.makeScreen(Screens.RecipeSearch(query: "curry"), environment: environment(savedCopy: savedCopy))
        await offline.appear()
        let online = RecipeSearchFeature.makeScreen(Screens.RecipeSearch(query: "curry"), environment: environment(savedCopy: nil))
        await online.appear()

        #expect(online.content.notice == nil)
    }

    @Test func theAuthorsRecipesSayTheyAreASavedCopy() async {
        let screen = RecipeSearchFeature.makeScreen(
            Screens.AuthorRecipes(authorID: "aiko-tanaka"), environment: environment(savedCopy: savedCopy))
        await screen.appear()

        #expect(screen.content.status == .ready)
        #expect(screen.content.notice == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")
    }
}
