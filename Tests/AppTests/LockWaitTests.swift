import Testing

@testable import App
@testable import TerminalRunner

/// How long a save waits for another program's lock on the database: up to its timeout, and not
/// a moment once the run is told to stop (a signal), so that the change is rolled back and named.
@Suite("LockWait: a save waiting for another program's lock")
struct LockWaitTests {
    /// SQLite's busy handler as SQLite calls it: `tries` so far; true when it asks to try again.
    static func triesAgain(_ wait: LockWait, tries: Int32) -> Bool {
        LockWait.handler(Unmanaged.passUnretained(wait).toOpaque(), tries) == 1
    }

    @Test("it keeps trying while the timeout lasts, and gives up at once when the run is stopping")
    func stopEndsTheWait() {
        let notices = RunNotices()
        let wait = LockWait(timeout: .seconds(3_600), notices: notices)
        #expect(Self.triesAgain(wait, tries: 0))
        #expect(Self.triesAgain(wait, tries: 1))
        _ = notices.stop(within: .seconds(1))
        #expect(!Self.triesAgain(wait, tries: 2), "a stopping run does not wait out the hour")
    }

    @Test("it gives up once the timeout has passed since its first try")
    func timeoutEndsTheWait() {
        let wait = LockWait(timeout: .zero, notices: RunNotices())
        #expect(!Self.triesAgain(wait, tries: 0))
    }
}
