import CoreTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Process {
    /// Waits for the process to end; false if it is still running after `timeout`.
    func exited(within timeout: Duration) async -> Bool {
        await Waiting.until(timeout: timeout) { !isRunning }
    }

    /// Ends the process with SIGKILL and waits (up to 10 s) for it to be gone. Not SIGTERM: on Linux,
    /// Foundation starts a child with most signals blocked, SIGTERM among them, so a child that does
    /// not unblock it would never end.
    func stop() async {
        guard isRunning else { return }
        kill(processIdentifier, SIGKILL)
        _ = await exited(within: .seconds(10))
    }
}

/// SwiftPM lets one command at a time use a build folder and makes any other wait for it, saying
/// so once on standard error. A test runs inside `swift test`, which holds the package's build
/// folder until every test has run: a child of a test that runs SwiftPM on that package would
/// wait forever. A child that says it waits fails its test at once, in these words.
enum BuildFolderLock {
    static let waitingLine = "is already running using"

    static func isWaiting(in errorOutput: String) -> Bool {
        errorOutput.contains("Another instance of SwiftPM") && errorOutput.contains(waitingLine)
    }

    static func explanation(of command: String, errorOutput: String) -> String {
        """
        \(command) waits for SwiftPM's lock on a build folder that `swift test` holds until every test has run, \
        so it would wait forever. Give the command a copy of the package or a build folder of its own \
        (`--scratch-path`). It said:
        \(errorOutput.suffix(600))
        """
    }
}
