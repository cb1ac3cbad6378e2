import Core

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

/// The terminal as the full-screen UI needs it, and the promise to give it back.
///
/// `enter()` saves the terminal's settings, switches to raw mode (no echo, no line
/// buffering, no signal keys, no flow control: every key arrives as bytes, Ctrl-C as 0x03)
/// and shows the alternate screen with the cursor hidden. `restore()` undoes all of it and
/// may be called from any thread, any number of times; output written after it is dropped,
/// so a frame drawn late cannot land on the person's shell.
///
/// Every way out restores: the runner's `defer`, `exit()` (an `atexit` hook), the signal
/// handlers `SignalHandlers` installs, and crashes (a handler for SIGSEGV, SIGILL, SIGTRAP,
/// SIGBUS, SIGFPE and SIGABRT that restores, then hands the signal to whoever handled it
/// before, such as Swift's backtracer).
///
/// Signal handlers, the UI's task and the exit hook reach the state from different threads, so it
/// is behind Core's `Locked` (a pthread mutex), which ThreadSanitizer sees on Linux; it cannot see
/// inside the standard library's `Mutex`, and reported these accesses as races.
public final class TerminalMode: Sendable {
    /// The process's own terminal: standard input and output.
    public static let standard = TerminalMode(input: STDIN_FILENO, output: STDOUT_FILENO)

    private struct State: Sendable {
        var original: termios?
        /// The raw settings in use, to put back after a stop.
        var raw: termios?
        var isActive = false
        /// Given back for a stop (SIGTSTP): `resume()` takes it over again.
        var isSuspended = false
    }

    private let input: Int32
    private let output: Int32
    private let state = Locked(State())

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    public var isActive: Bool { state.withLock { $0.isActive } }

    /// Raw mode and the alternate screen. Throws when the input is not a terminal.
    public func enter() throws(StartupError) {
        let entered: Result<Void, StartupError> = state.withLock { state in
            guard !state.isActive else { return .success(()) }
            var original = termios()
            guard tcgetattr(input, &original) == 0 else {
                return .failure(StartupError("cannot read the terminal's settings: \(String(cString: strerror(errno)))"))
            }
            var raw = original
            raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
            raw.c_cflag |= tcflag_t(CS8)
            withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                bytes[Int(VMIN)] = 1
                bytes[Int(VTIME)] = 0
            }
            guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
                return .failure(StartupError("cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))"))
            }
            state.original = original
            state.raw = raw
            state.isActive = true
            state.isSuspended = false
            if self === TerminalMode.standard {
                CrashRestore.arm(settings: original, input: input, output: output, leave: TerminalSequence.leave)
            }
            Self.writeAll(TerminalSequence.enter, to: output)
            return .success(())
        }
        try entered.get()
        if self === TerminalMode.standard { Self.installExitHook() }
    }

    /// Writes to the terminal while the UI is active; dropped after `restore()`.
    public func write(_ text: String) {
        state.withLock { state in
            guard state.isActive else { return }
            Self.writeAll(text, to: output)
        }
    }

    /// Main screen, cursor, autowrap and the original settings back (echo and line
    /// buffering on). Safe to call from any thread, and more than once.
    public func restore() {
        state.withLock { state in
            guard state.isActive else { return }
            state.isActive = false
            Self.writeAll(TerminalSequence.leave, to: output)
            if var original = state.original {
                _ = tcsetattr(input, TCSAFLUSH, &original)
            }
            if self === TerminalMode.standard { CrashRestore.disarm() }
        }
    }

    /// Gives the terminal back for a stop (Ctrl-Z, SIGTSTP) as `restore()` does, remembering
    /// to take it over again in `resume()`. The shell gets its settings and main screen back.
    public func suspend() {
        let wasActive = isActive
        restore()
        if wasActive { state.withLock { $0.isSuspended = true } }
    }

    /// After a stop (SIGCONT): takes the terminal over again if `suspend()` gave it back, or
    /// puts raw mode and the alternate screen back if the process was stopped without being
    /// asked (SIGSTOP), since the shell may have reset the terminal meanwhile. The caller then
    /// repaints the whole frame.
    public func resume() {
        let suspended = state.withLock { state in
            if state.isActive, var raw = state.raw {
                _ = tcsetattr(input, TCSAFLUSH, &raw)
                Self.writeAll(TerminalSequence.enter, to: output)
            }
            return state.isSuspended
        }
        if suspended { try? enter() }
    }

    /// The window size, from the terminal (TIOCGWINSZ); 24×80 when it will not say.
    public func size() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Writes every byte, retrying after interruptions and short writes.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        DescriptorWrite.writeAll(text.utf8, to: descriptor)
    }

    private static let exitHook: Void = {
        atexit { TerminalMode.standard.restore() }
    }()

    private static func installExitHook() { _ = exitHook }
}

/// Puts the terminal back when the process crashes. A crash handler may only call
/// async-signal-safe functions (`write`, `tcsetattr`, `sigaction`), so everything it needs
/// is prepared in plain memory before it is installed, and it is removed on a normal restore.
private enum CrashRestore {
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// Prepared by `arm` before the handlers are installed; read-only while they are.
    private struct Preparation {
        var settings: termios
        var input: Int32
        var output: Int32
        var leave: UnsafeMutablePointer<UInt8>
        var leaveCount: Int
        /// The handler each signal had before, indexed by signal number.
        var previous: UnsafeMutablePointer<sigaction>
    }

    nonisolated(unsafe) private static var preparation: UnsafeMutablePointer<Preparation>?

    /// Called with the terminal's lock held, so never twice at once. Armed again after a
    /// stop, with the settings the terminal had then.
    static func arm(settings: termios, input: Int32, output: Int32, leave: String) {
        if let prepared = preparation {
            prepared.pointee.settings = settings
            installHandlers(saving: prepared.pointee.previous)
            return
        }
        let bytes = Array(leave.utf8)
        let leaveBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        leaveBuffer.initialize(from: bytes, count: bytes.count)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
        previous.initialize(repeating: sigaction(), count: 64)
        let prepared = UnsafeMutablePointer<Preparation>.allocate(capacity: 1)
        prepared.initialize(
            to: Preparation(
                settings: settings, input: input, output: output, leave: leaveBuffer, leaveCount: bytes.count, previous: previous))
        preparation = prepared
        installHandlers(saving: previous)
    }

    /// Puts `crashHandler` on every crash signal, saving the handler each had before.
    private static func installHandlers(saving previous: UnsafeMutablePointer<sigaction>) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_sigaction = crashHandler
        #else
            action.__sigaction_u.__sa_sigaction = crashHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        for signal in signals {
            _ = sigaction(signal, &action, previous + Int(signal))
        }
    }

    /// Gives each signal its previous handler back. The memory stays: a handler already
    /// running on another thread may still read it.
    static func disarm() {
        guard let prepared = preparation else { return }
        for signal in signals {
            _ = sigaction(signal, prepared.pointee.previous + Int(signal), nil)
        }
    }

    /// Restores the terminal, reinstalls the previous handler and hands the signal on: a
    /// fault happens again when the instruction reruns; a signal that was sent (`abort()`,
    /// `kill`) is raised again, and reaches the previous handler once this one returns.
    private static let crashHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        signal, info, _ in
        guard let prepared = CrashRestore.preparation else { return }
        _ = write(prepared.pointee.output, prepared.pointee.leave, prepared.pointee.leaveCount)
        withUnsafeMutablePointer(to: &prepared.pointee.settings) { settings in
            _ = tcsetattr(prepared.pointee.input, TCSANOW, settings)
        }
        _ = sigaction(signal, prepared.pointee.previous + Int(signal), nil)
        // si_code > 0: the kernel raised it for a fault, which happens again on return
        // (except a trap on x86, which returns past the instruction); otherwise it was sent.
        if signal == SIGTRAP || (info?.pointee.si_code ?? 0) <= 0 {
            _ = raise(signal)
        }
    }
}
