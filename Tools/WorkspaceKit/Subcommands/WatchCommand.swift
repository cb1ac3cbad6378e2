import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension WorkspaceCommand {
    static let watchUsage = """
        usage: workspace watch FEATURE [--scenario NAME] [--open LINK] [--poll] [-- SANDBOX-OPTIONS…]

        Builds FEATURE's sandbox and runs it; whenever a file of the sandbox's modules (or
        Package.swift) is saved, builds it again and reopens it on the screen it showed, in the
        same scenario. A build error is shown until it is fixed: at a terminal it takes the
        sandbox's place (Enter runs the last good build again); with piped input the last good
        build keeps running. Piped input is forwarded to the sandbox as script commands, and
        lines from the watch itself start with "watch: ". Ctrl-C quits.

        options:
          --scenario NAME      the sandbox's scenario (default, empty, failure, slow, premium, or
                               the feature's own: the sandbox's --help lists them)
          --open LINK          the first screen, e.g. cookbook://recipes/3
          --poll               look for changes every 250 ms instead of using inotify
                               (network drives, containers); macOS always looks
          --package-path DIR, --scratch-path DIR   as for every command
          -- SANDBOX-OPTIONS   passed to the sandbox on every launch

        exit status: the sandbox's when it quits (0 after q or the end of the input, 130 after
        Ctrl-C), 128 + the signal when the watch is stopped, 1 when watching cannot start,
        2 bad command line
        """

    /// `workspace watch FEATURE …`: rebuilds and relaunches a sandbox on every save.
    func watch(_ arguments: [String]) throws -> Int32 {
        let options = try WatchOptions.parse(arguments)
        if options.help {
            write(Self.watchUsage)
            return ExitStatus.success.rawValue
        }
        var contextArguments = Arguments()
        contextArguments.values = options.packageOptions
        let context = try Context(contextArguments, currentDirectory: currentDirectory, defaultRoot: defaultPackageRoot, runner: runner)
        var plan = try options.plan(manifest: context.manifest(), root: context.root, focus: context.focus, reading: context.manifest)
        plan.makeRecorder = { [self, plan] manifest in
            recorder("watch", loop: .sandbox, target: plan.sandbox, arguments: ["watch"] + arguments, context: context, manifest: manifest)
        }
        let presentation: WatchSession.Presentation = isatty(STDIN_FILENO) == 1 ? .terminal : .script
        let driver = try WatchDriver(plan: plan, presentation: presentation, write: write)
        return try driver.run()
    }
}

/// The command line of `workspace watch`.
struct WatchOptions: Equatable {
    var feature: String?
    var scenario: String?
    var link: String?
    var poll = false
    var help = false
    /// `--package-path`, `--scratch-path`.
    var packageOptions: [String: String] = [:]
    /// After `--`.
    var sandboxArguments: [String] = []

    static func parse(_ arguments: [String]) throws(WorkspaceCommand.UsageError) -> WatchOptions {
        var options = WatchOptions()
        var remaining = arguments[...]
        func value(of name: String, inline: String?) throws(WorkspaceCommand.UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                throw WorkspaceCommand.UsageError(message: "watch: \(name) needs a value")
            }
            return next
        }
        while let argument = remaining.popFirst() {
            if argument == "--" {
                options.sandboxArguments = Array(remaining)
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let inline = parts.count == 2 ? parts[1] : nil
            switch parts[0] {
            case "-h", "--help": options.help = true
            case "--poll": options.poll = true
            case "--scenario": options.scenario = try value(of: "--scenario", inline: inline)
            case "--open": options.link = try value(of: "--open", inline: inline)
            case "--package-path", "--scratch-path": options.packageOptions[parts[0]] = try value(of: parts[0], inline: inline)
            case let name where name.hasPrefix("-"):
                throw WorkspaceCommand.UsageError(
                    message: "watch has no option \(name); options for the sandbox go after --, e.g. workspace watch Feed -- \(name)")
            default:
                guard options.feature == nil else {
                    throw WorkspaceCommand.UsageError(message: "watch takes one FEATURE, not also “\(argument)”")
                }
                options.feature = argument
            }
        }
        if !options.help, options.feature == nil {
            throw WorkspaceCommand.UsageError(message: "watch needs a FEATURE, such as: workspace watch Feed")
        }
        return options
    }

    /// The sandbox of the feature named (`Feed` or `FeedSandbox`) and the folders of its modules.
    func plan(
        manifest: Manifest, root: String, focus: Focus, reading read: @escaping () throws -> Manifest
    ) throws(WorkspaceCommand.UsageError) -> WatchPlan {
        let name = feature ?? ""
        let features = manifest.features.map(\.name)
        let featureName = name.hasSuffix("Sandbox") ? String(name.dropLast("Sandbox".count)) : name
        guard features.contains(featureName),
            let sandbox = manifest.sandboxes.first(where: { $0.name == Conventions.sandbox(of: featureName) })
        else {
            throw WorkspaceCommand.UsageError(
                message: "no feature “\(name)” with a sandbox; features: \(features.joined(separator: ", "))")
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
