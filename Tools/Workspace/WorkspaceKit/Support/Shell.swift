import Foundation

/// What a finished command printed and how it ended.
public struct CommandResult: Sendable, Equatable {
    public var status: Int32
    public var output: String
    public var errorOutput: String

    public init(status: Int32, output: String = "", errorOutput: String = "") {
        self.status = status
        self.output = output
        self.errorOutput = errorOutput
    }

    public var succeeded: Bool { status == 0 }
}

/// Runs other programs (`git`, `swift`). Tests replace it with canned answers.
public protocol CommandRunning {
    /// Runs `program` (looked up on PATH) in `directory` and collects its output.
    func capture(_ program: String, _ arguments: [String], in directory: String) throws -> CommandResult
    /// Runs `program` with this process's standard input, output and error, and returns its status.
    func stream(_ program: String, _ arguments: [String], in directory: String) throws -> Int32
}

public struct CommandError: Error, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Runs programs as child processes.
public struct ProcessRunner: CommandRunning {
    public init() {}

    public func capture(_ program: String, _ arguments: [String], in directory: String) throws -> CommandResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: a pipe that fills up while the other is read would block both sides.
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        let errorOutput = try FileHandle(forWritingTo: errorFile)
        defer {
            try? output.close()
            try? errorOutput.close()
        }
        let process = makeProcess(program, arguments, in: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errorOutput
        do {
            try process.run()
        } catch {
            throw CommandError("cannot run \(program): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            output: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
            errorOutput: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
        )
    }

    public func stream(_ program: String, _ arguments: [String], in directory: String) throws -> Int32 {
        let process = makeProcess(program, arguments, in: directory)
        do {
            try process.run()
        } catch {
            throw CommandError("cannot run \(program): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func makeProcess(_ program: String, _ arguments: [String], in directory: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        return process
    }
}

extension Array where Element == String {
    /// The arguments as a shell would need them quoted, for messages: `swift test --filter '^(A|B)\.'`.
    public var shellQuoted: String {
        map { argument in
            let safe = !argument.isEmpty && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }
            return safe ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
