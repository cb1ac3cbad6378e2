import Foundation

/// Runs `background` on a thread of its own while `foreground` runs on this one, and returns
/// both results once both are done: two independent pieces of work on two cores. A thread of its
/// own, not a shared queue, so waiting for it never waits for a pool that is busy or blocked.
package func alongside<Background: Sendable, Foreground>(
    _ background: @escaping @Sendable () -> Background, while foreground: () throws -> Foreground
) rethrows -> (Background, Foreground) {
    let result = BackgroundResult<Background>()
    let thread = Thread {
        result.set(background())
    }
    thread.start()
    // The background's result is awaited even when the foreground throws, so nothing outlives the call.
    defer { _ = result.wait() }
    let foregroundResult = try foreground()
    return (result.wait(), foregroundResult)
}

/// The result of the background work, handed over once.
private final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    // Guarded by `condition`.
    private var value: Value?
    private let condition = NSCondition()

    func set(_ newValue: Value) {
        condition.lock()
        value = newValue
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
