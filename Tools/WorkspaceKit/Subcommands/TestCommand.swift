import WorkspaceBase
import WorkspaceFocus

/// `workspace test MODULE…`: builds only what the tests of the modules need, in the focus, and
/// runs them.
struct TestCommand: Subcommand {
    static let name = "test"
    static let operands = "MODULE…"
    static let summary = """
        build only what the tests of MODULE (Feed, or FeedTests) need (the package
        narrowed to their closure), and run them; prints how many
        ran, passed and failed. Exit status 1 if any failed or none ran, 2 for an
        unknown module. --filter narrows the tests; --sanitize is passed to swift test
        """
    enum Option {
        static let filter = CommandLineOption.value("--filter", "REGEX", help: "run only the tests it matches (as swift test's --filter)")
        static let sanitize = CommandLineOption.value("--sanitize", "thread", help: "passed to swift test (ThreadSanitizer)")
    }
    static let options = CommandLineSyntax(options: [Option.filter, Option.sanitize], arguments: .list)

    var modules: [String]
    var filter: String?
    var sanitizer: String?
    var package: PackageOptions

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard !arguments.positional.isEmpty else {
            throw CommandLineError("test needs at least one MODULE, such as: workspace test Feed")
        }
        modules = arguments.positional
        filter = arguments.value(Option.filter)
        sanitizer = arguments.value(Option.sanitize)
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let workspace = try environment.workspace(package)
        let manifest = try workspace.manifest()
        let testTargets: [String]
        switch FocusedTests.testTargets(named: modules, in: manifest) {
        case .success(let targets): testTargets = targets
        case .failure(let error): throw CommandLineError(error.message)
        }
        var tests = FocusedTests(
            manifest: manifest, files: workspace.files, focus: workspace.focus, runner: workspace.runner,
            write: environment.write, writeError: environment.writeError)
        tests.recorder = environment.recorder(
            "test", loop: .moduleTests, target: testTargets.joined(separator: ","), arguments: ["test"] + modules, workspace: workspace,
            manifest: manifest)
        let status = try tests.run(testTargets.map { TestSelection($0) }, filter: filter, sanitizer: sanitizer)
        return status == 0 ? .success : .failure
    }
}
