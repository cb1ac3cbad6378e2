import Foundation
import WorkspaceBase

/// `workspace run FEATURE|PROGRAM [PROGRAM-OPTIONS…]`: builds a sandbox or the app in the focus
/// and runs it in this process's place, so the program has the terminal, the signals and the
/// exit status.
struct RunCommand: Subcommand, Equatable {
    static let name = "run"
    static let operands = "FEATURE|PROGRAM [PROGRAM-OPTIONS…]"
    static let summary = """
        build only what FEATURE's sandbox (Feed) or the app (cookbook) needs (the package
        narrowed to its closure) and run it with PROGRAM-OPTIONS (--scenario empty…);
        `workspace run --help` says more
        """
    static let details = """
        Builds FEATURE's sandbox (Feed, or FeedSandbox) or the app (cookbook), and only what it
        needs (Package.swift narrowed to its closure, in .build; a closure of more than 300
        targets, the app's in a large workspace, in .build/large), then runs it with
        PROGRAM-OPTIONS: everything after the name is the program's (--scenario NAME, --script
        FILE, --open LINK, --help…), the options of workspace come before it. The build's progress
        goes to standard error at a terminal and nowhere otherwise (its errors always), so the
        program's output stays its own.
        """
    static let exitStatus = "the program's, 1 when it does not build, 2 bad command line (an unknown\nname lists the features and programs)"
    static let options = CommandLineSyntax(arguments: .programAfterFirst) { option in
        "run has no option \(option) before the name; a program's options go after it: workspace run Feed \(option)"
    }

    /// The feature or program.
    var name: String
    var package = PackageOptions()
    /// Everything after the name (a first `--` is dropped).
    var programArguments: [String] = []

    init(name: String, package: PackageOptions = PackageOptions(), programArguments: [String] = []) {
        self.name = name
        self.package = package
        self.programArguments = programArguments
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard let name = arguments.positional.first else {
            throw CommandLineError("run needs a FEATURE or PROGRAM, such as: workspace run Feed")
        }
        self.init(name: name, package: arguments.package, programArguments: arguments.programArguments)
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let workspace = try environment.workspace(package)
        let manifest = try workspace.manifest()
        let program = try Self.program(named: name, in: manifest)
        let focus = workspace.focus
        let closure = Set(ModuleGraph(manifest: manifest).closure(of: [program]))
        let build = try focus.build(
            closure, of: manifest, runner: environment.runner,
            recorder: {
                environment.recorder(
                    "run", loop: program == Conventions.appProgram ? .app : .sandbox, target: program,
                    arguments: [name] + programArguments, workspace: workspace, manifest: manifest)
            }, program: program,
            waiting: {
                environment.writeError(
                    "workspace run: waiting for another workspace command building in \(focus.relativeFolder) to finish…")
            })
        guard build.succeeded else {
            let output = (build.output + build.errorOutput).trimmingCharacters(in: .newlines)
            if !output.isEmpty { environment.writeError(output) }
            environment.writeError("workspace run: \(program) does not build (the errors are above); fix them and run it again")
            return .failure
        }
        return ExitStatus(try environment.runner.replaceProcess(with: focus.programs(for: closure) + "/" + program, programArguments))
    }

    /// The executable `name` stands for: a feature's sandbox (`Feed`, `FeedSandbox`), the app
    /// (`cookbook`, or `App`), or any other executable of the manifest by its name.
    static func program(named name: String, in manifest: Manifest) throws(CommandLineError) -> String {
        let executables = manifest.targets.filter { $0.kind == .executable }.map(\.name)
        let features = manifest.features.map(\.name)
        if features.contains(name), executables.contains(Conventions.sandbox(of: name)) { return Conventions.sandbox(of: name) }
        if executables.contains(name) { return name }
        if name == Conventions.app, executables.contains(Conventions.appProgram) { return Conventions.appProgram }
        let sandboxes = Set(manifest.sandboxes.map(\.name))
        let programs = executables.filter { !sandboxes.contains($0) }
        let near = (features + executables).first { $0.lowercased() == name.lowercased() }
        throw CommandLineError(
            "unknown feature or program “\(name)”\(near.map { " (did you mean \($0)?)" } ?? ""). Features: "
                + "\(features.joined(separator: ", ")); programs: \(programs.joined(separator: ", "))")
    }
}
