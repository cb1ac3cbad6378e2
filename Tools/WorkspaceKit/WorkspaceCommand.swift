import Foundation
import WorkspaceBase

/// The `workspace` command line: finds the subcommand named first, lets it parse and check the
/// rest, runs it, and returns the exit status. Output goes through `write`/`writeError` so tests
/// can capture it.
public struct WorkspaceCommand {
    /// Every subcommand, in the order `workspace help` lists them. Adding one is a file in
    /// Subcommands/ (a type conforming to `Subcommand`) and its line here.
    static var subcommands: [any Subcommand.Type] {
        [
            RunCommand.self,
            NewFeatureCommand.self,
            TestCommand.self,
            CheckCommand.self,
            SpecCommand.self,
            RecipesCommand.self,
            FoldingCommand.self,
            GraphCommand.self,
            AffectedCommand.self,
            GalleryCommand.self,
            WatchCommand.self,
            CassetteCommand.self,
            InsightsCommand.self,
            HelpCommand.self,
        ]
    }

    var environment: CommandEnvironment

    /// Whether the builds and tests it runs are recorded in the build insights (`BuildRecorder`).
    public var recordsBuilds: Bool {
        get { environment.recordsBuilds }
        set { environment.recordsBuilds = newValue }
    }

    public init(
        runner: any CommandRunning = ProcessRunner(),
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        defaultPackageRoot: String? = nil,
        write: @escaping (String) -> Void = { text in FileHandle.standardOutput.write(Data((text + "\n").utf8)) },
        writeError: @escaping (String) -> Void = { message in FileHandle.standardError.write(Data((message + "\n").utf8)) },
        progressTerminal: ProgressTerminal? = nil
    ) {
        // Whatever the command writes first erases the progress line, which is drawn again below it.
        environment = CommandEnvironment(
            runner: runner, currentDirectory: currentDirectory, defaultPackageRoot: defaultPackageRoot,
            write: { text in
                progressTerminal?.clear()
                write(text)
            },
            writeError: { text in
                progressTerminal?.clear()
                writeError(text)
            })
        environment.progressTerminal = progressTerminal
    }

    /// The subcommand called `name`.
    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    /// The usage error for a first word that names no subcommand: it lists them.
    static func unknownCommand(_ name: String) -> CommandLineError {
        let names = subcommands.map { $0.name }.joined(separator: ", ")
        return CommandLineError(
            name.hasPrefix("-")
                ? "the command comes first, then its options: workspace <command> [options]; commands: \(names)"
                : "unknown command “\(name)”; commands: \(names)")
    }

    /// Runs the command line (without the program name). With no subcommand, or `--help`, it
    /// prints the usage, which lists the subcommands; an unknown one is a usage error.
    public func run(_ arguments: [String]) -> Int32 {
        do {
            guard let name = arguments.first, name != "-h", name != "--help" else {
                environment.write(Self.usage)
                return ExitStatus.success.rawValue
            }
            guard let type = Self.subcommand(named: name) else { throw Self.unknownCommand(name) }
            guard let subcommand = try type.parse(Array(arguments.dropFirst())) else {
                environment.write(type.usage)
                return ExitStatus.success.rawValue
            }
            return try subcommand.run(environment).rawValue
        } catch let error as CommandLineError {
            environment.writeError("workspace: \(error.message)\nRun `workspace help` for usage.")
            return ExitStatus.usage.rawValue
        } catch {
            environment.writeError("workspace: error: \(error)")
            return ExitStatus.failure.rawValue
        }
    }

    /// `workspace help`: every subcommand's synopsis and summary, then the options they share.
    static var usage: String {
        let commands = subcommands.map { command in
            let summary = command.summary.split(separator: "\n", omittingEmptySubsequences: false)
            let indent = String(repeating: " ", count: 14)
            // A short synopsis has its summary beside it, as `help` and `check` do.
            if command.synopsis.count <= 10, let first = summary.first {
                let padded = command.synopsis.padding(toLength: 12, withPad: " ", startingAt: 0)
                return (["  " + padded + first] + summary.dropFirst().map { indent + $0 }).joined(separator: "\n")
            }
            return (command.synopsisLines(after: "  ") + summary.map { indent + $0 }).joined(separator: "\n")
        }
        return """
            usage: workspace <command> [options]

            Tooling for the Cookbook workspace: Tools/workspace <command>, from any folder (or
            swift run workspace <command>, which first plans every target of the workspace).
            `workspace help <command>` (or `workspace <command> --help`) says more about one.

            commands:
            \(commands.joined(separator: "\n"))

            options:
              --package-path DIR   the package (default: the one Tools/workspace is in; with swift run,
                                   the nearest folder above with a Package.swift)
              --scratch-path DIR   the build folder (default .build): passed on to `swift package
                                   dump-package`, and run, test, watch and gallery build there

            exit status: 0 success, 1 rule broken or command failed, 2 bad command line (an unknown
            command among them), 3 a web API that cassette verify asks did not answer
            """
    }
}
