import Foundation
import Testing

@testable import TerminalRunner

/// A run told to stop (SIGTERM, SIGHUP, SIGINT): changes being saved finish or roll back first,
/// none starts after, and what was not saved is said.
@Suite("Stopping: changes being saved, what was not saved")
struct StoppingTests {
    /// `stop(within:)` blocks, as on a signal handler's queue: here on a thread of its own, so
    /// that Swift's cooperative threads stay free for the change it waits for.
    static func stop(_ notices: RunNotices, within timeout: Duration) async -> (notSaved: [String], stillBeingSaved: [String]) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: notices.stop(within: timeout)) }
        }
    }

    @Test("stop waits for a change being saved to end, refuses new ones, and returns what was not saved")
    func stopWaitsForChangesBeingSaved() async throws {
        let notices = RunNotices()
        let saving = try #require(notices.beginChange("adding “milk” to the shopping list"))
        notices.recordUnsavedChange("adding “tea” to the shopping list: the disk is full")
        // The change ends on a thread of its own: with every cooperative thread busy running
        // other tests, a task could start later than any deadline short enough to be a test.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            notices.recordUnsavedChange("adding “milk” to the shopping list: locked (rolled back: Cookbook was told to stop)")
            notices.endChange(saving)
        }

        let started = ContinuousClock.now
        let (notSaved, stillBeingSaved) = await Self.stop(notices, within: .seconds(60))

        #expect(ContinuousClock.now - started >= .milliseconds(150), "it waited for the change being saved")
        #expect(
            notSaved == [
                "adding “tea” to the shopping list: the disk is full",
                "adding “milk” to the shopping list: locked (rolled back: Cookbook was told to stop)",
            ])
        #expect(stillBeingSaved.isEmpty)
        #expect(notices.isStopping)
        #expect(notices.beginChange("adding “jam” to the shopping list") == nil, "no change starts once stopping")
    }

    @Test("a change still being saved when the time is up is named as such")
    func stillBeingSaved() async {
        let notices = RunNotices()
        _ = notices.beginChange("saving “Curry Rice” to favorites")

        let (notSaved, stillBeingSaved) = await Self.stop(notices, within: .milliseconds(50))

        #expect(notSaved.isEmpty)
        #expect(stillBeingSaved == ["saving “Curry Rice” to favorites"])
        #expect(
            StopSignals.report(.terminated, notSaved: notSaved, stillBeingSaved: stillBeingSaved) == [
                "terminated (SIGTERM). Not saved in this run:",
                "  still being saved after 3 s, so it may or may not be kept: saving “Curry Rice” to favorites",
            ])
    }

    @Test("the report names each change not saved, the first ten, and says nothing when all was saved")
    func report() {
        #expect(StopSignals.report(.hungUp, notSaved: [], stillBeingSaved: []).isEmpty)
        let many = (1...12).map { "adding “item \($0)” to the shopping list: kept in memory only" }
        let lines = StopSignals.report(.hungUp, notSaved: many, stillBeingSaved: [])
        #expect(lines.first == "the terminal hung up (SIGHUP). Not saved in this run:")
        #expect(lines.dropFirst().first == "  adding “item 1” to the shopping list: kept in memory only")
        #expect(lines.count == 12)
        #expect(lines.last == "  and 2 more")
        #expect(
            StopSignals.report(.interrupted, notSaved: ["x"], stillBeingSaved: []).first == "interrupted (SIGINT). Not saved in this run:")
    }
}
