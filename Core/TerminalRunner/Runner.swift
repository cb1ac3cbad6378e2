import Core
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one runner of the app and every sandbox: parses the shared options, builds the
/// session, then drives it from a script, piped input or the line prompt.
public enum Runner {
    public enum ExitCode: Int32 {
        case success = 0
        case scriptFailed = 1
        case usage = 2
        case cannotStart = 3
    }

    /// Runs a program. `makeSession` reads the program's own options; it may throw
    /// `UsageError` (exit 2) or `StartupError` (exit 3).
    @MainActor
    public static func main(
        _ program: ProgramInfo,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        makeSession: (LaunchOptions) async throws -> TabSession
    ) async -> ExitCode {
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(arguments, for: program)
        } catch {
            Terminal.writeError("\(program.name): \(error.message)\n\n\(program.usage)")
            return .usage
        }
        if options.has("--help") {
            Terminal.write(program.usage)
            return .success
        }
        if options.has("--version") {
            Terminal.write("\(program.name) \(program.version)\n")
            return .success
        }

        let session: TabSession
        do {
            session = try await makeSession(options)
        } catch let error as UsageError {
            Terminal.writeError("\(program.name): \(error.message)\n\n\(program.usage)")
            return .usage
        } catch let error as StartupError {
            Terminal.writeError("\(program.name): \(error.message)\n")
            return .cannotStart
        } catch {
            Terminal.writeError("\(program.name): could not start: \(error.localizedDescription)\n")
            return .cannotStart
        }

        let source: LineSource
        if let path = options.value("--script") {
            do {
                source = try .file(path)
            } catch {
                Terminal.writeError("\(program.name): \(error.message)\n")
                return .usage
            }
        } else if Terminal.isInteractive {
            source = .prompt("\(program.name)> ")
        } else {
            source = .standardInput
        }
        await session.start()
        return await ScriptSession(interpreter: ScriptInterpreter(session: session), source: source).run()
    }
}

/// Where command lines come from.
enum LineSource {
    case file(name: String, lines: [String])
    case standardInput
    /// A person at a terminal: errors are shown but do not end the session.
    case prompt(String)

    static func file(_ path: String) throws(UsageError) -> LineSource {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw UsageError("cannot read the script “\(path)”: check that the file exists and is readable")
        }
        return .file(name: path, lines: text.components(separatedBy: .newlines))
    }

    var name: String {
        switch self {
        case .file(let name, _): name
        case .standardInput: "stdin"
        case .prompt: "prompt"
        }
    }

    var isForgiving: Bool {
        if case .prompt = self { return true }
        return false
    }
}

/// Reads lines from a source and runs them, printing the screen as it changes.
@MainActor
struct ScriptSession {
    let interpreter: ScriptInterpreter
    let source: LineSource

    func run() async -> Runner.ExitCode {
        Terminal.write(interpreter.screenText)
        var lineNumber = 0
        var fileLines = source.fileLines
        while let line = nextLine(from: &fileLines) {
            lineNumber += 1
            if !source.isForgiving, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                Terminal.write("\n› \(line)\n")
            }
            do {
                guard let command = try parse(line, at: lineNumber) else { continue }
                switch try await interpreter.execute(command) {
                case .proceed(let showScreen):
                    if showScreen { Terminal.write(interpreter.screenText) }
                case .print(let text):
                    Terminal.write(text)
                case .quit:
                    return .success
                }
            } catch {
                let location = source.isForgiving ? "" : "\(source.name):\(lineNumber): "
                Terminal.writeError("\(location)\(error.message)\n")
                if !source.isForgiving { return .scriptFailed }
            }
        }
        return .success
    }

    private func parse(_ line: String, at lineNumber: Int) throws(CommandFailure) -> ScriptCommand? {
        do {
            return try ScriptCommand.parse(line)
        } catch {
            throw CommandFailure(error.message)
        }
    }

    private func nextLine(from fileLines: inout ArraySlice<String>?) -> String? {
        if fileLines != nil { return fileLines?.popFirst() }
        if case .prompt(let prompt) = source { Terminal.write(prompt) }
        return readLine(strippingNewline: true)
    }
}

extension LineSource {
    var fileLines: ArraySlice<String>? {
        if case .file(_, let lines) = self { return lines[...] }
        return nil
    }
}

/// Standard streams, written unbuffered so output interleaves correctly with errors.
enum Terminal {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
