import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceKit
@testable import WorkspaceSpec

@Suite("workspace command line")
struct WorkspaceCommandTests {
    /// Runs the command in a temporary package whose `swift package dump-package` answers the fixture.
    func run(_ arguments: [String], files: [String: String] = [:]) throws -> (
        status: Int32, output: String, errors: String, runner: ScriptedRunner
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = DiskFileSystem(root: folder)
        try disk.write(Fixtures.packageSwift, to: "Package.swift")
        for (path, text) in files { try disk.write(text, to: path) }
        let runner = ScriptedRunner(["swift package dump-package": CommandResult(status: 0, output: Fixtures.manifestJSON)])
        var output: [String] = []
        var errors: [String] = []
        let status = WorkspaceCommand(
            runner: runner,
            currentDirectory: folder.appendingPathComponent("Features").path,
            write: { output.append($0) },
            writeError: { errors.append($0) }
        ).run(arguments)
        return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"), runner)
    }

    @Test func helpPrintsTheUsage() throws {
        for arguments in [[], ["help"], ["--help"]] {
            let result = try run(arguments)
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("usage: workspace <command> [options]"))
            #expect(result.output.contains("\n  check       enforce the architecture rules"))
            #expect(result.output.contains("\n  affected [--base REF] [--run | --json]\n"))
        }
    }

    @Test("every subcommand prints its own usage for --help, -h or help NAME, whatever else is on the line")
    func eachSubcommandHasItsUsage() throws {
        for name in WorkspaceCommand.subcommands.map({ $0.name }) {
            for arguments in [[name, "--help"], [name, "-h"], ["help", name]] {
                let result = try run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.errors)")
                #expect(result.output.hasPrefix("usage: workspace \(name)"), "\(arguments)")
                #expect(result.runner.calls.isEmpty, "help runs nothing")
            }
        }
        // What follows --help is not read: the usage is what was asked for.
        #expect(try run(["check", "--help", "--bogus"]).output.hasPrefix("usage: workspace check"))
    }

    @Test("each option is declared once: the parser takes it, the synopsis and the usage show it, its help beside it")
    func optionsAreDeclaredOnce() throws {
        for command in WorkspaceCommand.subcommands {
            let syntax = command.options
            for option in syntax.options + syntax.exclusive {
                // Optional ones in brackets, alone or in the group of those that exclude each other.
                let shown = option.isRequired ? " \(option.form)" : syntax.exclusive.contains(option) ? option.form : "[\(option.form)]"
                #expect(command.synopsis.contains(shown), "\(command.name): \(option.name)")
                let line = command.usage.split(separator: "\n").first { $0.hasPrefix("  \(option.form) ") }
                #expect(line?.hasSuffix(option.help.split(separator: "\n")[0]) == true, "\(command.name): \(option.name)")
                let given = option.takesValue ? [option.name, "x"] : [option.name]
                let parsed = try ArgumentParser.parse(given, command: command.name, syntax: syntax)
                #expect(
                    parsed.has(option) || parsed.value(option) == "x" || parsed.repeatedValues(option) == ["x"],
                    "\(command.name): \(option.name)")
            }
        }
        // Exclusive options are refused together, before the subcommand runs.
        let both = try run(["spec", "--check", "--verify", "Cookbook.xcodeproj"])
        #expect(both.status == 2)
        #expect(both.errors.hasPrefix("workspace: spec takes --check or --verify, not both"))
        #expect(both.runner.calls.isEmpty)
    }

    @Test("an unknown subcommand, or an option before the subcommand, is a usage error listing the subcommands")
    func anUnknownSubcommandIsAnError() throws {
        let commands =
            "commands: run, new-feature, test, check, spec, recipes, folding, graph, affected, gallery, watch, cassette, insights, help"
        for arguments in [["frobnicate"], ["--run"], ["--package-path", ".", "check"], ["help", "frobnicate"]] {
            let result = try run(arguments)
            #expect(result.status == 2)
            #expect(result.errors.contains(commands), "\(result.errors)")
            #expect(result.output.isEmpty)
            #expect(result.runner.calls.isEmpty, "nothing runs in its place")
        }
        #expect(try run(["frobnicate"]).errors.hasPrefix("workspace: unknown command “frobnicate”; commands: run,"))
        #expect(try run(["--run"]).errors.hasPrefix("workspace: the command comes first, then its options"))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command “frobnicate”"),
        (["spec", "--check=yes"], "spec: --check takes no value"),
        (["affected", "--base", "--run"], "affected: --base needs a value"),
        (["check", "extra"], "check takes no argument “extra”"),
        (["check", "--dry-run"], "check has no option --dry-run"),
        (["graph", "--format", "svg"], "unknown graph format “svg”; formats: mermaid, dot"),
        (["graph", "--base", "x"], "graph has no option --base"),
        (["new-feature"], "new-feature needs a NAME"),
        (["affected", "--base"], "--base needs a value"),
        (["test"], "test needs at least one MODULE, such as: workspace test Feed"),
        (["test", "Fed"], "unknown module “Fed”. Modules with tests: Core, App, EndToEnd, Feed, Favorites"),
        (["test", "Feed", "--base", "x"], "test has no option --base"),
        (["gallery", "--json"], "gallery has no option --json"),
        (["gallery", "Feed"], "gallery takes no argument “Feed”"),
        (["gallery", "--base"], "--base needs a value"),
    ])
    func badCommandLinesExitWithTwo(_ arguments: [String], _ message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func graphFindsThePackageAboveTheCurrentFolder() throws {
        let result = try run(["graph", "--format=dot"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("digraph \"Cookbook\" {"))
        #expect(result.runner.calls == ["swift package dump-package"])
    }

    @Test func theScratchPathIsPassedToSwift() throws {
        let result = try run(["graph", "--scratch-path", "/tmp/x"])
        #expect(result.runner.calls == ["swift package --scratch-path /tmp/x dump-package"])
    }

    @Test func specCheckFailsWhenTheSpecIsStaleAndSpecWritesIt() throws {
        let stale = try run(["spec", "--check"], files: ["project-spec.yml": "name: Old\n"])
        #expect(stale.status == 1)
        #expect(stale.errors.hasPrefix("project-spec.yml:1: project-spec.yml is stale"))

        let current = try run(
            ["spec", "--check"], files: ["project-spec.yml": SpecGenerator(manifest: try Fixtures.manifest()).generate()])
        #expect(current.status == 0)
        #expect(current.output == "project-spec.yml and the screens' registries are current")
    }

    @Test func aBadNameIsRejectedBeforeAnythingIsWritten() throws {
        let result = try run(["new-feature", "Pan_try"])
        #expect(result.status == 1)
        #expect(
            result.errors
                == "workspace: cannot create feature: “Pan_try” is not UpperCamelCase: use ASCII letters and digits only (e.g. PanTry)")
    }

    @Test func newFeatureUndoesItsWritesOnDiskWhenTheSpecCannotBeWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-undo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = DiskFileSystem(root: folder)
        for (path, text) in Fixtures.files().contents { try disk.write(text, to: path) }
        // A folder where the spec goes: writing it fails after every file of the feature was written.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("project-spec.yml"), withIntermediateDirectories: true)
        let before = Dictionary(uniqueKeysWithValues: disk.files(under: "").map { ($0, try? disk.read($0)) })
        let runner = ScriptedRunner(["swift package dump-package": CommandResult(status: 0, output: Fixtures.manifestJSON)])
        var errors: [String] = []

        let status = WorkspaceCommand(runner: runner, currentDirectory: folder.path, write: { _ in }, writeError: { errors.append($0) })
            .run(["new-feature", "Pantry"])

        #expect(status == 1)
        #expect(
            errors.first?.contains("new-feature stopped and everything it wrote was removed and every file it changed restored") == true)
        let after = Dictionary(uniqueKeysWithValues: disk.files(under: "").map { ($0, try? disk.read($0)) })
        #expect(after == before)
        #expect(!disk.itemExists("Features/Pantry"))
        #expect(!disk.itemExists("Sandboxes/PantrySandbox"))
        #expect(!disk.itemExists("Tests/PantryTests"))
        // What was there before stays, even where a file should have gone.
        #expect(disk.itemExists("project-spec.yml"))
    }

    @Test func affectedWithoutGitRunsEverythingAndSaysSo() throws {
        let result = try run(["affected"])
        #expect(result.status == 0)
        #expect(result.output.contains("Cannot tell what changed: this is not a git work tree (or git is missing). Running everything."))
        #expect(result.output.contains("Command: Tools/workspace test Core App EndToEnd Feed Favorites"))
    }

    @Test func affectedJSONPrintsOnlyTheMatrixOnStandardOutput() throws {
        let result = try run(["affected", "--json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [[String: String]]]
        #expect(object?["include"]?.map { $0["module"] } == ["Core", "App", "EndToEnd", "Feed", "Favorites"])
        #expect(result.errors.contains("Running everything."))
    }

    @Test func anUnknownBaseIsAUsageError() throws {
        let result = try run(["affected", "--base", "no-such-branch"])
        #expect(result.status == 2)
        #expect(result.errors.contains("git knows no commit “no-such-branch” to compare with"))
        #expect(try run(["affected", "--run", "--json"]).status == 2)
    }
}
