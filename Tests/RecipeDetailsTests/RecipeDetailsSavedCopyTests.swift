import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeDetails

/// A recipe the app's cache answered with a copy saved earlier, because the server could not
/// be asked: the screen says so, and keeps saying so after an action's own notice.
@MainActor
@Suite("Recipe details from a saved copy")
struct RecipeDetailsSavedCopyTests {
    let environment = StubEnvironment()

    func screen(savedCopy: RecipePage.SavedCopy?) async -> any Screen<RecipeDetailsRow> {
        let client = StubRecipeClient(recorder: environment.recorder, savedCopy: savedCopy)
        let screen =
            RecipeDetailsFeature.makeScreen(
                Screens.RecipeDetails(recipeID: 1), environment: environment.overriding(\.client, with: client))
            as! any Screen<RecipeDetailsRow>
        await screen.appear()
        return screen
    }

    @Test func theRecipeSaysItIsASavedCopyAndHowOld() async {
        let screen = await screen(
            savedCopy: RecipePage.SavedCopy(savedAt: Fixtures.now.addingTimeInterval(-3 * 86400), reason: "the server answered 503"))

        #expect(screen.content.title == "Curry Rice")
        #expect(screen.content.status == .ready)
        #expect(screen.content.notice == "Saved copy from 3 days ago; the server answered 503.")
    }

    @Test func theSavedCopyNoticeStaysAfterAnAction() async {
        let screen = await screen(savedCopy: RecipePage.SavedCopy(savedAt: Fixtures.now.addingTimeInterval(-7200), reason: "offline"))
        _ = await screen.handle(.toggle(row: .favorite))

        #expect(screen.content.notice == "Saved copy from 2 hours ago; offline. Saved to favorites.")
    }

    @Test func aRecipeFromTheServerSaysNothing() async {
        let screen = await screen(savedCopy: nil)

        #expect(screen.content.notice == nil)
    }
}
