import Foundation

/// The `workspace` command line: parses arguments, runs one subcommand, returns the exit status.
/// Output goes through `write`/`writeError` so tests can capture it.
public struct WorkspaceCommand {
    public var runner: any CommandRunning
    public var currentDirectory: String
    /// The package when no `--package-path` is given (`Tools/workspace` names the one it belongs
    /// to); nil: the nearest folder at or above the current one with a Package.swift.
    public var defaultPackageRoot: String?
    public var write: (String) -> Void
    public var writeError: (String) -> Void
    /// Whether the builds and tests it runs are recorded in the build insights (`BuildRecorder`).
    public var recordsBuilds = false

    public init(
        runner: any CommandRunning = ProcessRunner(),
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        defaultPackageRoot: String? = nil,
        write: @escaping (String) -> Void = { text in FileHandle.standardOutput.write(Data((text + "\n").utf8)) },
        writeError: @escaping (String) -> Void = { message in FileHandle.standardError.write(Data((message + "\n").utf8)) }
    ) {
        self.runner = runner
        self.currentDirectory = currentDirectory
        self.defaultPackageRoot = defaultPackageRoot
        self.write = write
        self.writeError = writeError
    }

    public enum ExitStatus: Int32 {
        case success = 0
        /// A rule is broken, a command failed, or the change could not be tested.
        case failure = 1
        /// The command line is wrong.
        case usage = 2
        /// A server the command asks did not answer (`cassette verify`): nothing was compared.
        case unreachable = 3
    }

    public static let usage = """
        usage: workspace <command> [options]

        Tooling for the Cookbook workspace: Tools/workspace <command>, from any folder (or
        swift run workspace <command>, which first plans every target of the workspace).

        commands:
          run FEATURE|PROGRAM [PROGRAM-OPTIONS…]
                      build FEATURE's sandbox (Feed) or the app (cookbook) from a package holding only
                      what it needs (.build/focus) and run it with PROGRAM-OPTIONS (--scenario empty…);
                      `workspace run --help` says more
          new-feature NAME… [--dry-run]
                      create a feature: module, screen, tests and sandbox; wire it into Package.swift,
                      Core's descriptors and deep links, every Resolver, and project-spec.yml. Several
                      names create several features in one run, all or none.
                      --dry-run lists what would be created or changed and writes nothing
          test MODULE… [--filter REGEX] [--sanitize=thread]
                      build only what the tests of MODULE (Feed, or FeedTests) need, in a package
                      generated from Package.swift under .build/focus, and run them; prints how many
                      ran, passed and failed. Exit status 1 if any failed or none ran, 2 for an
                      unknown module. --filter narrows the tests; --sanitize is passed to swift test
          check       enforce the architecture rules; one line per violation
                      (file:line: rule: message — fix: …), exit status 1 if any
          spec [--check | --verify PROJECT.xcodeproj]
                      regenerate project-spec.yml (XcodeGen), Tools/Package.swift (the tool's own
                      package) and the module graph and table of README.md and docs/architecture.md
                      from Package.swift; --check only says whether they are stale (exit status 1 if
                      so);
                      --verify checks a project XcodeGen generated from it: every target of
                      Package.swift with the same dependencies, one scheme per module with tests
                      testing only that module (exit status 1 if not)
          recipes [--check]
                      write App/App/Services/BundledRecipes.swift (the recipes the app compiles in) from
                      App/bundled-recipes.json (the shape --dataset FILE reads); --check writes nothing
                      and fails with a unified diff when the Swift file differs from what the JSON gives
          graph [--format mermaid|dot] [--tests]
                      print the module graph (Mermaid by default); --tests adds the test targets
          affected [--base REF] [--run | --json]
                      list the targets a change affects and the tests to run, by the module graph. The
                      change is what differs from REF (default: the merge base of HEAD and the main
                      branch, origin/main or main) plus uncommitted and untracked files; a REF git does
                      not know is a usage error. Documentation runs nothing; Package.swift, or a file no
                      target holds, runs everything. --run runs the tests with `workspace test`; --json
                      prints a GitHub Actions matrix, one entry per test target with its command
          gallery [--check] [--all] [--base REF]
                      render every screen of every feature in every scenario into docs/gallery (a
                      Markdown page per feature, an index, gallery.html): each sandbox and the app
                      print theirs with --gallery. Only the programs the change affects (as for
                      affected) are built and rendered; the others come from docs/gallery/gallery.json.
                      --check writes nothing and fails with a unified diff when a screen renders
                      differently; both fail when a screen has a state no scenario reaches.
                      --all renders every program
          watch FEATURE [--scenario NAME] [--open LINK] [--poll] [-- SANDBOX-OPTIONS]
                      build FEATURE's sandbox and run it; on every save, build it again and reopen it
                      on the same screen. `workspace watch --help` says more
          cassette verify FILE --api-url URL [--timeout SECONDS]
                      ask the live web API every request the cassette FILE recorded and compare the
                      answers' structure (status, content type, JSON fields and their kinds); prints
                      what was added, removed or changed type, exit status 1 if anything differs, 3
                      if the web API did not answer (nothing compared). Needs no package: runs from
                      any folder
          insights [--json | --markdown] [--html FILE] [--threshold PERCENT] [--fail-on-slowdown]
                      how fast each loop is lately against the week before (the builds run, test,
                      watch, gallery and new-feature recorded in .build/insights), the slowest modules
                      and the edits that recompiled the most; flags a loop slower by more than 20%.
                      `workspace insights --help` says more
          insights record [--package-path DIR] [--scratch-path DIR] -- COMMAND…
                      run COMMAND (swift build…) and record it in the build insights
                      (.build/insights/insights.sqlite), as every build of run, test, watch, gallery
                      and new-feature is; COOKBOOK_INSIGHTS=off records nothing
          help        show this text

        options:
          --package-path DIR   the package (default: the one Tools/workspace is in; with swift run,
                               the nearest folder above with a Package.swift)
          --scratch-path DIR   passed on to `swift package dump-package`; run, test, watch and gallery
                               build in DIR/focus (default .build/focus)

        exit status: 0 success, 1 rule broken or command failed, 2 bad command line, 3 a web API
        that cassette verify asks did not answer
        """

    struct UsageError: Error {
        var message: String
    }

    /// Runs the command line (without the program name).
    public func run(_ arguments: [String]) -> Int32 {
        do {
            // These pass what follows the name on to a program (insights: `record -- COMMAND…`), so they
            // read their own command line.
            if arguments.first == "watch" { return try watch(Array(arguments.dropFirst())) }
            if arguments.first == "run" { return try run(program: Array(arguments.dropFirst())) }
            if arguments.first == "insights" { return try insights(Array(arguments.dropFirst())) }
            return try dispatch(arguments).rawValue
        } catch let error as UsageError {
            writeError("workspace: \(error.message)\nRun `workspace help` for usage.")
            return ExitStatus.usage.rawValue
        } catch {
            writeError("workspace: error: \(error)")
            return ExitStatus.failure.rawValue
        }
    }

    // MARK: Arguments

    struct Arguments {
        var command: String?
        var positional: [String] = []
        var flags: Set<String> = []
        var values: [String: String] = [:]
    }

    static let valueOptions: Set<String> = [
        "--package-path", "--scratch-path", "--format", "--base", "--filter", "--sanitize", "--api-url", "--timeout", "--verify",
    ]
    static let flagOptions: [String: Set<String>] = [
        "new-feature": ["--dry-run"], "check": [], "spec": ["--check"], "recipes": ["--check"], "graph": ["--tests"],
        "affected": ["--run", "--json"], "test": [], "cassette": [], "gallery": ["--check", "--all"], "help": [],
    ]
    static let commandValueOptions: [String: Set<String>] = [
        "graph": ["--format"], "affected": ["--base"], "test": ["--filter", "--sanitize"], "cassette": ["--api-url", "--timeout"],
        "spec": ["--verify"], "gallery": ["--base"],
    ]

    static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        var parsed = Arguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-h" || argument == "--help" {
                parsed.flags.insert("--help")
            } else if argument.hasPrefix("--") {
                let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                let name = parts[0]
                if valueOptions.contains(name) {
                    if parts.count == 2 {
                        parsed.values[name] = parts[1]
                    } else {
                        guard index + 1 < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                        index += 1
                        parsed.values[name] = arguments[index]
                    }
                } else {
                    parsed.flags.insert(name)
                }
            } else if parsed.command == nil {
                parsed.command = argument
            } else {
                parsed.positional.append(argument)
            }
            index += 1
        }
        if let command = parsed.command, let allowed = flagOptions[command] {
            let allowedValues = (commandValueOptions[command] ?? []).union(["--package-path", "--scratch-path"])
            if let unknown = parsed.flags.subtracting(allowed).subtracting(["--help"]).sorted().first {
                throw UsageError(message: "\(command) has no option \(unknown)")
            }
            if let unknown = Set(parsed.values.keys).subtracting(allowedValues).sorted().first {
                throw UsageError(message: "\(command) has no option \(unknown)")
            }
        }
        return parsed
    }

    // MARK: Dispatch

    func dispatch(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try Self.parse(arguments)
        guard let command = parsed.command, command != "help", !parsed.flags.contains("--help") else {
            write(Self.usage)
            return .success
        }
        guard Self.flagOptions[command] != nil else {
            throw UsageError(message: "unknown command “\(command)”")
        }
        if !["new-feature", "test", "cassette"].contains(command), let extra = parsed.positional.first {
            throw UsageError(message: "\(command) takes no argument “\(extra)”")
        }
        // A cassette is a file wherever it is: verifying one needs no package.
        if command == "cassette" {
            return try cassette(parsed.positional, apiURL: parsed.values["--api-url"], timeout: parsed.values["--timeout"])
        }
        let context = try Context(parsed, currentDirectory: currentDirectory, defaultRoot: defaultPackageRoot, runner: runner)
        switch command {
        case "new-feature":
            guard !parsed.positional.isEmpty else {
                throw UsageError(message: "new-feature needs a NAME, such as: workspace new-feature Pantry")
            }
            return try newFeature(parsed.positional, dryRun: parsed.flags.contains("--dry-run"), context: context)
        case "test":
            guard !parsed.positional.isEmpty else {
                throw UsageError(message: "test needs at least one MODULE, such as: workspace test Feed")
            }
            return try test(parsed.positional, filter: parsed.values["--filter"], sanitizer: parsed.values["--sanitize"], context: context)
        case "check":
            return try check(context: context)
        case "spec":
            if let project = parsed.values["--verify"] {
                return try verifyProject(at: project, context: context)
            }
            return try spec(checkOnly: parsed.flags.contains("--check"), context: context)
        case "recipes":
            return try recipes(check: parsed.flags.contains("--check"), context: context)
        case "gallery":
            return try gallery(
                check: parsed.flags.contains("--check"), all: parsed.flags.contains("--all"), base: parsed.values["--base"],
                context: context)
        case "graph":
            let formatName = parsed.values["--format"] ?? GraphRenderer.Format.mermaid.rawValue
            guard let format = GraphRenderer.Format(rawValue: formatName) else {
                throw UsageError(message: "unknown graph format “\(formatName)”; formats: mermaid, dot")
            }
            let manifest = try context.manifest()
            write(String(GraphRenderer(manifest: manifest, includeTests: parsed.flags.contains("--tests")).render(format).dropLast()))
            return .success
        default:
            return try affected(
                base: parsed.values["--base"], run: parsed.flags.contains("--run"), json: parsed.flags.contains("--json"), context: context)
        }
    }

    /// The package the command works on.
    struct Context {
        var root: String
        var swiftOptions: [String]
        /// Where the per-feature loops build: `.build/focus`, or `focus` in the scratch path.
        var focus: Focus
        var runner: any CommandRunning
        var files: DiskFileSystem

        /// The package is `--package-path`, else `defaultRoot`, else the nearest folder at or above
        /// the current one with a Package.swift.
        init(_ arguments: Arguments, currentDirectory: String, defaultRoot: String? = nil, runner: any CommandRunning) throws {
            func absolute(_ path: String) -> String {
                path.hasPrefix("/") ? path : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path).path
            }
            let start = arguments.values["--package-path"].map(absolute) ?? defaultRoot ?? currentDirectory
            guard let root = Self.packageRoot(from: start) else {
                throw CommandError("no Package.swift in \(start) or any folder above it; use --package-path")
            }
            self.root = root
            self.runner = runner
            let scratch = arguments.values["--scratch-path"]
            swiftOptions = scratch.map { ["--scratch-path", $0] } ?? []
            let focusFolder = URL(fileURLWithPath: scratch.map(absolute) ?? root + "/.build").appendingPathComponent("focus")
            focus = Focus(packageRoot: root, folder: focusFolder.standardizedFileURL.path)
            files = DiskFileSystem(root: URL(fileURLWithPath: root))
        }

        static func packageRoot(from start: String) -> String? {
            var folder = URL(fileURLWithPath: start).standardizedFileURL
            while true {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { return nil }
                folder = parent
            }
        }

        /// The manifest as `swift package dump-package` reads it, kept while Package.swift is unchanged.
        func manifest() throws -> Manifest {
            try focus.manifest(swiftOptions: swiftOptions, runner: runner)
        }
    }

    // MARK: Commands

    func test(_ modules: [String], filter: String?, sanitizer: String?, context: Context) throws -> ExitStatus {
        let manifest = try context.manifest()
        let testTargets: [String]
        switch FocusedTests.testTargets(named: modules, in: manifest) {
        case .success(let targets): testTargets = targets
        case .failure(let error): throw UsageError(message: error.message)
        }
        var tests = FocusedTests(
            manifest: manifest, files: context.files, focus: context.focus, runner: context.runner,
            write: write, writeError: writeError)
        tests.recorder = recorder(
            "test", loop: .moduleTests, target: testTargets.joined(separator: ","), arguments: ["test"] + modules, context: context,
            manifest: manifest)
        let status = try tests.run(testTargets.map { TestSelection($0) }, filter: filter, sanitizer: sanitizer)
        return status == 0 ? .success : .failure
    }

    func check(context: Context) throws -> ExitStatus {
        let manifest = try context.manifest()
        let violations = ArchitectureCheck(manifest: manifest, files: context.files).run()
        for violation in violations { write(violation.description) }
        let summary = "workspace check: \(ArchitectureCheck.rules.count) rules over \(manifest.targets.count) targets: "
        if violations.isEmpty {
            write(summary + "OK")
            return .success
        }
        write(summary + "\(violations.count) violation\(violations.count == 1 ? "" : "s")")
        return .failure
    }

    func spec(checkOnly: Bool, context: Context) throws -> ExitStatus {
        let manifest = try context.manifest()
        let status = SpecStatus(manifest: manifest, files: context.files)
        let tool = manifest.target(named: Conventions.toolProgram) == nil ? nil : ToolPackage(manifest: manifest)
        let toolProblems = tool?.problems(in: context.files) ?? []
        let docs = ModuleDocs(manifest: manifest)
        if checkOnly {
            var stale = false
            if let staleness = status.staleness {
                writeError("\(Conventions.specPath):\(staleness.line): \(staleness.message) — fix: run `Tools/workspace spec`")
                stale = true
            }
            for problem in toolProblems { writeError("\(problem) — fix: run `Tools/workspace spec`") }
            let docProblems = docs.problems(in: context.files)
            for problem in docProblems { writeError(problem) }
            if stale || !toolProblems.isEmpty || !docProblems.isEmpty { return .failure }
            let current =
                [Conventions.specPath] + (tool.map { [$0.manifestPath] } ?? [])
                + Conventions.moduleDocuments.filter(context.files.fileExists).map { "the modules of \($0)" }
            let last = current.count > 1 ? " and \(current[current.count - 1]) are" : " is"
            write(current.prefix(max(1, current.count - 1)).joined(separator: ", ") + last + " current")
            return .success
        }
        for path in try docs.write(to: context.files) { write("wrote the module blocks of \(path)") }
        if status.staleness == nil {
            write("\(Conventions.specPath) is current; nothing to write")
        } else {
            try context.files.write(status.expected, to: Conventions.specPath)
            write("wrote \(Conventions.specPath) (\(manifest.targets.filter { $0.kind != .system }.count) targets)")
        }
        if let tool, !toolProblems.isEmpty {
            try tool.write(to: context.files)
            write("wrote \(tool.manifestPath) and its links (\(tool.targets.count) targets)")
        }
        return .success
    }

    func verifyProject(at path: String, context: Context) throws -> ExitStatus {
        let manifest = try context.manifest()
        let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path).path
        let check = try ProjectCheck(manifest: manifest, projectAt: absolute)
        let problems = try check.problems()
        for problem in problems { writeError("\(path): \(problem)") }
        guard problems.isEmpty else {
            writeError("workspace spec --verify: \(problems.count) difference\(problems.count == 1 ? "" : "s") from Package.swift")
            return .failure
        }
        let tests = manifest.targets.filter { $0.kind == .test }.count
        write(
            "\(path) matches Package.swift: \(manifest.targets.filter { $0.kind != .system }.count) targets with their dependencies, \(tests) schemes each testing one module"
        )
        return .success
    }

    func affected(base: String?, run: Bool, json: Bool, context: Context) throws -> ExitStatus {
        if run, json { throw UsageError(message: "affected takes --run or --json, not both") }
        let manifest = try context.manifest()
        let changes: ChangeSet
        do {
            changes = try ChangeDetector(packageRoot: context.root, runner: context.runner).changes(base: base)
        } catch {
            throw UsageError(message: error.description)
        }
        // With --json, standard output holds the matrix alone; the account goes to standard error.
        let say = json ? writeError : write
        let result: AffectedAnalysis.Result
        if let reason = changes.unknownBecause {
            say("Cannot tell what changed: \(reason). Running everything.")
            result = AffectedAnalysis.Result(
                files: [], reasonsToRunEverything: [reason], affectedTargets: manifest.targetNames,
                selections: manifest.targets.filter { $0.kind == .test }.map { TestSelection($0.name) })
        } else {
            result = AffectedAnalysis(manifest: manifest, files: context.files).analyze(changes.files)
            say("Changes since \(changes.description): \(result.files.count) file\(result.files.count == 1 ? "" : "s")")
            for file in result.files { say("  \(file.path) → \(file.role)") }
            if result.runsEverything {
                say("Everything is affected:")
                for reason in result.reasonsToRunEverything { say("  \(reason)") }
            }
        }
        let tests = Set(result.testTargets)
        let modules = result.affectedTargets.filter { !tests.contains($0) }
        say("Affected targets (\(modules.count)): \(modules.isEmpty ? "none" : modules.joined(separator: ", "))")
        let described = result.selections.map { selection in
            selection.suites.map { "\(selection.testTarget) (suites \($0.joined(separator: ", ")))" } ?? selection.testTarget
        }
        say("Tests to run (\(described.count)): \(described.isEmpty ? "none" : described.joined(separator: ", "))")
        if json { write(AffectedAnalysis.matrix(for: result)) }
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
        guard run else { return .success }
        var runner = FocusedTests(
            manifest: manifest, files: context.files, focus: context.focus, runner: context.runner,
            write: write, writeError: writeError)
        let targets = result.selections.map(\.testTarget).joined(separator: ",")
        runner.recorder = recorder(
            "affected", loop: .moduleTests, target: targets, arguments: arguments, context: context, manifest: manifest)
        return try runner.run(result.selections) == 0 ? .success : .failure
    }
}
