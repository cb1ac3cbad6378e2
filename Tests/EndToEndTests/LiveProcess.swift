import Foundation
import Synchronization
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

    init(_ name: String, arguments: [String]) throws {
        process = Process()
        process.executableURL = ProductProcess(name: name).executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        input = stdin.fileHandleForWriting
        stdout.fileHandleForReading.readabilityHandler = { [output] handle in
            let chunk = handle.availableData
            output.bytes.withLock { $0.append(chunk) }
        }
        try process.run()
    }

    /// Everything printed so far.
    var text: String { output.bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    func send(_ line: String) {
        try? input.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits until the output contains `text`; false when the deadline passes first.
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if self.text.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return self.text.contains(text)
    }

    func kill(_ signal: Int32 = SIGKILL) {
        #if canImport(Glibc)
        _ = Glibc.kill(process.processIdentifier, signal)
        #else
        _ = Darwin.kill(process.processIdentifier, signal)
        #endif
        process.waitUntilExit()
    }

    /// Closes stdin and waits for the process to end on its own.
    func finish(timeout: Duration = .seconds(20)) -> Int32? {
        try? input.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        guard !process.isRunning else { kill(); return nil }
        return process.terminationStatus
    }
}

/// What the child printed, filled by the pipe's reader thread.
private final class OutputBuffer: Sendable {
    let bytes = Mutex(Data())
}
