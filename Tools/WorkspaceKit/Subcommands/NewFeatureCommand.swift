import WorkspaceBase
import WorkspaceScaffolding
import WorkspaceSpec

/// `workspace new-feature NAME…`: plans the features, writes them all or none, regenerates the
/// spec from the manifest as SwiftPM then reads it, and says what to do next.
struct NewFeatureCommand: Subcommand {
    static let name = "new-feature"
    static let operands = "NAME…"
    static let summary = """
        create a feature: module, screen, tests and sandbox; wire it into Package.swift,
        Core's descriptors and deep links, every Resolver, and project-spec.yml. Several
        names create several features in one run, all or none.
        --dry-run lists what would be created or changed and writes nothing
        """
    enum Option {
        static let dryRun = CommandLineOption.flag("--dry-run", help: "list what would be created or changed; write nothing")
    }
    static let options = CommandLineSyntax(options: [Option.dryRun], arguments: .list)

    var names: [String]
    var dryRun: Bool
    var package: PackageOptions

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard !arguments.positional.isEmpty else {
            throw CommandLineError("new-feature needs a NAME, such as: workspace new-feature Pantry")
        }
        names = arguments.positional
        dryRun = arguments.has(Option.dryRun)
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let progress = environment.progress("new-feature", steps: dryRun ? 2 : 5)
        defer { progress.finish() }
        progress.step("reading Package.swift")
        let workspace = try environment.workspace(package)
        let manifest = try workspace.manifest()
        // The run, with its check that SwiftPM reads the edited manifest, is what a person waits for.
        let recorder =
            dryRun
            ? nil
            : environment.recorder(
                "new-feature", loop: .newFeature, target: Self.recordedTarget(names), arguments: ["new-feature"] + names,
                workspace: workspace, manifest: manifest)
        let status = try create(in: workspace, manifest: manifest, environment, progress)
        recorder?.finish(exitStatus: status.rawValue)
        return status
    }

    /// The target a run is recorded under, one row of the insights' report: the names, or the first
    /// and last of a long list (growing a workspace by hundreds is one run).
    static func recordedTarget(_ names: [String]) -> String {
        guard names.count > 3, let first = names.first, let last = names.last else { return names.joined(separator: ",") }
        return "\(first) … \(last) (\(names.count) features)"
    }

    private func create(
        in workspace: Workspace, manifest: Manifest, _ environment: CommandEnvironment, _ progress: Progress
    ) throws -> ExitStatus {
        let write = environment.write
        let writeError = environment.writeError
        let command = NewFeature(manifest: manifest, files: workspace.files)
        let plan: NewFeature.Plan
        progress.step("planning \(Progress.grouped(names.count)) feature\(names.count == 1 ? "" : "s")")
        do {
            plan = try command.plan(names)
        } catch {
            writeError("workspace: cannot create feature: \(error.message)")
            return .failure
        }
        if dryRun {
            progress.finish()
            write(plan.report(dryRun: true))
            return .success
        }
        progress.step("writing \(Progress.grouped(plan.changes.count)) files")
        do {
            // The spec comes from the manifest as SwiftPM now reads it; if that fails, or SwiftPM
            // reads other targets than planned, the plan is undone.
            try command.apply(plan, alsoRestoring: [Conventions.specPath]) {
                progress.step("reading the edited Package.swift")
                let edited = try workspace.manifest()
                let expected = plan.features.flatMap { [$0, Conventions.sandbox(of: $0), Conventions.testTarget(of: $0)] }
                if let missing = expected.first(where: { edited.target(named: $0) == nil }) {
                    throw CommandError("Package.swift, as SwiftPM reads it after the edit, does not declare \(missing)")
                }
                if let feature = plan.features.first(where: {
                    edited.target(named: Conventions.entriesModule(of: $0))?.targetDependencies.contains($0) != true
                }) {
                    throw CommandError(
                        "Package.swift, as SwiftPM reads it after the edit, does not make \(Conventions.entriesModule(of: feature)) depend on \(feature), the module of its entry"
                    )
                }
                progress.step("generating \(Conventions.specPath)")
                try workspace.files.write(SpecGenerator(manifest: edited).generate(), to: Conventions.specPath)
            }
        } catch {
            writeError("workspace: cannot create feature: \(error)")
            return .failure
        }
        progress.finish()
        write(plan.report(dryRun: false))
        if let name = plan.features.first, plan.features.count == 1 {
            write(
                """
                Next: Tools/workspace test \(name) && Tools/workspace run \(name)
                Open it from another feature's …Feature.swift with .show(\(FeatureTemplates(name: name).descriptorType)()), or by its deep link path “\(NameForms(name).kebab)”.
                """)
        } else {
            write("Next: Tools/workspace test NAME… and Tools/workspace run NAME, for any of the \(plan.features.count) features")
        }
        if !plan.manualSteps.isEmpty {
            writeError("workspace: \(plan.manualSteps.count) resolver(s) must be finished by hand (listed above)")
            return .failure
        }
        return .success
    }
}
