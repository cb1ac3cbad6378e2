import Foundation

/// Counts calls from any thread: a server handler that answers the first request differently.
public final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    public init() {}

    /// 1 for the first call, then 2, 3…
    public func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
