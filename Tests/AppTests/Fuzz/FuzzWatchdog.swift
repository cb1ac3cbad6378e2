import Foundation

/// One awaited step: whichever of its body and the watchdog finishes first resumes the
/// waiting fuzzer, once.
@MainActor
final class Race {
    let deadline: ContinuousClock.Instant
    var continuation: CheckedContinuation<Bool, Never>?

    init(deadline: ContinuousClock.Instant) {
        self.deadline = deadline
    }

    func finish(_ value: Bool) {
        continuation?.resume(returning: value)
        continuation = nil
    }
}

/// Ends the step being awaited when it passes its deadline: one timer for the whole run
/// rather than one per step. It wakes on the main actor, so it ends a step that waits forever
/// (a hang), not one spinning on the actor: that stalls the run, and the seed printed at the
/// start of the run is what repeats it.
@MainActor
final class Watchdog {
    private weak var race: Race?
    private var timer: Task<Void, Never>?

    func watch(_ race: Race) {
        self.race = race
        guard timer == nil else { return }
        timer = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                guard let self else { return }
                if let race = self.race, ContinuousClock.now > race.deadline { race.finish(false) }
            }
        }
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }
}
