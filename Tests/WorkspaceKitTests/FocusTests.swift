import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceKit

@Suite("the focus: where every per-feature loop builds")
struct FocusTests {
    let disk: FocusOnDisk

    init() throws {
        disk = try FocusOnDisk()
    }

    @Test("a build names its closure in COOKBOOK_FOCUS, in the manifest's order, on the workspace's own package and build folder")
    func theCommandNamesTheClosure() throws {
        let manifest = try Fixtures.manifest()
        let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["FeedSandbox"]))
        let command = disk.focus.command(disk.focus.buildArguments(for: closure, product: "FeedSandbox"), targets: closure, of: manifest)
        #expect(command.program == "env")
        let names = manifest.targets.map(\.name).filter(closure.contains)
        #expect(command.arguments.first == "COOKBOOK_FOCUS=" + names.joined(separator: ","))
        #expect(names.first == "Core" && names.contains("FeedSandbox") && !names.contains("Favorites"))
        #expect(
            Array(command.arguments.dropFirst())
                == [
                    "swift", "build", "--package-path", disk.root.path, "--scratch-path", disk.root.path + "/.build", "-Xswiftc",
                    "-driver-show-incremental", "--product", "FeedSandbox",
                ])
        #expect(disk.focus.programs(for: closure) == disk.root.path + "/.build/debug")
        // A build clears SwiftPM's environment down to what can change a build: a shell's folder or
        // a variable set for one command would make it plan again.
        let cleared = disk.focus.command(
            ["build"], targets: closure, of: manifest,
            keepingOnlyBuildVariablesOf: [
                "PATH": "/usr/bin", "HOME": "/home/cook", "PWD": "/tmp", "TERM": "xterm", "SWIFT_EXEC": "/s", "FOO": "1",
            ])
        #expect(
            cleared.arguments.prefix(5) == [
                "-i", "HOME=/home/cook", "PATH=/usr/bin", "SWIFT_EXEC=/s", "COOKBOOK_FOCUS=" + names.joined(separator: ","),
            ])
        #expect(Array(cleared.arguments.dropFirst(5)) == ["swift", "build"])
        #expect(disk.focus.scratch(for: closure, sanitizer: "thread") == disk.root.path + "/.build/sanitize-thread")
    }

    @Test("a large closure (the app's at hundreds of features) builds in a folder of its own, so a sandbox built in between keeps its plan")
    func aLargeClosureHasItsOwnFolder() {
        let small = Set((1...Focus.largeClosure).map { "Target\($0)" })
        let large = small.union(["One more"])
        #expect(disk.focus.scratch(for: small) == disk.root.path + "/.build")
        #expect(disk.focus.scratch(for: large) == disk.root.path + "/.build/large")
        #expect(disk.focus.programs(for: large) == disk.root.path + "/.build/large/debug")
        #expect(disk.focus.buildArguments(for: large).prefix(5).last == disk.root.path + "/.build/large")
        #expect(disk.focus.scratch(for: large, sanitizer: "thread") == disk.root.path + "/.build/sanitize-thread")
        // Without the driver's remarks, which SwiftPM would match line by line from every module.
        #expect(disk.focus.buildArguments(for: small).contains("-driver-show-incremental"))
        #expect(!disk.focus.buildArguments(for: large).contains("-driver-show-incremental"))
    }

    @Test("a closure that is not closed, or names a target the manifest lacks, is refused before anything builds")
    func anOpenClosureIsRefused() throws {
        let manifest = try Fixtures.manifest()
        #expect(throws: CommandError("target Feed depends on Core, which is not among the focused targets")) {
            try disk.focus.prepare(["Feed"], of: manifest)
        }
        #expect(throws: CommandError("the focus names Pantry, which Package.swift does not declare")) {
            try disk.focus.prepare(["Core", "Pantry"], of: manifest)
        }
    }

    @Test("an undeclared import in the closure is refused before anything builds, and refused again until it is fixed")
    func anUndeclaredImportIsRefused() throws {
        let manifest = try Fixtures.manifest()
        let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["Feed"]))
        let feed = disk.root.appendingPathComponent("Features/Feed/FeedScreen.swift")
        try "import Core\n".write(to: feed, atomically: true, encoding: .utf8)
        try disk.focus.prepare(closure, of: manifest).unlock()
        let clean = try String(contentsOfFile: disk.focus.importsRecord, encoding: .utf8)
        #expect(clean.contains("\"Feed\"") && clean.contains("\"Core\""), "each clean target is recorded: \(clean)")

        let added = disk.root.appendingPathComponent("Features/Feed/FeedFavorites.swift")
        try "import Core\nimport Favorites\n".write(to: added, atomically: true, encoding: .utf8)
        for _ in 1...2 {
            do {
                try disk.focus.prepare(closure, of: manifest).unlock()
                Issue.record("Feed's import of Favorites was not refused")
            } catch let error as CommandError {
                #expect(
                    error.message.contains("Features/Feed/FeedFavorites.swift:2: undeclared-import: Feed imports Favorites"), "\(error)")
                #expect(error.message.contains("Fix each one, then run the command again"))
            }
        }
        // The focus is free again after a refusal, and the fix is taken.
        try "import Core\n".write(to: added, atomically: true, encoding: .utf8)
        try disk.focus.prepare(closure, of: manifest).unlock()
    }

    @Test("two commands take turns: while one holds the focus, another waits or is told it is busy")
    func oneCommandAtATime() throws {
        let manifest = try Fixtures.manifest()
        let held = try disk.focus.prepare(["Core"], of: manifest)
        #expect(try disk.focus.prepareIfFree(["Core", "Feed"], of: manifest) == nil)
        held.unlock()
        let next = try #require(try disk.focus.prepareIfFree(["Core", "Feed"], of: manifest))
        next.unlock()
    }

    @Test("Package.swift narrowed by COOKBOOK_FOCUS declares exactly the closure, and the products whose targets it holds")
    func theManifestReadsTheFocus() async throws {
        // A copy of the manifest: SwiftPM is never run on the package a test runs inside.
        let repository = RepositoryFiles(reading: "Package.swift")
        let copy = disk.root.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repository.url("Package.swift"), to: copy.appendingPathComponent("Package.swift"))
        let dump = { (focus: String?) in
            try await onItsOwnThread {
                let assignment = focus.map { ["\(Focus.variable)=\($0)"] } ?? ["-u", Focus.variable]
                let result = try ProcessRunner().capture("env", assignment + ["swift", "package", "dump-package"], in: copy.path)
                return try Manifest.decode(json: result.output)
            }
        }
        let whole = try await dump(nil)
        #expect(whole.targets.contains { $0.name == "cookbook" } && whole.targets.contains { $0.name == "FeedSandbox" })
        let closure = ModuleGraph(manifest: whole).closure(of: ["FeedSandbox"])
        let narrowed = try await dump(closure.joined(separator: ","))
        #expect(Set(narrowed.targets.map(\.name)) == Set(closure))
        // A product is declared when every one of its targets is in the closure.
        #expect(narrowed.dynamicLibraries.map(\.name) == (closure.contains("URLSessionHTTP") ? ["URLSessionHTTP"] : []))
        let core = try await dump("Core")
        #expect(core.targets.map(\.name) == ["Core"] && core.dynamicLibraries.isEmpty)
    }
}

@Suite("workspace run")
struct RunCommandTests {
    let disk: FocusOnDisk

    init() throws {
        disk = try FocusOnDisk()
        try Fixtures.packageSwift.write(to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String], answers: [String: CommandResult] = [:]) -> (status: Int32, errors: String, runner: ScriptedRunner) {
        let runner = ScriptedRunner(
            ["swift package dump-package": CommandResult(status: 0, output: Fixtures.manifestJSON), disk.build: CommandResult(status: 0)]
                .merging(answers) { _, new in new })
        var errors: [String] = []
        let status = WorkspaceCommand(
            runner: runner, currentDirectory: disk.root.appendingPathComponent("Features").path, write: { _ in },
            writeError: { errors.append($0) }
        ).run(arguments)
        return (status, errors.joined(separator: "\n"), runner)
    }

    @Test("a feature's sandbox is built from its closure alone and run with everything after the name")
    func buildsTheClosureAndRunsTheSandbox() throws {
        let result = run(["run", "Feed", "--scenario", "empty", "--help"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.runner.calls == ["swift package dump-package", disk.build, disk.program("FeedSandbox", "--scenario", "empty", "--help")])
        let focused = Set(try #require(result.runner.focuses.first))
        for target in ["Core", "CoreTesting", "SandboxSupport", "Feed", "FeedSandbox"] { #expect(focused.contains(target)) }
        for target in ["App", "Favorites", "FavoritesSandbox", "FeedTests"] { #expect(!focused.contains(target)) }
    }

    @Test("the app by its program's name or as App; a sandbox by its own name")
    func programNames() throws {
        let manifest = try Fixtures.manifest()
        #expect(try RunCommand.program(named: "Feed", in: manifest) == "FeedSandbox")
        #expect(try RunCommand.program(named: "FeedSandbox", in: manifest) == "FeedSandbox")
        #expect(try RunCommand.program(named: "cookbook", in: manifest) == "cookbook")
        #expect(try RunCommand.program(named: "App", in: manifest) == "cookbook")
    }

    @Test("an unknown name exits 2 listing the features and programs, with a near miss named")
    func unknownName() {
        let unknown = run(["run", "Pantry"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("unknown feature or program “Pantry”. Features: Feed, Favorites; programs: cookbook"))
        #expect(run(["run", "feed"]).errors.contains("unknown feature or program “feed” (did you mean Feed?)"))
        #expect(unknown.runner.calls == ["swift package dump-package"])
    }

    @Test("the command line: the tool's options before the name, the program's after it; --help before it is the usage")
    func options() throws {
        let options = try RunCommand.parse(["--package-path", "/w", "Feed", "--", "--scenario", "slow"])
        #expect(options == RunCommand(name: "Feed", package: PackageOptions(packagePath: "/w"), programArguments: ["--scenario", "slow"]))
        #expect(try RunCommand.parse(["--help", "Feed"]) == nil)
        #expect(throws: CommandLineError.self) { try RunCommand.parse(["--scenario", "x", "Feed"]) }
        #expect(run(["run"]).status == 2)
    }

    @Test("a manifest that does not evaluate is SwiftPM's error: nothing is built")
    func aBrokenManifestIsSwiftPMsError() throws {
        _ = run(["run", "Feed"])
        try (Fixtures.packageSwift + "let broken = \n").write(
            to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let broken = run(
            ["run", "Favorites"],
            answers: [
                "swift package dump-package": CommandResult(status: 1, errorOutput: "Package.swift:99:14: error: expected expression")
            ])
        #expect(broken.status == 1)
        #expect(broken.errors.contains("Package.swift:99:14: error: expected expression"))
        #expect(!broken.runner.calls.contains(disk.build))
    }

    @Test("a build that fails exits 1, runs nothing and shows the errors")
    func buildFailure() {
        let error = "\(disk.root.path)/Features/Feed/FeedScreen.swift:3:1: error: expected declaration"
        let result = run(["run", "Feed"], answers: [disk.build: CommandResult(status: 1, output: error + "\n")])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(disk.root.path)/Features/Feed/FeedScreen.swift:3:1: error: expected declaration"))
        #expect(result.errors.contains("workspace run: FeedSandbox does not build"))
        #expect(!result.runner.calls.contains { $0.hasPrefix(disk.focus.programs(for: [])) })
    }
}
