import Foundation
import Testing

@testable import WorkspaceKit

@Suite("the focus: where every per-feature loop builds")
struct FocusTests {
    let disk: FocusOnDisk

    init() throws {
        disk = try FocusOnDisk()
    }

    var links: String { disk.focus.folder + "/Targets" }

    @Test("a generation that was cut short is repaired: a missing or wrong link, a half-made one, a module gone from the manifest")
    func repairsWhatAnInterruptedGenerationLeft() throws {
        var manifest = try Fixtures.manifest()
        _ = try disk.focus.prepare(["Core", "CoreTesting", "Feed", "FeedTests"], of: manifest)
        let files = FileManager.default
        try files.removeItem(atPath: links + "/Core")
        try files.removeItem(atPath: links + "/Feed")
        try files.createSymbolicLink(atPath: links + "/Feed", withDestinationPath: disk.root.path + "/Features/Favorites")
        try files.createSymbolicLink(atPath: links + "/.Feed.new", withDestinationPath: "/nowhere")
        // Feed leaves the manifest: it must leave the focus too, never to be built from its old link.
        manifest.targets.removeAll { ["Feed", "FeedTests", "FeedSandbox"].contains($0.name) }

        _ = try disk.focus.prepare(["Core", "CoreTesting"], of: manifest)

        #expect(try files.contentsOfDirectory(atPath: links).sorted() == ["Core", "CoreTesting"])
        #expect(try files.destinationOfSymbolicLink(atPath: links + "/Core") == disk.root.path + "/Core/Core")
        let text = try String(contentsOfFile: disk.focus.folder + "/Package.swift", encoding: .utf8)
        #expect(
            text
                == (try FocusPackage(manifest: manifest, packageRoot: disk.root.path, folder: disk.focus.folder).manifestText(for: [
                    "Core", "CoreTesting",
                ])))
        #expect(!text.contains("Feed"))
    }

    @Test("the same closure leaves Package.swift untouched, so SwiftPM keeps its reading of it")
    func theSameClosureWritesNothing() async throws {
        let manifest = try Fixtures.manifest()
        let targets: Set = ["Core", "CoreTesting", "SandboxSupport", "Feed", "FeedSandbox"]
        _ = try disk.focus.prepare(targets, of: manifest)
        let path = disk.focus.folder + "/Package.swift"
        let written = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        try await Task.sleep(for: .milliseconds(20))
        _ = try disk.focus.prepare(targets, of: manifest)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == written)
    }

    @Test("two commands take turns: while one holds the focus, another waits or is told it is busy")
    func oneCommandAtATime() throws {
        let manifest = try Fixtures.manifest()
        let held = try disk.focus.prepare(["Core"], of: manifest)
        #expect(try disk.focus.prepareIfFree(["Core", "Feed"], of: manifest) == nil)
        // The one waiting did not write: the focus still holds what the first command asked for.
        #expect(!(try String(contentsOfFile: disk.focus.folder + "/Package.swift", encoding: .utf8)).contains("\"Feed\""))
        held.unlock()
        let next = try #require(try disk.focus.prepareIfFree(["Core", "Feed"], of: manifest))
        next.unlock()
    }

    @Test("errors name the real file, not the focus's link to it")
    func realPaths() throws {
        let manifest = try Fixtures.manifest()
        let line = "\(links)/Feed/FeedScreen.swift:3:1: error: x; \(links)/FeedSandbox/main.swift:1:1: note: y"
        #expect(
            disk.focus.realPaths(in: line, of: manifest)
                == "\(disk.root.path)/Features/Feed/FeedScreen.swift:3:1: error: x; \(disk.root.path)/Sandboxes/FeedSandbox/main.swift:1:1: note: y"
        )
        #expect(disk.focus.realPaths(in: "Compiling Feed FeedScreen.swift", of: manifest) == "Compiling Feed FeedScreen.swift")
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
        let focused = try String(contentsOfFile: disk.focus.folder + "/Package.swift", encoding: .utf8)
        for target in ["Core", "CoreTesting", "SandboxSupport", "Feed", "FeedSandbox"] { #expect(focused.contains("name: \"\(target)\"")) }
        for target in ["App", "Favorites", "FavoritesSandbox", "FeedTests"] { #expect(!focused.contains("name: \"\(target)\"")) }
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
        #expect(throws: UsageError.self) { try RunCommand.parse(["--scenario", "x", "Feed"]) }
        #expect(run(["run"]).status == 2)
    }

    @Test("a manifest that does not evaluate is SwiftPM's error: nothing is built, the focus is left as it was")
    func aBrokenManifestIsSwiftPMsError() throws {
        _ = run(["run", "Feed"])
        let focused = try String(contentsOfFile: disk.focus.folder + "/Package.swift", encoding: .utf8)
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
        #expect(try String(contentsOfFile: disk.focus.folder + "/Package.swift", encoding: .utf8) == focused)
    }

    @Test("a build that fails exits 1, runs nothing and shows the errors at the real files")
    func buildFailure() {
        let error = "\(disk.focus.folder)/Targets/Feed/FeedScreen.swift:3:1: error: expected declaration"
        let result = run(["run", "Feed"], answers: [disk.build: CommandResult(status: 1, output: error + "\n")])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(disk.root.path)/Features/Feed/FeedScreen.swift:3:1: error: expected declaration"))
        #expect(result.errors.contains("workspace run: FeedSandbox does not build"))
        #expect(!result.runner.calls.contains { $0.hasPrefix(disk.focus.programs) })
    }
}
