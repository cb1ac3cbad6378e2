/// How a script (and the gallery) waits for screens. Each step of work, a screen appearing or
/// handling an event, runs until it is done or until it waits on time the gate holds; then the
/// script looks at the screen. So with the `slow` scenario, `expect "Loading"` sees the loading
/// state, deterministically and without waiting 1.5 s, and `wait` (or any command that acts on
/// the screen) lets time pass until the work is done. Without a gate, or when nothing sleeps on
/// it, a step simply runs to its end, as scripts always did.
@MainActor
public final class ScriptPacer {
    /// The time that steps may wait on; nil when nothing is held (the app).
    public let gate: SleepGate?
    /// Steps whose work has not finished (it waits on held time).
    private var unfinished = 0
    private var waiter: CheckedContinuation<Void, Never>?

    public init(gate: SleepGate? = nil) {
        self.gate = gate
        gate?.whenHolding { [weak self] in
            Task { @MainActor in self?.wake() }
        }
    }

    /// Whether some work is still waiting on held time: `wait` would let it go on.
    public var isWaiting: Bool { unfinished > 0 }

    /// Runs `work` until it is done or waits on held time, whichever comes first.
    public func step(_ work: @escaping @MainActor () async -> Void) async {
        unfinished += 1
        Task {
            await work()
            self.unfinished -= 1
            self.wake()
        }
        await suspend { self.unfinished == 0 || self.isHeld }
    }

    /// Lets held time pass until every step's work is done (what `wait` does).
    public func finish() async {
        while unfinished > 0 {
            gate?.releaseAll()
            await suspend { self.unfinished == 0 || self.isHeld }
        }
    }

    private var isHeld: Bool { (gate?.heldCount ?? 0) > 0 }

    /// Suspends until `condition` holds; rechecked whenever work ends or a sleep is held.
    private func suspend(until condition: () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { waiter = $0 }
        }
    }

    private func wake() {
        let sleeping = waiter
        waiter = nil
        sleeping?.resume()
    }
}
