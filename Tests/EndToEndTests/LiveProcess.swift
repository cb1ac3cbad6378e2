import CoreTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A built product running as a child process that a test talks to line by line, reads as
/// it prints, and may kill at any moment.
final class LiveProcess: Sendable {
    private let process: Process
    private let input: FileHandle
    private let output = OutputBuffer()
    private let errors = OutputBuffer()

    init(_ name: String, arguments: [String]) throws {
        process = Process()
        process.executableURL = ProductProcess(name: name).executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        for (pipe, buffer) in [(stdout, output), (stderr, errors)] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                buffer.append(chunk)
                if chunk.isEmpty {
                    // End of file: the process closed its output (it ended).
                    handle.readabilityHandler = nil
                }
            }
        }
        try process.run()
    }

    /// Everything printed so far.
    var text: String { String(decoding: output.bytes, as: UTF8.self) }

    /// Everything printed to stderr before the process ended; call after it ended.
    func finalErrorOutput(timeout: Duration = .seconds(10)) -> String {
        let deadline = ContinuousClock.now + timeout
        while !errors.ended, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.002) }
        return String(decoding: errors.bytes, as: UTF8.self)
    }

    /// The status the process exited with; nil while it runs or when a signal ended it.
    var exitStatus: Int32? {
        process.isRunning || process.terminationReason == .uncaughtSignal ? nil : process.terminationStatus
    }

    func send(_ line: String) {
        try? input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits until the output contains `text`; false when the deadline passes first.
    func waitFor(_ text: String, timeout: Duration = .seconds(60)) async -> Bool {
        await Waiting.until(timeout: timeout, every: .milliseconds(5)) { self.text.contains(text) }
    }

    /// Everything the process printed before it ended; call after it ended (`kill`).
    func finalOutput(timeout: Duration = .seconds(10)) async -> String {
        _ = await Waiting.until(timeout: timeout, every: .milliseconds(2)) { output.ended }
        return text
    }

    /// Whether the process ended because of `signal` (rather than by exiting).
    func wasKilled(by signal: Int32) -> Bool {
        !process.isRunning && process.terminationReason == .uncaughtSignal && process.terminationStatus == signal
    }

    /// Sends `signal` and waits (up to 10 s) for the process to end.
    func kill(_ signal: Int32 = SIGKILL) async {
        #if canImport(Glibc)
            _ = Glibc.kill(process.processIdentifier, signal)
        #else
            _ = Darwin.kill(process.processIdentifier, signal)
        #endif
        _ = await process.exited(within: .seconds(10))
    }

    /// Sends `signal` and goes on: `SIGSTOP` and `SIGCONT` freeze and thaw the program.
    func signal(_ signal: Int32) {
        #if canImport(Glibc)
            _ = Glibc.kill(process.processIdentifier, signal)
        #else
            _ = Darwin.kill(process.processIdentifier, signal)
        #endif
    }

    /// Ends the process if it still runs, without waiting: for a `defer`, which cannot wait.
    func killNow() {
        guard process.isRunning else { return }
        #if canImport(Glibc)
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        #else
            _ = Darwin.kill(process.processIdentifier, SIGKILL)
        #endif
    }

    /// Closes stdin and waits for the process to end on its own; nil (and killed) if it has not
    /// ended after `timeout`.
    func finish(timeout: Duration = .seconds(20)) async -> Int32? {
        try? input.close()
        guard await process.exited(within: timeout) else {
            await kill()
            return nil
        }
        return process.terminationStatus
    }
}

/// What the child printed, filled by the pipe's reader thread. An `NSLock`, which
/// ThreadSanitizer sees on Linux (it does not see inside the standard library's `Mutex`).
private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var isEnded = false

    var bytes: Data { lock.withLock { data } }
    var ended: Bool { lock.withLock { isEnded } }

    /// Adds a chunk; an empty chunk is the end of the output.
    func append(_ chunk: Data) {
        lock.withLock {
            data.append(chunk)
            if chunk.isEmpty { isEnded = true }
        }
    }
}
