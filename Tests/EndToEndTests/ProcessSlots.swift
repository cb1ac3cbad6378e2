import Foundation

/// How many programs the tests run at once. Swift Testing starts every test together; a hundred
/// programs started at the same moment on two cores would each take a hundred times as long and
/// pass their deadlines. A `ProductProcess` takes a slot before it starts its program, and its
/// deadline counts from then, so it measures the program, not the queue.
actor ProcessSlots {
    static let shared = ProcessSlots(width: 2 * max(1, ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        free = width
    }

    /// Waits for a free slot and takes it.
    func take() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Gives a slot back, from anywhere (a `defer`).
    nonisolated func release() {
        Task { await give() }
    }

    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
