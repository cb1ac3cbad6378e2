#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Waits of tests as tasks, never holding one of Swift's cooperative threads (Swift Testing runs
/// tests in parallel on that pool, one thread per core: a test blocking one starves the others,
/// whose own deadlines then pass), and always with a deadline that fails in words.
///
/// A deadline catches a hang; it is never what a test is about. A task that sleeps is resumed
/// when a thread is free, which, with a thousand tests sharing two threads, can take seconds: the
/// default deadline is two minutes.
public enum Waiting {
    /// Checks `condition` every `interval` until it holds (true), or `timeout` passes or the task is
    /// cancelled (then false, unless it holds at the last look). It runs on the caller's actor, so
    /// `condition` may read the caller's state.
    public static func until(
        timeout: Duration, every interval: Duration = .milliseconds(10), isolation: isolated (any Actor)? = #isolation,
        _ condition: () -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return condition() }
            try? await Task.sleep(for: interval)
        }
        return true
    }

    /// As `until`, but throws `TimedOut` naming `what` when `timeout` passes first.
    public static func until(
        _ what: String, timeout: Duration = .seconds(120), every interval: Duration = .milliseconds(1),
        isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
    ) async throws {
        guard await until(timeout: timeout, every: interval, isolation: isolation, condition) else {
            throw TimedOut(what: what, timeout: timeout)
        }
    }

    /// A wait whose deadline passed.
    public struct TimedOut: Error, CustomStringConvertible {
        public let what: String
        public let timeout: Duration
        public var description: String { "waited \(timeout) for \(what), in vain" }
    }
}
