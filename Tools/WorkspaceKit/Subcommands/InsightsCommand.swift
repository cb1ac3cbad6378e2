import WorkspaceBase

/// `workspace insights [options]`: the report on the builds the tool recorded; `workspace
/// insights record -- COMMAND…` runs a command and records it. The engines are in Insights/.
struct InsightsCommand: Subcommand {
    static let name = "insights"
    static let summary = """
        how fast each loop is lately against the week before (the builds run, test,
        watch, gallery and new-feature recorded in .build/insights), the slowest modules
        and the edits that recompiled the most; flags a loop slower by more than 20% and
        an edit that reached 3 or more other modules.
        `workspace insights record -- COMMAND…` runs COMMAND (swift build…) and records it
        too; COOKBOOK_INSIGHTS=off records nothing. `workspace insights --help` says more
        """
    static var usage: String { standardUsage + "\n\n" + recordUsage }
    static let options = CommandLineSyntax(
        options: [
            Option.html, Option.threshold, Option.recent, Option.days, Option.minBuilds, Option.wide, Option.store, Option.against,
            Option.failOnSlowdown,
        ],
        exclusive: [Option.json, Option.markdown], arguments: .listThenProgramAfterDoubleDash)

    enum Action {
        case report(InsightsOptions)
        /// The command line after `--`.
        case record([String])
    }

    var action: Action
    var package: PackageOptions

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        package = arguments.package
        switch arguments.positional.first {
        case nil:
            guard arguments.programArguments.isEmpty else {
                throw CommandLineError("insights runs a command only with record: workspace insights record -- swift build")
            }
            action = .report(try InsightsOptions(arguments))
        case "record":
            guard arguments.positional.count == 1, !arguments.programArguments.isEmpty else {
                throw CommandLineError("insights record needs a command after `--`, such as: workspace insights record -- swift build")
            }
            let reportOptions = arguments.flags.union(arguments.values.keys).union(arguments.repeated.keys)
                .subtracting(CommandLineSyntax.packageOptions.map(\.name))
            guard reportOptions.isEmpty else {
                throw CommandLineError(
                    "insights record takes only --package-path and --scratch-path, not \(reportOptions.sorted().joined(separator: ", "))")
            }
            action = .record(arguments.programArguments)
        case let word?:
            throw CommandLineError("insights takes no argument “\(word)”: `workspace insights record -- COMMAND…` records a command")
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        switch action {
        case .report(let options): try report(options, environment)
        case .record(let command): try record(command, environment)
        }
    }
}
