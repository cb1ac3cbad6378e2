import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Time for tests and sandboxes: it starts at `Fixtures.now` and moves only when told
/// (`advance(by:)`) or when something sleeps on it. So "saved 3 days ago" reads the same on
/// every run, and a test can order events by time without waiting.
public final class TestClock: WallClock, @unchecked Sendable {
    /// What `sleep(for:)` does besides moving `now` on by the duration.
    public enum Sleeping: Sendable {
        /// Returns at once (after letting other tasks run): tests never wait.
        case instant
        /// Really waits, as a sandbox's "slow" scenario must, so the loading state can be seen.
        case real
        /// Waits as this does. A sandbox hands its sleeps to the runner this way, which lets them
        /// really wait at a terminal and holds them in script mode and in the gallery, where the
        /// script decides when time passes (`wait`).
        case custom(@Sendable (Duration) async throws -> Void)
    }

    public let sleeping: Sleeping
    // Core's pthread `Lock` rather than `Mutex`: ThreadSanitizer on Linux cannot see inside `Mutex`
    // (docs/reliability.md).
    private let lock = Lock()
    private var current: Date

    public init(now: Date = Fixtures.now, sleeping: Sleeping = .instant) {
        current = now
        self.sleeping = sleeping
    }

    public var now: Date { lock.withLock { current } }

    /// Moves the clock on, as if that much time had passed.
    public func advance(by duration: Duration) {
        lock.withLock { current = current.addingTimeInterval(duration.timeInterval) }
    }

    public func sleep(for duration: Duration) async throws {
        switch sleeping {
        case .instant:
            try Task.checkCancellation()
            await Task.yield()
            try Task.checkCancellation()
        case .real:
            try await Task.sleep(for: duration)
        case .custom(let sleep):
            try await sleep(duration)
        }
        advance(by: duration)
    }
}

extension Duration {
    /// The duration in seconds, as `Date` arithmetic wants it.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// Identifiers for tests and sandboxes: `00000000-0000-4000-8000-000000000001`, then …02, in
/// order, so a test knows the id of the item it is about to add.
public final class SequentialIDs: IDGenerator, @unchecked Sendable {
    private let lock = Lock()
    private var issued: UInt64 = 0

    public init() {}

    public func next() -> UUID {
        let number = lock.withLock {
            issued += 1
            return issued
        }
        let low = withUnsafeBytes(of: number.bigEndian) { Array($0) }
        return UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, low[2], low[3], low[4], low[5], low[6], low[7]))
    }
}
