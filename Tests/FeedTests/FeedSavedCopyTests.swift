import Core
import CoreTesting
import Foundation
import Testing

@testable import Feed

/// A feed the app's cache put together from saved recipes, because the server could not be
/// asked: the screen says so, and asks again when it appears.
@MainActor
@Suite("Feed from a saved copy")
struct FeedSavedCopyTests {
    let environment = StubEnvironment()
    let twoHoursAgo = RecipePage.SavedCopy(savedAt: Fixtures.now.addingTimeInterval(-2 * 3600), reason: "offline", isPartial: true)

    func screen(savedCopy: RecipePage.SavedCopy?) async -> (any Screen<FeedRow>, Recorder) {
        let recorder = Recorder()
        let client = StubRecipeClient(recorder: recorder, savedCopy: savedCopy)
        let screen =
            FeedFeature.makeScreen(Screens.Feed(), environment: environment.overriding(\.client, with: client)) as! any Screen<FeedRow>
        await screen.appear()
        return (screen, recorder)
    }

    @Test func theFeedSaysItIsASavedCopyAndHowOld() async {
        let (screen, _) = await screen(savedCopy: twoHoursAgo)

        #expect(screen.content.status == .ready)
        #expect(screen.content.notice == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")
        #expect(screen.content.plainText().contains("* Saved copy from 2 hours ago; offline."))
        #expect(screen.content.section(id: "popular")?.rows.isEmpty == false)
    }

    @Test func theAgeCountsFromTheEnvironmentClockWhenTheFeedLoaded() async throws {
        let clock = try #require(environment.clock as? TestClock)
        clock.advance(by: .seconds(86400))
        let (screen, _) = await screen(savedCopy: twoHoursAgo)

        #expect(screen.content.notice?.hasPrefix("Saved copy from yesterday; offline.") == true)
    }

    @Test func aSavedCopyIsAskedForAgainOnEveryAppear() async {
        let (screen, recorder) = await screen(savedCopy: twoHoursAgo)
        await screen.appear()

        #expect(recorder.clientCalls == [.feed, .feed])
    }

    @Test func theServersAnswerSaysNothingAndIsNotAskedAgain() async {
        let (screen, recorder) = await screen(savedCopy: nil)
        await screen.appear()

        #expect(screen.content.notice == nil)
        #expect(recorder.clientCalls == [.feed])
    }
}
