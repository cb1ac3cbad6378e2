/// `workspace insights …`: the report on the builds the tool recorded, and `insights record`
/// (Insights/). It reads its own command line (`InsightsOptions.parse`: `--store` may be given
/// more than once; `record` passes what follows `--` on), so its arguments reach it untouched,
/// and it runs as an extension of `WorkspaceCommand`. The members below serve Insights/, which
/// was written against the command line before `Subcommand`; they go once it parses with
/// `ArgumentParser` and its runs take a `CommandEnvironment`.
struct InsightsSubcommand: Subcommand {
    static let name = "insights"
    static let synopsis = "insights [--json | --markdown] [--html FILE] [--threshold PERCENT] [--fail-on-slowdown]"
    static let summary = """
        how fast each loop is lately against the week before (the builds run, test,
        watch, gallery and new-feature recorded in .build/insights), the slowest modules
        and the edits that recompiled the most; flags a loop slower by more than 20%.
        `workspace insights record -- COMMAND…` runs COMMAND (swift build…) and records it
        too; COOKBOOK_INSIGHTS=off records nothing. `workspace insights --help` says more
        """
    static var usage: String { WorkspaceCommand.insightsUsage }
    static let options = OptionSpec(arguments: .unparsed)

    var arguments: [String]

    init(_ arguments: ParsedArguments) {
        self.arguments = arguments.programArguments
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        ExitStatus(try WorkspaceCommand(environment: environment).insights(arguments))
    }
}

extension CommandEnvironment {
    /// A recorder for one build or test run of `command` (nil when recording is off).
    func recorder(
        _ command: String, loop: BuildRecord.Loop, target: String?, arguments: [String], workspace: Workspace, manifest: Manifest?
    ) -> BuildRecorder? {
        WorkspaceCommand(environment: self).recorder(
            command, loop: loop, target: target, arguments: arguments, context: workspace, manifest: manifest)
    }
}

extension WorkspaceCommand {
    typealias UsageError = WorkspaceKit.UsageError
    typealias Context = Workspace

    /// The package options of a command line Insights/ read itself.
    struct Arguments {
        var values: [String: String] = [:]
    }

    init(environment: CommandEnvironment) {
        self.environment = environment
    }

    var runner: any CommandRunning { environment.runner }
    var currentDirectory: String { environment.currentDirectory }
    var defaultPackageRoot: String? { environment.defaultPackageRoot }

    func write(_ text: String) {
        environment.write(text)
    }

    func writeError(_ text: String) {
        environment.writeError(text)
    }
}

extension Workspace {
    init(_ arguments: WorkspaceCommand.Arguments, currentDirectory: String, defaultRoot: String?, runner: any CommandRunning) throws {
        let environment = CommandEnvironment(
            runner: runner, currentDirectory: currentDirectory, defaultPackageRoot: defaultRoot, write: { _ in }, writeError: { _ in })
        self = try environment.workspace(
            PackageOptions(packagePath: arguments.values["--package-path"], scratchPath: arguments.values["--scratch-path"]))
    }
}

extension UsageError {
    init(message: String) {
        self.init(message)
    }
}
