import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the full-screen UI's loop waits for.
enum TerminalEvent: Sendable, Equatable {
    /// The keys of one read, in order: a paste comes as a few large batches, drawn once each.
    case keys([Key])
    /// The window changed size (SIGWINCH).
    case resize
    /// The terminal went away (read failed or hit end of file).
    case endOfInput
}

/// Reads a terminal on a thread of its own, so keys keep arriving while screens work,
/// and feeds decoded keys into an `AsyncStream`. A lone Escape is sent after 30 ms of
/// silence (an arrow key's bytes arrive together, well within that).
///
/// Ctrl-C is honoured within `interruptDeadline` whatever the main actor is busy with: the
/// reader raises `isInterrupted` at once (the UI's loop checks it before each key, so it skips
/// the keys still queued before the Ctrl-C), and if the program has not stopped reading by the
/// deadline, it sends itself SIGINT, which restores the terminal and exits with 130 from
/// `SignalHandlers`, as a Ctrl-C in a cooked terminal would.
final class KeyReader: Sendable {
    private let descriptor: Int32
    /// Atomic flags, not a `Mutex`: they guard nothing else, and ThreadSanitizer (which does
    /// not see inside the standard library's `Mutex` on Linux) would report the reader's
    /// checks as a race with `stop()`.
    private let stopped = Atomic(false)
    private let interrupted = Atomic(false)
    /// How long after a Ctrl-C the reader waits for the UI to quit before it sends SIGINT.
    static let interruptDeadline: Duration = .milliseconds(100)
    private let deadline: Duration
    /// What is done when the UI has not quit by the deadline: SIGINT to this process.
    private let interruptProcess: @Sendable () -> Void

    init(
        descriptor: Int32 = STDIN_FILENO, deadline: Duration = interruptDeadline,
        interruptProcess: @escaping @Sendable () -> Void = { kill(getpid(), SIGINT) }
    ) {
        self.descriptor = descriptor
        self.deadline = deadline
        self.interruptProcess = interruptProcess
    }

    /// Whether a Ctrl-C has been read: the UI quits before handling any other key.
    var isInterrupted: Bool { interrupted.load(ordering: .acquiring) }

    func start(_ continuation: AsyncStream<TerminalEvent>.Continuation) {
        // A queue of its own, whose thread the blocking loop holds until `stop()`.
        DispatchQueue(label: "cookbook.keys").async { [self] in
            self.readLoop(continuation)
        }
    }

    /// Ends the loop within 100 ms.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    private func readLoop(_ continuation: AsyncStream<TerminalEvent>.Continuation) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var interruptedAt: ContinuousClock.Instant?
        while !isStopped {
            if let interruptedAt {
                // Nothing more is read after a Ctrl-C: the program is ending.
                if ContinuousClock.now - interruptedAt >= deadline {
                    interruptProcess()
                    break
                }
                usleep(5_000)
                continue
            }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, decoder.hasPending ? 30 : 100)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.endOfInput)
                break
            }
            if ready == 0 {
                let keys = decoder.flush()
                if !keys.isEmpty { continuation.yield(.keys(keys)) }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress, bytes.count)
            }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                continuation.yield(.endOfInput)
                break
            }
            let keys = decoder.decode(buffer[0..<count])
            if keys.contains(.interrupt) {
                interrupted.store(true, ordering: .releasing)
                interruptedAt = .now
            }
            if !keys.isEmpty { continuation.yield(.keys(keys)) }
        }
        continuation.finish()
    }
}

/// The signals a run answers. SIGINT, SIGTERM and SIGHUP, in every mode, restore the terminal,
/// let a change being saved finish or roll back, say what was not saved and exit with 128 + the
/// signal's number (130, 143, 129), whatever the main actor is doing (`StopSignals`). At the
/// full screen, SIGWINCH also reports a resize. SIGTSTP (Ctrl-Z, `kill -TSTP`) gives the terminal back
/// and stops the process; SIGCONT (`fg`) takes it over again and repaints. Each signal's default
/// action is turned off with `signal(_, SIG_IGN)` and a dispatch source receives it instead.
@MainActor
final class SignalHandlers {
    private let queue = DispatchQueue(label: "cookbook.signals")
    private var sources: [any DispatchSourceSignal] = []

    static let exitStatuses: [(signal: Int32, status: Runner.ExitCode)] = [
        (SIGINT, .interrupted),
        (SIGTERM, .terminated),
        (SIGHUP, .hungUp),
    ]

    /// The full screen's: `onRepaint` is called after a resize and after a stop: the whole frame
    /// must be drawn.
    func install(terminal: TerminalMode, notices: RunNotices, programName: String, onRepaint: @escaping @Sendable () -> Void) {
        installStop(notices: notices, programName: programName, restore: { terminal.restore() })
        sources.append(source(for: SIGWINCH, onRepaint))
        sources.append(
            source(for: SIGTSTP) {
                terminal.suspend()
                // SIGSTOP, not SIGTSTP's default action: the kernel drops a SIGTSTP sent to a
                // process group with no parent shell in the session (an "orphaned" one), and the
                // process would run on in a terminal it has just given back.
                kill(getpid(), SIGSTOP)
                // Here once continued (the SIGCONT source repaints).
            })
        sources.append(
            source(for: SIGCONT) {
                terminal.resume()
                onRepaint()
            })
    }

    /// SIGINT, SIGTERM and SIGHUP end the run through `StopSignals.stop`, `restore` first.
    func installStop(notices: RunNotices, programName: String, restore: @escaping @Sendable () -> Void) {
        for (number, status) in Self.exitStatuses {
            sources.append(
                source(for: number) {
                    StopSignals.stop(status, notices: notices, programName: programName, restore: restore)
                })
        }
    }

    /// Stops the process as Ctrl-Z does in other programs (raw mode turns the key into a byte).
    static func suspendProcess() {
        kill(getpid(), SIGTSTP)
    }

    /// Stops listening; the signals keep being ignored until the process ends.
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }

    private func source(for number: Int32, _ handler: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler(handler: handler)
        source.resume()
        return source
    }
}
