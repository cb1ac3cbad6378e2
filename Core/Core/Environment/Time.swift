#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What "now" is, and waiting, as features see them. The app uses `SystemClock`; tests use
/// CoreTesting's `TestClock` (time that moves only when told), so "saved 3 days ago" and
/// ordering by time can be asserted.
public protocol WallClock: Sendable {
    /// The current date and time.
    var now: Date { get }
    /// Suspends for `duration`. Throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The machine's clock.
public struct SystemClock: WallClock {
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// Where new identifiers come from. The app uses `RandomIDs`; tests use CoreTesting's
/// `SequentialIDs`, so a new item's id is known in advance.
public protocol IDGenerator: Sendable {
    func next() -> UUID
}

/// Random (version 4) UUIDs.
public struct RandomIDs: IDGenerator {
    public init() {}

    public func next() -> UUID { UUID() }
}
