import Foundation

/// Runs async work to its end from the synchronous command line.
package func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let result = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        result.set(await work())
        done.signal()
    }
    done.wait()
    return result.take()
}

/// The value a task hands to the thread waiting for it. An `NSLock`, which ThreadSanitizer
/// sees on Linux (see docs/reliability.md, "Data races").
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
    }

    /// The value, once `set` has run (the semaphore orders the two).
    func take() -> Value {
        lock.withLock {
            guard let value else { preconditionFailure("waitFor: the task signalled without a value") }
            return value
        }
    }
}
