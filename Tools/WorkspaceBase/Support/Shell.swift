import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Runs `program` with no input and hands each line of its output (standard output and error
    /// together, as they come) to `eachLine`; returns its status.
    func run(_ program: String, _ arguments: [String], in directory: String, eachLine: (String) -> Void) throws -> Int32
    /// Runs the executable at `path` in this process's place (`execv`): it gets the terminal, the
    /// signals and the exit status. Returns only if that cannot be done (then it throws); test
    /// doubles return the program's status instead.
    func replaceProcess(with path: String, _ arguments: [String]) throws -> Int32
}

extension CommandRunning {
    public func run(_ program: String, _ arguments: [String], in directory: String, eachLine: (String) -> Void) throws -> Int32 {
        let result = try capture(program, arguments, in: directory)
        for line in (result.output + result.errorOutput).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            eachLine(String(line))
        }
        return result.status
    }

    public func replaceProcess(with path: String, _ arguments: [String]) throws -> Int32 {
        try stream(path, arguments, in: FileManager.default.currentDirectoryPath)
    }

    /// Runs a long command (a build) so that a person sees its progress and a log stays quiet: each
    /// line of its output, passed through `rewrite`, goes to standard error as it comes when that is
    /// a terminal. Elsewhere the result keeps the lines, for the caller to show if the command failed.
    /// A line `rewrite` turns into nil is neither shown nor kept.
    public func showingProgress(
        _ program: String, _ arguments: [String], in directory: String, rewrite: (String) -> String? = { $0 }
    ) throws -> CommandResult {
        let terminal = isatty(STDERR_FILENO) == 1
        var output: [String] = []
        let status = try run(program, arguments, in: directory) { line in
            guard let shown = rewrite(line) else { return }
            if terminal {
                FileHandle.standardError.write(Data((shown + "\n").utf8))
            } else {
                output.append(shown)
            }
        }
        return CommandResult(status: status, output: output.map { $0 + "\n" }.joined())
    }
}

public struct CommandError: Error, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Runs programs as child processes, started as `ChildProcess` starts them: in this process's
/// group, with every signal at its default and none blocked, so that Ctrl-C at the terminal
/// stops a build or a test run the tool started together with the tool.
public struct ProcessRunner: CommandRunning, Sendable {
    /// Where a line about a child's wait goes (standard error).
    let tell: @Sendable (String) -> Void

    public init(tell: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.tell = tell
    }

    public func capture(_ program: String, _ arguments: [String], in directory: String) throws -> CommandResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: a pipe that fills up while the other is read would block both sides.
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        let child = try ChildProcess(
            [program] + arguments, input: .null, output: .file(outputFile.path), errors: .file(errorFile.path), directory: directory)
        // SwiftPM lets one command at a time use a build folder and makes another wait, saying so on
        // standard error: said here at once, so that a wait which may be long is never silent.
        var toldOfTheWait = false
        let exit = child.waitForExit(lookingEvery: .milliseconds(500)) {
            guard !toldOfTheWait, let text = try? String(contentsOf: errorFile, encoding: .utf8),
                let line = Self.buildFolderWait(in: text)
            else { return }
            toldOfTheWait = true
            tell("workspace: `\(([program] + arguments).shellQuoted)`: \(line)")
        }
        return CommandResult(
            status: exit.shellStatus,
            output: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
            errorOutput: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
        )
    }

    public func stream(_ program: String, _ arguments: [String], in directory: String) throws -> Int32 {
        try ChildProcess([program] + arguments, input: .inherit, output: .inherit, directory: directory).waitForExit().shellStatus
    }

    public func run(_ program: String, _ arguments: [String], in directory: String, eachLine: (String) -> Void) throws -> Int32 {
        let child = try ChildProcess([program] + arguments, input: .null, output: .pipe, directory: directory)
        guard let output = child.output else { return child.waitForExit().shellStatus }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                eachLine(String(decoding: pending[start..<newline], as: UTF8.self))
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { eachLine(String(decoding: pending, as: UTF8.self)) }
        child.closeOutput()
        return child.waitForExit().shellStatus
    }

    public func replaceProcess(with path: String, _ arguments: [String]) throws -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CommandError("\(path) is not there after its build, or cannot be run")
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        throw CommandError("cannot run \(path): \(reason)")
    }

    /// SwiftPM's line saying it waits for another SwiftPM command using the same build folder.
    static func buildFolderWait(in errorOutput: String) -> String? {
        errorOutput.split(separator: "\n").first { $0.contains("Another instance of SwiftPM") && $0.contains("is already running using") }
            .map(String.init)
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
