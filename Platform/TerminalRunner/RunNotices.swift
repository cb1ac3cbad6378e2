import Core

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
    private var failures: [String] = []

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

    public func recordUnsavedChange() {
        lock.withLock { unsaved += 1 }
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
