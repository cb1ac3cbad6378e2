import WorkspaceBase
import WorkspaceRules

/// `workspace check`: the architecture rules (Rules/), one line per violation.
struct CheckCommand: Subcommand {
    static let name = "check"
    static let summary = """
        enforce the architecture rules; one line per violation
        (file:line: rule: message — fix: …), exit status 1 if any
        """
    static let options = CommandLineSyntax()

    var package: PackageOptions

    init(_ arguments: ParsedArguments) {
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let progress = environment.progress("check", steps: 1 + ArchitectureCheck.progressSteps)
        defer { progress.finish() }
        progress.step("reading Package.swift")
        let workspace = try environment.workspace(package)
        let manifest = try workspace.manifest()
        let violations = ArchitectureCheck(manifest: manifest, files: workspace.files).run(progress: progress)
        progress.finish()
        for violation in violations { environment.write(violation.description) }
        let summary = "workspace check: \(ArchitectureCheck.rules.count) rules over \(manifest.targets.count) targets: "
        if violations.isEmpty {
            environment.write(summary + "OK")
            return .success
        }
        environment.write(summary + "\(violations.count) violation\(violations.count == 1 ? "" : "s")")
        return .failure
    }
}
