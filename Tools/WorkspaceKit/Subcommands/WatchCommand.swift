import Foundation
import WorkspaceBase
import WorkspaceWatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `workspace watch FEATURE …`: rebuilds and relaunches a sandbox on every save.
struct WatchCommand: Subcommand, Equatable {
    static let name = "watch"
    static let operands = "FEATURE"
    static let trailingOperands = "[-- SANDBOX-OPTIONS…]"
    static let summary = """
        build FEATURE's sandbox and run it; on every save, build it again and reopen it
        on the same screen. `workspace watch --help` says more
        """
    static let details = """
        Builds FEATURE's sandbox and runs it; whenever a file of the sandbox's modules (or
        Package.swift) is saved, builds it again and reopens it on the screen it showed, in the
        same scenario. A build error is shown until it is fixed: at a terminal it takes the
        sandbox's place (Enter runs the last good build again); with piped input the last good
        build keeps running. Piped input is forwarded to the sandbox as script commands, and
        lines from the watch itself start with "watch: ". Ctrl-C quits. What follows -- is
        passed to the sandbox on every launch.
        """
    static let exitStatus = """
        the sandbox's when it quits (0 after q or the end of the input, 130 after
        Ctrl-C), 128 + the signal when the watch is stopped, 1 when watching cannot start,
        2 bad command line
        """
    enum Option {
        static let scenario = CommandLineOption.value(
            "--scenario", "NAME",
            help: "the sandbox's scenario (default, empty, failure, slow, premium, or\nthe feature's own: the sandbox's --help lists them)")
        static let open = CommandLineOption.value("--open", "LINK", help: "the first screen, e.g. cookbook://recipes/3")
        static let poll = CommandLineOption.flag(
            "--poll", help: "look for changes every 250 ms instead of using inotify\n(network drives, containers); macOS always looks")
    }
    static let options = CommandLineSyntax(
        options: [Option.scenario, Option.open, Option.poll], arguments: .listThenProgramAfterDoubleDash
    ) {
        option in "watch has no option \(option); options for the sandbox go after --, e.g. workspace watch Feed -- \(option)"
    }

    var feature: String
    var scenario: String?
    var link: String?
    var poll = false
    var package = PackageOptions()
    /// After `--`.
    var sandboxArguments: [String] = []

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard let feature = arguments.positional.first else {
            throw CommandLineError("watch needs a FEATURE, such as: workspace watch Feed")
        }
        if let second = arguments.positional.dropFirst().first {
            throw CommandLineError("watch takes one FEATURE, not also “\(second)”")
        }
        self.feature = feature
        scenario = arguments.value(Option.scenario)
        link = arguments.value(Option.open)
        poll = arguments.has(Option.poll)
        package = arguments.package
        sandboxArguments = arguments.programArguments
    }

    /// The command line after `watch`, as the build insights record it.
    var commandLine: [String] {
        [feature] + (scenario.map { [Option.scenario.name, $0] } ?? []) + (link.map { [Option.open.name, $0] } ?? [])
            + (poll ? [Option.poll.name] : [])
            + (sandboxArguments.isEmpty ? [] : ["--"] + sandboxArguments)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let workspace = try environment.workspace(package)
        var plan = try plan(manifest: workspace.manifest(), root: workspace.root, focus: workspace.focus, reading: workspace.manifest)
        plan.makeRecorder = { [self, plan] manifest in
            environment.recorder(
                "watch", loop: .sandbox, target: plan.sandbox, arguments: ["watch"] + commandLine, workspace: workspace, manifest: manifest)
        }
        let presentation: WatchSession.Presentation = isatty(STDIN_FILENO) == 1 ? .terminal : .script
        let driver = try WatchDriver(plan: plan, presentation: presentation, write: environment.write)
        return ExitStatus(try driver.run())
    }

    /// The sandbox of the feature named (`Feed` or `FeedSandbox`) and the folders of its modules.
    func plan(
        manifest: Manifest, root: String, focus: Focus, reading read: @escaping () throws -> Manifest
    ) throws(CommandLineError) -> WatchPlan {
        let features = manifest.features.map(\.name)
        let featureName = feature.hasSuffix("Sandbox") ? String(feature.dropLast("Sandbox".count)) : feature
        guard features.contains(featureName),
            let sandbox = manifest.sandboxes.first(where: { $0.name == Conventions.sandbox(of: featureName) })
        else {
            throw CommandLineError("no feature “\(feature)” with a sandbox; features: \(features.joined(separator: ", "))")
        }
        let modules = ModuleGraph(manifest: manifest).closure(of: [sandbox.name])
        let folders = modules.compactMap { manifest.target(named: $0)?.path }
        return WatchPlan(
            root: root,
            sandbox: sandbox.name,
            modules: modules,
            files: WatchedFiles(root: root, folders: folders),
            focus: focus,
            manifest: read,
            sandboxArguments: (scenario.map { ["--scenario", $0] } ?? []) + sandboxArguments,
            link: link,
            poll: poll
        )
    }
}
