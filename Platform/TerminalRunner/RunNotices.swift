import Core

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a run must tell the person besides its screens. The app fills it in; a sandbox's stays
/// empty.
///
/// - `banner`: a condition that lasts, such as "changes are not being saved", drawn above every
///   screen in both modes, so that it cannot scroll away or hide behind the full screen.
/// - `warn(_:)`: a problem found while running (a stored row that cannot be read, an event log
///   that cannot be written), told once: on stderr in script mode; in full screen on the status
///   line, and on stderr again once the terminal is given back.
/// - `recordUnsavedChange()`: a change the person made that is not kept (stored in memory only,
///   or refused by the store). A run that ends with any says how many and exits with status 4,
///   so a script never reports success for changes it did not save.
///
/// - `beginChange(_:)` / `endChange(_:)`: a change being saved, so that a program told to stop
///   (SIGTERM, SIGHUP, SIGINT) lets it finish or roll back first, and starts no other
///   (`isStopping`; see `StopSignals`).
///
/// - `fail(_:)`: something a script must not pass over, such as a request a strict cassette has
///   no answer for: the script stops at the command during which it happened, naming its line,
///   and exits 1. The full screen has shown it already, on the screen that asked.
///
/// Stores and loggers report from their own threads, so the state is behind a lock (Core's `Lock`,
/// which ThreadSanitizer sees on Linux).
public final class RunNotices: @unchecked Sendable {
    private let lock = Lock()
    private var bannerText: String?
    private var told: [String] = []
    private var delivered = 0
    private var listener: (@Sendable (String) -> Void)?
    private var unsaved = 0
    /// What each change not kept was, and why, where the store said.
    private var unsavedDescriptions: [String] = []
    private var failures: [String] = []
    private var stopping = false
    private var changesBeingSaved: [Int: String] = [:]
    private var changesBegun = 0

    public init(banner: String? = nil) {
        bannerText = banner
    }

    /// Shown above every screen while it is set.
    public var banner: String? {
        get { lock.withLock { bannerText } }
        set { lock.withLock { bannerText = newValue } }
    }

    /// Tells the person about a problem, once: the same text again is not repeated.
    public func warn(_ message: String) {
        let deliver: (@Sendable (String) -> Void)? = lock.withLock {
            guard !told.contains(message) else { return nil }
            told.append(message)
            guard let listener else { return nil }
            delivered = told.count
            return listener
        }
        deliver?(message)
    }

    /// Every warning told so far, in order.
    public var warnings: [String] { lock.withLock { told } }

    /// A change not kept; `what` says which and why (“adding “milk” to the shopping list: …”).
    public func recordUnsavedChange(_ what: String? = nil) {
        lock.withLock {
            unsaved += 1
            if let what { unsavedDescriptions.append(what) }
        }
    }

    /// True once the program is told to stop: a store gives up waiting for a lock, and no change starts.
    public var isStopping: Bool { lock.withLock { stopping } }

    /// A change `what` is about to be saved: returns its token for `endChange`, or nil when the
    /// program is stopping (the change must not start).
    public func beginChange(_ what: String) -> Int? {
        lock.withLock {
            guard !stopping else { return nil }
            changesBegun += 1
            changesBeingSaved[changesBegun] = what
            return changesBegun
        }
    }

    /// The change is saved, or failed (and was recorded as not saved).
    public func endChange(_ token: Int) {
        lock.withLock { _ = changesBeingSaved.removeValue(forKey: token) }
    }

    /// Tells the program to stop, then waits up to `timeout` for the changes being saved to be
    /// saved or rolled back (a store gives up waiting for a lock once `isStopping`). Returns what
    /// was not saved in this run and what is still being saved. Blocks: call it from a thread of
    /// its own (a signal handler's queue), never from Swift's cooperative pool.
    func stop(within timeout: Duration) -> (notSaved: [String], stillBeingSaved: [String]) {
        lock.withLock { stopping = true }
        let deadline = ContinuousClock.now + timeout
        while lock.withLock({ !changesBeingSaved.isEmpty }), ContinuousClock.now < deadline {
            usleep(5_000)
        }
        return lock.withLock { (unsavedDescriptions, changesBeingSaved.sorted { $0.key < $1.key }.map(\.value)) }
    }

    /// Records what a script must fail on; the script reads it with `takeFailures()`.
    public func fail(_ message: String) {
        lock.withLock { failures.append(message) }
    }

    /// The failures recorded since the last call, in order, each once.
    func takeFailures() -> [String] {
        lock.withLock {
            defer { failures = [] }
            var seen = Set<String>()
            return failures.filter { seen.insert($0).inserted }
        }
    }

    /// How many changes made in this run are not kept.
    public var unsavedChanges: Int { lock.withLock { unsaved } }

    /// Hands every warning not yet delivered to `listener`, then each new one as it comes.
    /// With nil, warnings wait for the next listener.
    func deliver(to listener: (@Sendable (String) -> Void)?) {
        let waiting: [String] = lock.withLock {
            self.listener = listener
            guard listener != nil else { return [] }
            defer { delivered = told.count }
            return Array(told.dropFirst(delivered))
        }
        for message in waiting { listener?(message) }
    }

    /// What to say at the end of a run that leaves changes unsaved; nil when there are none.
    var unsavedSummary: String? {
        let count = unsavedChanges
        guard count > 0 else { return nil }
        let changes = count == 1 ? "1 change made in this run was" : "\(count) changes made in this run were"
        return "\(changes) not saved."
    }
}
