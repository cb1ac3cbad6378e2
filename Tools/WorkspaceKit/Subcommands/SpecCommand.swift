import WorkspaceBase
import WorkspaceRules
import WorkspaceScaffolding
import WorkspaceSpec

/// `workspace spec`: project-spec.yml (XcodeGen) and Tools/Package.swift from Package.swift;
/// `--check` says whether they are stale, `--verify` checks a project XcodeGen generated.
struct SpecCommand: Subcommand {
    static let name = "spec"
    static let summary = """
        regenerate project-spec.yml (XcodeGen), Tools/Package.swift (the tool's own
        package), the module graph and table of README.md and docs/architecture.md, and
        the registries of the screens new-feature made (Core's parts of Screens, the
        app's builders) from Package.swift; --check only says whether they are stale (exit status 1 if
        so);
        --verify checks a project XcodeGen generated from it: every target of
        Package.swift with the same dependencies, one scheme per module with tests
        testing only that module, one per program (the app, each sandbox) running it
        (exit status 1 if not)
        """
    enum Option {
        static let check = CommandLineOption.flag("--check", help: "write nothing; exit status 1 when a file is stale")
        static let verify = CommandLineOption.value(
            "--verify", "PROJECT.xcodeproj", help: "check a project XcodeGen generated from project-spec.yml")
    }
    static let options = CommandLineSyntax(exclusive: [Option.check, Option.verify])

    enum Action: Equatable {
        case write
        case check
        /// The project as given on the command line.
        case verify(project: String)
    }

    var action: Action
    var package: PackageOptions

    init(_ arguments: ParsedArguments) {
        if let project = arguments.value(Option.verify) {
            action = .verify(project: project)
        } else {
            action = arguments.has(Option.check) ? .check : .write
        }
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let workspace = try environment.workspace(package)
        switch action {
        case .write: return try spec(checkOnly: false, workspace, environment)
        case .check: return try spec(checkOnly: true, workspace, environment)
        case .verify(let project): return try verify(project, workspace, environment)
        }
    }

    func spec(checkOnly: Bool, _ workspace: Workspace, _ environment: CommandEnvironment) throws -> ExitStatus {
        let progress = environment.progress(checkOnly ? "spec --check" : "spec", steps: 5)
        defer { progress.finish() }
        progress.step("reading Package.swift")
        let manifest = try workspace.manifest()
        progress.step("generating \(Conventions.specPath)")
        let status = SpecStatus(manifest: manifest, files: workspace.files)
        progress.step("generating \(Conventions.toolPackageFolder)/Package.swift")
        let tool = manifest.target(named: Conventions.toolProgram) == nil ? nil : ToolPackage(manifest: manifest)
        let toolProblems = tool?.problems(in: workspace.files) ?? []
        progress.step("generating the module graphs of the documents")
        let docs = ModuleDocs(manifest: manifest)
        let docProblems = checkOnly ? docs.problems(in: workspace.files) : []
        progress.step("generating the screens' registries")
        let registry: [NewFeature.Change]
        do {
            registry = try NewFeature(manifest: manifest, files: workspace.files).registryChanges()
        } catch {
            progress.finish()
            environment.writeError("workspace spec: \(error.message)")
            return .failure
        }
        progress.finish()
        if checkOnly {
            var stale = !registry.isEmpty
            for change in registry {
                environment.writeError(
                    "\(change.path): \(change.kind == .create ? "missing" : "stale"): it differs from what the features of Package.swift give — fix: run `Tools/workspace spec`"
                )
            }
            if let staleness = status.staleness {
                environment.writeError("\(Conventions.specPath):\(staleness.line): \(staleness.message) — fix: run `Tools/workspace spec`")
                stale = true
            }
            for problem in toolProblems { environment.writeError("\(problem) — fix: run `Tools/workspace spec`") }
            for problem in docProblems { environment.writeError(problem) }
            if stale || !toolProblems.isEmpty || !docProblems.isEmpty { return .failure }
            let current =
                [Conventions.specPath, "the screens' registries"] + (tool.map { [$0.manifestPath] } ?? [])
                + Conventions.moduleDocuments.filter(workspace.files.fileExists).map { "the modules of \($0)" }
            let last = current.count > 1 ? " and \(current[current.count - 1]) are" : " is"
            environment.write(current.prefix(max(1, current.count - 1)).joined(separator: ", ") + last + " current")
            return .success
        }
        for path in try docs.write(to: workspace.files) { environment.write("wrote the module blocks of \(path)") }
        for change in registry {
            try workspace.files.write(change.text, to: change.path)
            environment.write("wrote \(change.path) (\(change.summary))")
        }
        if status.staleness == nil {
            environment.write("\(Conventions.specPath) is current; nothing to write")
        } else {
            try workspace.files.write(status.expected, to: Conventions.specPath)
            environment.write("wrote \(Conventions.specPath) (\(manifest.targets.filter { $0.kind != .system }.count) targets)")
        }
        if let tool, !toolProblems.isEmpty {
            try tool.write(to: workspace.files)
            environment.write("wrote \(tool.manifestPath) and its links (\(tool.targets.count) targets)")
        }
        return .success
    }

    func verify(_ path: String, _ workspace: Workspace, _ environment: CommandEnvironment) throws -> ExitStatus {
        let manifest = try workspace.manifest()
        let check = try ProjectCheck(manifest: manifest, projectAt: environment.absolute(path))
        let problems = try check.problems()
        for problem in problems { environment.writeError("\(path): \(problem)") }
        guard problems.isEmpty else {
            environment.writeError(
                "workspace spec --verify: \(problems.count) difference\(problems.count == 1 ? "" : "s") from Package.swift")
            return .failure
        }
        let tests = manifest.targets.filter { $0.kind == .test }.count
        let programs = SpecGenerator(manifest: manifest).runnablePrograms.count
        environment.write(
            "\(path) matches Package.swift: \(manifest.targets.filter { $0.kind != .system }.count) targets with their dependencies, \(tests) schemes each testing one module, \(programs) running a program"
        )
        return .success
    }
}
