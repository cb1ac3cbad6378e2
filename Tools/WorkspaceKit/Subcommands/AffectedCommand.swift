import WorkspaceBase
import WorkspaceFocus

/// `workspace affected`: the targets a change affects and the tests to run, by the module graph
/// and what each suite declares it reads.
struct AffectedCommand: Subcommand {
    static let name = "affected"
    static let summary = """
        list the targets a change affects and the tests to run, by the module graph and by
        what each suite declares it reads (the programs it starts, the repository files it
        reads: docs/affected.md). The change is what differs from REF (default: the merge
        base of HEAD and the main branch, origin/main or main) plus uncommitted and untracked
        files; a REF git does not know is a usage error. Documentation runs only the suites
        that read it; Package.swift, or a file no target holds, runs everything. --run runs the tests with `workspace test`; --json
        prints a GitHub Actions matrix, one entry per test target with its command
        """
    enum Option {
        static let run = CommandLineOption.flag("--run", help: "run the tests it selects, with `workspace test`")
        static let json = CommandLineOption.flag("--json", help: "print a GitHub Actions matrix, one entry per test target")
        static let base = CommandLineOption.value(
            "--base", "REF", help: "the change is what differs from REF (default: the merge base of HEAD\nand the main branch)")
    }
    static let options = CommandLineSyntax(options: [Option.base], exclusive: [Option.run, Option.json])

    var base: String?
    var runsTests: Bool
    var json: Bool
    var package: PackageOptions

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        base = arguments.value(Option.base)
        runsTests = arguments.has(Option.run)
        json = arguments.has(Option.json)
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let progress = environment.progress("affected", steps: 4)
        defer { progress.finish() }
        progress.step("reading Package.swift")
        let workspace = try environment.workspace(package)
        let manifest = try workspace.manifest()
        progress.step("asking git what changed")
        let changes = try ChangeDetector(packageRoot: workspace.root, runner: workspace.runner).changes(since: base)
        // With --json, standard output holds the matrix alone; the account goes to standard error.
        let say = json ? environment.writeError : environment.write
        let result: AffectedAnalysis.Result
        if let reason = changes.unknownBecause {
            say("Cannot tell what changed: \(reason). Running everything.")
            result = AffectedAnalysis.Result(
                files: [], reasonsToRunEverything: [reason], affectedTargets: manifest.targetNames,
                selections: manifest.targets.filter { $0.kind == .test }.map { TestSelection($0.name) })
        } else {
            let analysis = AffectedAnalysis(manifest: manifest, files: workspace.files, progress: progress)
            progress.step("finding what \(Progress.grouped(changes.files.count)) changed files affect")
            result = analysis.analyze(changes.files)
            say("Changes since \(changes.description): \(result.files.count) file\(result.files.count == 1 ? "" : "s")")
            for file in result.files { say("  \(file.path) → \(file.role)") }
            if result.runsEverything {
                say("Everything is affected:")
                for reason in result.reasonsToRunEverything { say("  \(reason)") }
            }
        }
        progress.finish()
        let tests = Set(result.testTargets)
        let modules = result.affectedTargets.filter { !tests.contains($0) }
        say("Affected targets (\(modules.count)): \(modules.isEmpty ? "none" : modules.joined(separator: ", "))")
        let described = result.selections.map { selection in
            selection.suites.map { "\(selection.testTarget) (suites \($0.joined(separator: ", ")))" } ?? selection.testTarget
        }
        say("Tests to run (\(described.count)): \(described.isEmpty ? "none" : described.joined(separator: ", "))")
        if json { environment.write(AffectedAnalysis.matrix(for: result)) }
        guard let arguments = AffectedAnalysis.testArguments(for: result) else {
            if result.files.isEmpty {
                say("Nothing to test: nothing changed.")
            } else if result.documentation.count == result.files.count {
                say("Nothing to test: the change is documentation only, which no test reads.")
            } else {
                say("Nothing to test: no test target depends on what changed (\(modules.joined(separator: ", "))).")
            }
            return .success
        }
        say("Command: Tools/workspace \(arguments.shellQuoted)")
        guard runsTests else { return .success }
        var runner = FocusedTests(
            manifest: manifest, files: workspace.files, focus: workspace.focus, runner: workspace.runner,
            write: environment.write, writeError: environment.writeError)
        runner.recorder = environment.recorder(
            "affected", loop: .moduleTests, target: result.selections.map(\.testTarget).joined(separator: ","), arguments: arguments,
            workspace: workspace, manifest: manifest)
        return try runner.run(result.selections) == 0 ? .success : .failure
    }
}

extension ChangeDetector {
    /// The change since `--base REF` as given on the command line (nil: the merge base with the
    /// main branch); a REF git does not know is a usage error.
    func changes(since base: String?) throws(CommandLineError) -> ChangeSet {
        do {
            return try changes(base: base)
        } catch {
            throw CommandLineError(error.description)
        }
    }
}
