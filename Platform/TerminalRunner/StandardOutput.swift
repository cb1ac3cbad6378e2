import Core

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether standard output takes what the run writes. A run whose output is closed (`>&-`) or
/// on a full device (`>/dev/full`) still does what it is told, but must not end as if all were
/// well: the first error is kept, said on stderr at the end, and the run exits with
/// `Runner.ExitCode.outputLost` (5) unless it already failed otherwise.
public enum StandardOutput {
    private static let state = State()

    /// At the start of a run: forgets an earlier run's failure (tests run several in one
    /// process), and puts /dev/null in place of a closed standard stream, so that the next file
    /// opened (the database, the event log) never gets its number and screens are never written
    /// into it. A closed standard output counts as a failure to write.
    static func begin() {
        state.reset()
        for (stream, mode) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_WRONLY), (STDERR_FILENO, O_WRONLY)]
        where fcntl(stream, F_GETFD) == -1 {
            let placeholder = open("/dev/null", mode)
            if placeholder >= 0, placeholder != stream {
                dup2(placeholder, stream)
                close(placeholder)
            }
            if stream == STDOUT_FILENO { state.record(EBADF, bytes: 0) }
        }
    }

    /// A write of `count` bytes failed with `error` (an `errno`).
    static func failed(_ error: Int32, writing count: Int) {
        state.record(error, bytes: count)
    }

    /// The run's status, once a failure to write is said: `outputLost` where it would have been 0.
    static func finish(_ status: Runner.ExitCode, programName: String) -> Runner.ExitCode {
        guard let (error, bytes) = state.failure else { return status }
        let why =
            switch error {
            case EBADF: "it is closed"
            case ENOSPC, EDQUOT: "its disk is full"
            default: String(cString: strerror(error))
            }
        let lost = bytes == 0 ? "" : " (\(bytes) bytes)"
        Terminal.writeError(
            "\(programName): standard output could not be written: \(why). What this run showed is lost\(lost); what it did is done. Send the output somewhere it can be written (a file on a disk with space, a pipe, the terminal).\n"
        )
        return status == .success ? .outputLost : status
    }

    /// The first error and the bytes lost since, behind a lock: the key thread and the main actor both write.
    private final class State: @unchecked Sendable {
        private let lock = Lock()
        private var error: Int32?
        private var bytes = 0

        var failure: (Int32, Int)? { lock.withLock { error.map { ($0, bytes) } } }

        func record(_ error: Int32, bytes count: Int) {
            lock.withLock {
                if self.error == nil { self.error = error }
                bytes += count
            }
        }

        func reset() {
            lock.withLock {
                error = nil
                bytes = 0
            }
        }
    }
}
