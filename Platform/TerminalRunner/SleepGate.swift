import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Time a script can hold. A sandbox's clock sleeps through its gate: at a terminal the sleeps
/// really wait, so the `slow` scenario is slow to look at; in script mode and in the gallery the
/// runner holds them (`hold()`), so a screen waiting on a slow service or store shows its loading
/// state, for `expect` and snapshots, until the script lets time pass (`ScriptPacer`).
public final class SleepGate: @unchecked Sendable {
    private struct Held {
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    // Core's pthread `Lock` rather than `Mutex`: ThreadSanitizer on Linux cannot see inside `Mutex`
    // (docs/reliability.md). Everything below is read and written under it.
    private let lock = Lock()
    private var holding: Bool
    /// Held sleeps, in the order they began: released in that order, so runs repeat exactly.
    private var held: [Held] = []
    private var lastID: UInt64 = 0
    /// Sleeps cancelled before they were held (their continuation then ends at once).
    private var cancelled: Set<UInt64> = []
    private var onHold: (@Sendable () -> Void)?

    /// - Parameter holding: whether sleeps are held from the start (the gallery) or really wait
    ///   until `hold()` (a sandbox, which learns its mode only once the runner has read the options).
    public init(holding: Bool = false) {
        self.holding = holding
    }

    /// From now on, sleeps wait until `releaseAll()`.
    public func hold() {
        lock.withLock { holding = true }
    }

    /// How many sleeps are waiting to be released.
    public var heldCount: Int { lock.withLock { held.count } }

    /// Lets every held sleep finish, oldest first; returns how many there were.
    @discardableResult
    public func releaseAll() -> Int {
        let released = lock.withLock {
            defer { held.removeAll() }
            return held
        }
        for sleep in released { sleep.continuation.resume() }
        return released.count
    }

    /// Calls `handler` (on any thread) whenever a sleep starts being held.
    public func whenHolding(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { onHold = handler }
    }

    /// Waits `duration`, or, while the gate holds, until `releaseAll()`. Throws
    /// `CancellationError` when the task is cancelled, held or not.
    public func sleep(for duration: Duration) async throws {
        let id: UInt64? = lock.withLock {
            guard holding else { return nil }
            lastID += 1
            return lastID
        }
        guard let id else {
            try await Task.sleep(for: duration)
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (isHeld, handler) = lock.withLock { () -> (Bool, (@Sendable () -> Void)?) in
                    // Cancelled before it could be held: end at once.
                    if cancelled.remove(id) != nil { return (false, nil) }
                    held.append(Held(id: id, continuation: continuation))
                    return (true, onHold)
                }
                guard isHeld else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                handler?()
            }
        } onCancel: {
            let sleep: Held? = lock.withLock {
                guard let index = held.firstIndex(where: { $0.id == id }) else {
                    cancelled.insert(id)
                    return nil
                }
                return held.remove(at: index)
            }
            sleep?.continuation.resume(throwing: CancellationError())
        }
    }
}
