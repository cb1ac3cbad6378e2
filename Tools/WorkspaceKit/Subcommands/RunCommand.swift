import Foundation

extension WorkspaceCommand {
    static let runUsage = """
        usage: workspace run FEATURE|PROGRAM [PROGRAM-OPTIONS…]

        Builds FEATURE's sandbox (Feed, or FeedSandbox) or the app (cookbook) from a package that
        holds only what it needs (.build/focus, generated from Package.swift), then runs it with
        PROGRAM-OPTIONS: everything after the name is the program's (--scenario NAME, --script
        FILE, --open LINK, --help…). The build's progress goes to standard error at a terminal
        and nowhere otherwise (its errors always), so the program's output stays its own.

        options (before FEATURE):
          --package-path DIR, --scratch-path DIR   as for every command

        exit status: the program's, 1 when it does not build, 2 bad command line (an unknown
        name lists the features and programs)
        """

    /// `workspace run FEATURE …`: builds a sandbox or the app in the focus and runs it in this
    /// process's place, so the program has the terminal, the signals and the exit status.
    func run(program arguments: [String]) throws -> Int32 {
        let options = try RunOptions.parse(arguments)
        guard let name = options.name else {
            write(Self.runUsage)
            return ExitStatus.success.rawValue
        }
        var contextArguments = Arguments()
        contextArguments.values = options.packageOptions
        let context = try Context(contextArguments, currentDirectory: currentDirectory, defaultRoot: defaultPackageRoot, runner: runner)
        let manifest = try context.manifest()
        let program = try RunOptions.program(named: name, in: manifest)
        let targets = ModuleGraph(manifest: manifest).closure(of: [program])
        let focus = context.focus
        let lock = try focus.prepare(Set(targets), of: manifest) {
            writeError("workspace run: waiting for another workspace command building in \(focus.relativeFolder) to finish…")
        }
        let recorder = recorder(
            "run", loop: program == Conventions.appProgram ? .app : .sandbox, target: program, arguments: arguments, context: context,
            manifest: manifest)
        let build = try runner.showingProgress("swift", focus.buildArguments(), in: focus.packageRoot) { line in
            BuildRecorder.pass(line, to: recorder).map { focus.realPaths(in: $0, of: manifest) }
        }
        lock.unlock()
        recorder?.finish(exitStatus: build.status)
        guard build.succeeded else {
            let output = (build.output + build.errorOutput).trimmingCharacters(in: .newlines)
            if !output.isEmpty { writeError(output) }
            writeError("workspace run: \(program) does not build (the errors are above); fix them and run it again")
            return ExitStatus.failure.rawValue
        }
        return try runner.replaceProcess(with: focus.programs + "/" + program, options.programArguments)
    }
}

/// The command line of `workspace run`.
struct RunOptions: Equatable {
    /// The feature or program; nil with `--help` (or nothing) before it.
    var name: String?
    /// `--package-path`, `--scratch-path`.
    var packageOptions: [String: String] = [:]
    /// Everything after the name (a first `--` is dropped).
    var programArguments: [String] = []

    static func parse(_ arguments: [String]) throws(WorkspaceCommand.UsageError) -> RunOptions {
        var options = RunOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" { return options }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            if ["--package-path", "--scratch-path"].contains(parts[0]) {
                if parts.count == 2 {
                    options.packageOptions[parts[0]] = parts[1]
                } else {
                    guard index < arguments.count else { throw WorkspaceCommand.UsageError(message: "\(parts[0]) needs a value") }
                    options.packageOptions[parts[0]] = arguments[index]
                    index += 1
                }
                continue
            }
            if argument.hasPrefix("-") {
                throw WorkspaceCommand.UsageError(
                    message:
                        "run has no option \(argument) before the name; a program's options go after it: workspace run Feed \(argument)")
            }
            options.name = argument
            let rest = arguments[index...]
            options.programArguments = Array(rest.first == "--" ? rest.dropFirst() : rest)
            return options
        }
        throw WorkspaceCommand.UsageError(message: "run needs a FEATURE or PROGRAM, such as: workspace run Feed")
    }

    /// The executable `name` stands for: a feature's sandbox (`Feed`, `FeedSandbox`), the app
    /// (`cookbook`, or `App`), or any other executable of the manifest by its name.
    static func program(named name: String, in manifest: Manifest) throws(WorkspaceCommand.UsageError) -> String {
        let executables = manifest.targets.filter { $0.kind == .executable }.map(\.name)
        let features = manifest.features.map(\.name)
        if features.contains(name), executables.contains(Conventions.sandbox(of: name)) { return Conventions.sandbox(of: name) }
        if executables.contains(name) { return name }
        if name == Conventions.app, executables.contains(Conventions.appProgram) { return Conventions.appProgram }
        let sandboxes = Set(manifest.sandboxes.map(\.name))
        let programs = executables.filter { !sandboxes.contains($0) }
        let near = (features + executables).first { $0.lowercased() == name.lowercased() }
        throw WorkspaceCommand.UsageError(
            message: "unknown feature or program “\(name)”\(near.map { " (did you mean \($0)?)" } ?? ""). Features: "
                + "\(features.joined(separator: ", ")); programs: \(programs.joined(separator: ", "))")
    }
}
