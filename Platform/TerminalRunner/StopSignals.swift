#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a run ends when told to stop (SIGINT, SIGTERM, SIGHUP), in every mode: the terminal is
/// given back, a change being saved is finished or rolled back (a store waiting for another
/// program's lock stops waiting at once: `RunNotices.isStopping`), what was not saved in the run
/// is said on stderr, and the process exits with 128 + the signal's number (130, 143, 129).
enum StopSignals {
    /// How long a change being saved may take to finish once the run is told to stop.
    static let settleTimeout: Duration = .seconds(3)
    /// How many unsaved changes are named one by one; the rest are counted.
    static let namedChanges = 10

    /// Ends the process for the signal whose exit status is `status`; `restore` runs first.
    static func stop(_ status: Runner.ExitCode, notices: RunNotices, programName: String, restore: () -> Void) -> Never {
        restore()
        let (notSaved, stillBeingSaved) = notices.stop(within: settleTimeout)
        for line in report(status, notSaved: notSaved, stillBeingSaved: stillBeingSaved) + [notices.unsavedSummary].compactMap({ $0 }) {
            Terminal.writeError("\(programName): \(line)\n")
        }
        exit(status.rawValue)
    }

    /// What is said before the count of unsaved changes: nothing when every change was saved.
    static func report(_ status: Runner.ExitCode, notSaved: [String], stillBeingSaved: [String]) -> [String] {
        guard !notSaved.isEmpty || !stillBeingSaved.isEmpty else { return [] }
        let named = notSaved.prefix(namedChanges).map { "  \($0)" }
        let more = notSaved.count > namedChanges ? ["  and \(notSaved.count - namedChanges) more"] : []
        let unsure = stillBeingSaved.map {
            "  still being saved after \(settleTimeout.components.seconds) s, so it may or may not be kept: \($0)"
        }
        return ["\(reason(status)). Not saved in this run:"] + named + more + unsure
    }

    private static func reason(_ status: Runner.ExitCode) -> String {
        switch status {
        case .interrupted: "interrupted (SIGINT)"
        case .hungUp: "the terminal hung up (SIGHUP)"
        default: "terminated (SIGTERM)"
        }
    }
}
