import Core
import DataFormats

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

/// The one runner of the app and every sandbox: parses the shared options, builds the
/// session, opens `--open LINK`, then drives the session from a script (`--script FILE`
/// or piped input) or, at a terminal, with the full-screen UI.
public enum Runner {
    /// The exit statuses, listed in `ProgramInfo.usage` and docs/terminal.md.
    public enum ExitCode: Int32, Sendable {
        case success = 0
        case scriptFailed = 1
        case usage = 2
        case cannotStart = 3
        /// The run ended with changes that were not saved (kept in memory only, or refused by the store).
        case unsavedChanges = 4
        /// Standard output could not be written (closed, or its disk full): what the run showed is lost.
        case outputLost = 5
        /// SIGHUP, or the terminal went away: 128 + 1.
        case hungUp = 129
        /// Ctrl-C or SIGINT: 128 + 2.
        case interrupted = 130
        /// SIGTERM: 128 + 15.
        case terminated = 143
    }

    /// How a run is driven, from the options and whether the streams are terminals.
    enum Mode: Equatable {
        /// Commands from `--script FILE`.
        case scriptFile(String)
        /// Commands from piped (or redirected) standard input.
        case standardInput
        /// Keys, on a full screen: standard input and output are both terminals.
        case fullScreen
        /// Commands typed at a terminal while output goes elsewhere (`cookbook | tee log`), or
        /// to a terminal that cannot draw a full screen (`TERM=dumb`): a mistake is reported,
        /// not fatal.
        case typedLines

        static func choose(scriptPath: String?, inputIsTerminal: Bool, outputIsTerminal: Bool, canDrawFullScreen: Bool = true) -> Mode {
            if let scriptPath { return .scriptFile(scriptPath) }
            guard inputIsTerminal else { return .standardInput }
            return outputIsTerminal && canDrawFullScreen ? .fullScreen : .typedLines
        }

        /// Whether the terminal `TERM` names can move the cursor and switch screens: not when
        /// it is unset, empty or `dumb` (Emacs' shell, some CI logs), which would print every
        /// sequence as text.
        static func canDrawFullScreen(environment: [String: String]) -> Bool {
            guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
            return true
        }
    }

    /// Runs a program. `makeRoot` reads the program's own options and builds what runs: the
    /// app's coordinator, or a `TabBar` that is its own; it may throw `UsageError` (exit 2)
    /// or `StartupError` (exit 3). `time` is the gate the program's clock sleeps through, if any:
    /// a script holds it (see `ScriptPacer`), the full screen does not. `gallery`, when given,
    /// adds `--gallery`: print the program's part of the screen gallery and exit (1 when it has
    /// problems). Output that could not be written ends the run with `outputLost`, said on
    /// stderr (`StandardOutput`).
    @MainActor
    public static func main(
        _ program: ProgramInfo,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        time: SleepGate? = nil,
        gallery: GalleryRenderer? = nil,
        makeRoot: (LaunchOptions) async throws -> any RootCoordinator
    ) async -> ExitCode {
        StandardOutput.begin()
        let status = await run(program, arguments: arguments, time: time, gallery: gallery, makeRoot: makeRoot)
        return StandardOutput.finish(status, programName: program.name)
    }

    @MainActor
    private static func run(
        _ program: ProgramInfo, arguments: [String], time: SleepGate?, gallery: GalleryRenderer?,
        makeRoot: (LaunchOptions) async throws -> any RootCoordinator
    ) async -> ExitCode {
        var withGallery = program
        if gallery != nil { withGallery.options.append(GalleryRenderer.option) }
        let program = withGallery
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

        if let gallery, options.has(GalleryRenderer.option.name) {
            do {
                let report = try await gallery.render(scenarioName: options.value("--scenario"))
                Terminal.write(String(decoding: report.encoded(), as: UTF8.self))
                return report.problems.isEmpty ? .success : .scriptFailed
            } catch {
                Terminal.writeError("\(program.name): \(error.message)\n\n\(program.usage)")
                return .usage
            }
        }

        let width: Int?
        do {
            width = try options.value("--width").map { text throws(UsageError) in try ScreenWidth.parse(text) } ?? nil
        } catch {
            Terminal.writeError("\(program.name): --width: \(error.message)\n")
            return .usage
        }

        // A bad link is a bad command line: refuse it before anything starts.
        let link: (any ScreenDescriptor)?
        if let text = options.value("--open") {
            do {
                link = try DeepLinks.descriptor(from: text)
            } catch {
                Terminal.writeError("\(program.name): \(error.description)\n")
                return .usage
            }
        } else {
            link = nil
        }

        let mode = Mode.choose(
            scriptPath: options.value("--script"), inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            canDrawFullScreen: Mode.canDrawFullScreen(environment: ProcessInfo.processInfo.environment))
        let source: LineSource?
        switch mode {
        case .scriptFile(let path):
            do {
                source = try .file(path)
            } catch {
                Terminal.writeError("\(program.name): \(error.message)\n")
                return .usage
            }
        case .standardInput: source = .standardInput
        case .typedLines: source = .prompt("\(program.name)> ")
        case .fullScreen: source = nil
        }
        // In a script, time passes when the script says so: loading states can be seen and asserted.
        if source != nil { time?.hold() }

        let root: any RootCoordinator
        do {
            root = try await makeRoot(options)
        } catch let error as UsageError {
            Terminal.writeError("\(program.name): \(error.message)\n\n\(program.usage)")
            return .usage
        } catch let error as StartupError {
            Terminal.writeError("\(program.name): \(error.message)\n")
            return .cannotStart
        } catch {
            Terminal.writeError("\(program.name): could not start: \(error.inWords)\n")
            return .cannotStart
        }

        // Screens' stacks hold their coordinators weakly: the root owns them, and lives as long as the run.
        defer { withExtendedLifetime(root) {} }
        let tabBar = root.tabBar

        // What the program found while starting (the store's warnings) is said before any screen.
        let notices = tabBar.notices
        let toStandardError: @Sendable (String) -> Void = { Terminal.writeError("\(program.name): \($0)\n") }
        notices.deliver(to: toStandardError)

        let report = options.value("--report-screen").map(ScreenReport.init(path:))
        let startup: @MainActor () async -> Void = {
            await root.start()
            if let link { await root.open(link) }
            report?.update(tabBar)
        }
        guard let source else {
            let colour = ColorSupport.isEnabled(environment: ProcessInfo.processInfo.environment)
            let toldBefore = notices.warnings.count
            let status = await InteractiveSession(programName: program.name, tabBar: tabBar, terminal: .standard, colour: colour).run {
                await startup()
                report?.keepUpdating(tabBar)
            }
            report?.stopUpdating()
            // Shown on the status line meanwhile; said again where they stay readable.
            for warning in notices.warnings.dropFirst(toldBefore) { toStandardError(warning) }
            notices.deliver(to: toStandardError)
            return finish(status, notices: notices, program: program)
        }
        // Told to stop, a script's run lets a change being saved finish or roll back, and says what was not saved.
        let signals = SignalHandlers()
        signals.installStop(notices: notices, programName: program.name, restore: {})
        defer { signals.cancel() }
        let pacer = ScriptPacer(gate: time)
        await pacer.step(startup)
        let status = await ScriptSession(
            interpreter: ScriptInterpreter(tabBar: tabBar, pacer: pacer, width: width), source: source, report: report
        )
        .run()
        return finish(status, notices: notices, program: program)
    }

    /// A run that leaves changes unsaved says how many and, unless something else went wrong
    /// first, exits with `unsavedChanges`: success is never reported for work that was not kept.
    static func finish(_ status: ExitCode, notices: RunNotices, program: ProgramInfo) -> ExitCode {
        guard let summary = notices.unsavedSummary else { return status }
        Terminal.writeError("\(program.name): \(summary)\n")
        return status == .success ? .unsavedChanges : status
    }
}

/// Where command lines come from.
enum LineSource {
    case file(name: String, lines: [String])
    case standardInput
    /// A person typing at a terminal: errors are shown but do not end the session.
    /// The prompt goes to standard error, so output can be piped.
    case prompt(String)

    /// A script file's lines. What is wrong with a file that cannot be used is said in words:
    /// missing, a folder, not readable, or not UTF-8 text (with where).
    static func file(_ path: String) throws(UsageError) -> LineSource {
        let data: Data
        do {
            data = try FileContents.read(atPath: path)
        } catch {
            throw UsageError("cannot read the script “\(path)”: \(error.inWords). Check the path and its permissions.")
        }
        if let invalid = UTF8Check.firstInvalidByte(in: data) {
            throw UsageError(
                "the script “\(path)” is not UTF-8 text: the byte 0x\(invalid.byte < 0x10 ? "0" : "")\(String(invalid.byte, radix: 16, uppercase: true)) at line \(invalid.line), column \(invalid.column) (\(path):\(invalid.line):\(invalid.column)) is not UTF-8. Save the file as UTF-8."
            )
        }
        let lines = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if let long = lines.firstIndex(where: { $0.utf8.count > ScriptCommand.maximumLineBytes }) {
            let number = long + 1
            throw UsageError(
                "the script “\(path)” cannot be used: line \(number) (\(path):\(number)) is too long: \(ScriptCommand.tooLong(bytes: lines[long].utf8.count))."
            )
        }
        return .file(name: path, lines: lines.map(String.init))
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

/// Where a text stops being UTF-8.
enum UTF8Check {
    /// The first byte that is not part of valid UTF-8, with its line and column (both from 1;
    /// columns count characters); nil for valid UTF-8.
    static func firstInvalidByte(in data: Data) -> (byte: UInt8, line: Int, column: Int)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                return nil
            case .error:
                let before = data.prefix(offset)
                let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
                let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
                return (data[data.startIndex + offset], before.count(where: { $0 == 0x0A }) + 1, column)
            }
        }
    }
}

/// Reads lines from a source and runs them, printing the screen as it changes.
@MainActor
struct ScriptSession {
    let interpreter: ScriptInterpreter
    let source: LineSource
    /// `--report-screen`: written after every command, the only time screens change here.
    var report: ScreenReport? = nil

    func run() async -> Runner.ExitCode {
        Terminal.write(interpreter.screenText)
        var lineNumber = 0
        var fileLines = source.fileLines
        // What the run must not pass over (a request a strict cassette has no answer for) fails the
        // script at the command during which it happened, as a failed `expect` would.
        func failed(whileStarting: Bool = false) -> Bool {
            let failures = interpreter.tabBar.notices.takeFailures()
            guard !failures.isEmpty else { return false }
            let location = source.isForgiving ? "" : whileStarting ? "\(source.name): while starting: " : "\(source.name):\(lineNumber): "
            for failure in failures { Terminal.writeError("\(location)\(failure)\n") }
            return !source.isForgiving
        }
        if failed(whileStarting: true) { return .scriptFailed }
        var reader = ScriptLineReader()
        while let next = nextLine(from: &fileLines, reader: &reader) {
            lineNumber += 1
            guard case .text(let line) = next else {
                if case .tooLong(let bytes) = next {
                    Terminal.writeError(
                        "\(source.isForgiving ? "" : "\(source.name):\(lineNumber): ")\(ScriptCommand.tooLong(bytes: bytes))\n")
                }
                if source.isForgiving { continue }
                return .scriptFailed
            }
            if !source.isForgiving, !line.trimmingWhitespace.isEmpty {
                Terminal.write("\n› \(line)\n")
            }
            do {
                guard let command = try parse(line, at: lineNumber) else { continue }
                let outcome = try await interpreter.execute(command)
                report?.update(interpreter.tabBar)
                switch outcome {
                case .proceed(let showScreen):
                    if showScreen { Terminal.write(interpreter.screenText) }
                case .print(let text):
                    Terminal.write(text)
                case .quit:
                    await interpreter.pacer.finish()
                    return failed() ? .scriptFailed : .success
                }
                if failed() { return .scriptFailed }
            } catch {
                let location = source.isForgiving ? "" : "\(source.name):\(lineNumber): "
                Terminal.writeError("\(location)\(error.message)\n")
                if !source.isForgiving { return .scriptFailed }
            }
        }
        // What the last command started (a save the slow scenario holds) is done before the end.
        await interpreter.pacer.finish()
        return failed() ? .scriptFailed : .success
    }

    private func parse(_ line: String, at lineNumber: Int) throws(CommandFailure) -> ScriptCommand? {
        do {
            return try ScriptCommand.parse(line)
        } catch {
            throw CommandFailure(error.message)
        }
    }

    private func nextLine(from fileLines: inout ArraySlice<String>?, reader: inout ScriptLineReader) -> ScriptLineReader.Line? {
        if fileLines != nil { return fileLines?.popFirst().map(ScriptLineReader.Line.text) }
        if case .prompt(let prompt) = source { Terminal.writeError(prompt) }
        return reader.next()
    }
}

extension LineSource {
    var fileLines: ArraySlice<String>? {
        if case .file(_, let lines) = self { return lines[...] }
        return nil
    }
}

/// Standard output and error, written unbuffered so output interleaves correctly with errors.
/// Every text goes through `TerminalText` first (line breaks kept): whatever it quotes (a
/// script line, a recipe title, a path) cannot drive the terminal.
public enum Terminal {
    /// A failure is kept for the end of the run (`StandardOutput`).
    public static func write(_ text: String) {
        let bytes = TerminalText.safe(text, keepingLineBreaks: true).utf8
        if let error = DescriptorWrite.writeAll(bytes, to: STDOUT_FILENO) { StandardOutput.failed(error, writing: bytes.count) }
    }

    public static func writeError(_ text: String) {
        DescriptorWrite.writeAll(TerminalText.safe(text, keepingLineBreaks: true).utf8, to: STDERR_FILENO)
    }
}
