import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceFocus

/// The app's build by llbuild alone while SwiftPM's plan holds: the manifest it runs, what its
/// output says, and (Linux) when the focus builds that way.
@Suite("direct builds of the app")
struct DirectBuildTests {
    /// A build manifest in SwiftPM 6's layout: one command of each tool it writes.
    static func buildManifest(_ programs: String) -> String {
        """
        client:
          name: basic
          file-system: device-agnostic
        tools: {}
        targets:
          "Feed-x86_64-unknown-linux-gnu-debug.module": ["<Feed-x86_64-unknown-linux-gnu-debug.module>"]
          "cookbook-x86_64-unknown-linux-gnu-debug.exe": ["<cookbook-x86_64-unknown-linux-gnu-debug.exe>"]
          "cookbook-x86_64-unknown-linux-gnu-debug.module": ["<cookbook-x86_64-unknown-linux-gnu-debug.module>"]
        default: "main"
        nodes:
          "/w/Features/Feed/":
            is-directory-structure: true
            content-exclusion-patterns: [".git",".build"]
        commands:
          "\(programs)/Feed.build/sources":
            tool: write-auxiliary-file
            inputs: ["<sources-file-list>","/w/Features/Feed/FeedScreen.swift"]
            outputs: ["\(programs)/Feed.build/sources"]
            description: "Write auxiliary file \(programs)/Feed.build/sources"

          "C.Feed-x86_64-unknown-linux-gnu-debug.module":
            tool: shell
            inputs: ["/w/Features/Feed/FeedScreen.swift","\(programs)/Feed.build/sources"]
            outputs: ["\(programs)/Modules/Feed.swiftmodule"]
            description: "Compiling Swift Module 'Feed' (1 sources)"
            args: ["/usr/bin/swiftc","-module-name","Feed","@\(programs)/Feed.build/sources"]

          "PackageStructure":
            tool: package-structure-tool
            inputs: ["/w/Features/Feed/","/w/Package.swift"]
            outputs: ["<PackageStructure>"]
            description: "Planning build"
            allow-missing-inputs: true

          "<cookbook-x86_64-unknown-linux-gnu-debug.module>":
            tool: phony
            inputs: ["\(programs)/Modules/Feed.swiftmodule"]
            outputs: ["<cookbook-x86_64-unknown-linux-gnu-debug.module>"]

        """
    }

    @Test("the manifest names llbuild's own client and leaves out only the commands of SwiftPM's tools")
    func theManifestIsRewritten() throws {
        let original = Self.buildManifest("/w/.build/debug")
        let rewritten = try #require(DirectBuildManifest.rewrite(Data(original.utf8)))
        let text = String(decoding: rewritten, as: UTF8.self)
        #expect(text.hasPrefix("client:\n  name: swift-build\n  file-system: device-agnostic\n"))
        #expect(!text.contains("write-auxiliary-file") && !text.contains("package-structure-tool") && !text.contains("Planning build"))
        // Everything else is SwiftPM's, byte for byte: both share one build database.
        let kept = original.replacingOccurrences(of: "name: basic", with: "name: swift-build")
        let compile = try #require(kept.range(of: "  \"C.Feed-x86_64-unknown-linux-gnu-debug.module\":")).lowerBound
        let structure = try #require(kept.range(of: "  \"PackageStructure\":")).lowerBound
        let phony = try #require(kept.range(of: "  \"<cookbook-x86_64-unknown-linux-gnu-debug.module>\":\n    tool: phony")).lowerBound
        let nodes = try #require(kept.range(of: "commands:\n")).upperBound
        #expect(text == String(kept[..<nodes]) + String(kept[compile..<structure]) + String(kept[phony...]))

        #expect(DirectBuildManifest.rewrite(Data("client:\n  name: other\ncommands:\n".utf8)) == nil, "not SwiftPM's")
        #expect(DirectBuildManifest.rewrite(Data("client:\n  name: basic\n".utf8)) == nil, "no commands")
    }

    @Test("the commands of SwiftPM's tools are left out wherever they stand, each tool's before and after the other's")
    func leftOutCommandsInAnyOrder() throws {
        let original = Self.buildManifest("/w/.build/debug")
        let second = """
              "/w/.build/debug/Core.build/sources":
                tool: write-auxiliary-file
                inputs: ["<sources-file-list>","/w/Core/Core/Recipe.swift"]
                outputs: ["/w/.build/debug/Core.build/sources"]
                description: "Write auxiliary file /w/.build/debug/Core.build/sources"


            """
        // A second command of `write-auxiliary-file`, after the one of `package-structure-tool`.
        let phony = try #require(original.range(of: "  \"<cookbook-x86_64-unknown-linux-gnu-debug.module>\":\n    tool: phony")).lowerBound
        let shuffled = String(original[..<phony]) + second + String(original[phony...])
        let text = String(decoding: try #require(DirectBuildManifest.rewrite(Data(shuffled.utf8))), as: UTF8.self)
        #expect(!text.contains("write-auxiliary-file") && !text.contains("package-structure-tool") && !text.contains("Core.build/sources"))
        #expect(text.contains("\"C.Feed-x86_64-unknown-linux-gnu-debug.module\":\n    tool: shell"))
        let phonyCommand = String(original[phony...])
        #expect(text.hasSuffix(phonyCommand), "the last command, after both left-out ones, is kept whole")
    }

    @Test("a narrowed manifest keeps the commands of the modules asked for, and the one target built")
    func theManifestIsNarrowed() throws {
        let direct = try #require(DirectBuildManifest.rewrite(Data(Self.buildManifest("/w/.build/debug").utf8)))
        let target = "cookbook-x86_64-unknown-linux-gnu-debug.module"
        let program = try #require(DirectBuildManifest.narrowed(direct, to: ["cookbook"], program: "cookbook", target: target))
        let text = String(decoding: program, as: UTF8.self)
        #expect(text.hasPrefix("client:\n  name: swift-build\n  file-system: device-agnostic\ntools: {}\ntargets:\n  \"\(target)\":"))
        #expect(!text.contains("\"Feed-x86_64") && !text.contains("default:"), "the other targets are left out, and the default with them")
        #expect(text.contains("is-directory-structure: true"), "the nodes are kept")
        #expect(!text.contains("C.Feed-"), "Feed did not change: its command is left out, its module a plain file")
        #expect(text.contains("\"<cookbook-x86_64-unknown-linux-gnu-debug.module>\":\n    tool: phony"))

        let both = try #require(DirectBuildManifest.narrowed(direct, to: ["cookbook", "Feed"], program: "cookbook", target: target))
        #expect(String(decoding: both, as: UTF8.self).contains("\"C.Feed-x86_64-unknown-linux-gnu-debug.module\":\n    tool: shell"))
        #expect(DirectBuildManifest.narrowed(direct, to: ["cookbook"], program: "cookbook", target: "other-x86_64.module") == nil)

        #expect(
            DirectBuildManifest.module(
                ofCommand: "C.Feed-x86_64-unknown-linux-gnu-debug.module", suffix: "-x86_64-unknown-linux-gnu-debug.") == "Feed")
        #expect(
            DirectBuildManifest.module(
                ofCommand: "<Feed-x86_64-unknown-linux-gnu-debug.module>", suffix: "-x86_64-unknown-linux-gnu-debug.") == "Feed")
        #expect(DirectBuildManifest.module(ofCommand: "/w/.build/debug/Feed.build/Feed.swiftmodule.o", suffix: "-x") == "Feed")
        #expect(DirectBuildManifest.module(ofCommand: "PackageStructure", suffix: "-x") == nil)
    }

    @Test("the target built is the program's module, found among the manifest's targets")
    func theProgramsTarget() {
        let manifest = Data(Self.buildManifest("/w/.build/debug").utf8)
        #expect(DirectBuildManifest.moduleTarget(of: "cookbook", in: manifest) == "cookbook-x86_64-unknown-linux-gnu-debug.module")
        #expect(DirectBuildManifest.moduleTarget(of: "Feed", in: manifest) == "Feed-x86_64-unknown-linux-gnu-debug.module")
        #expect(DirectBuildManifest.moduleTarget(of: "FeedSandbox", in: manifest) == nil)
    }

    @Test("llbuild's descriptions and the compiler's warnings are shown; what compiled goes to the insights in SwiftPM's words")
    func theOutputIsRead() {
        var output = DirectBuildOutput { path in path.hasPrefix("/w/Features/Feed/") ? "Feed" : nil }
        var shown: [String] = []
        var recorded: [String] = []
        let lines = [
            "Compiling Swift Module 'Feed' (2 sources)", "211", "{", "  \"inputs\" : [",
            "    \"\\/w\\/Features\\/Feed\\/FeedScreen.swift\"", "  ],", "  \"kind\" : \"began\",", "  \"name\" : \"compile\",",
            "  \"pid\" : 7", "}",
            "remark: Incremental compilation: Scheduling changed input  {compile: FeedScreen.swift.o <= FeedScreen.swift}",
            "99", "{", "  \"kind\" : \"finished\",", "  \"name\" : \"compile\",",
            "  \"output\" : \"FeedScreen.swift:3:5: warning: 'x' was never used\\n\",", "  \"pid\" : 7,", "  \"exit-status\" : 0", "}",
        ]
        for line in lines {
            let read = output.read(line)
            shown += read.shown
            recorded += read.recorded
        }
        #expect(shown == ["Compiling Swift Module 'Feed' (2 sources)", "FeedScreen.swift:3:5: warning: 'x' was never used"])
        #expect(
            recorded == [
                "[0/0] Compiling Feed FeedScreen.swift",
                "remark: Incremental compilation: Scheduling changed input  {compile: FeedScreen.swift.o <= FeedScreen.swift}",
            ])
    }

    #if os(Linux)
        @Test("run cookbook builds directly while SwiftPM's plan holds; a new file, or a failed direct build, goes through SwiftPM")
        func theFocusBuildsDirectlyWhileThePlanHolds() throws {
            let disk = try FocusOnDisk()
            var manifest = try Fixtures.manifest()
            // Core stands for URLSessionHTTP: a library the split link builds by SwiftPM, which writes its manifest again.
            manifest.dynamicLibraries = [.init(name: "Core", targets: ["Core"])]
            let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["cookbook"]))
            try Fixtures.packageSwift.write(to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let screen = disk.root.appendingPathComponent("Features/Feed/FeedScreen.swift")
            try "import Core\n".write(to: screen, atomically: true, encoding: .utf8)
            let scratch = disk.focus.scratch(for: closure)
            try FileManager.default.createDirectory(atPath: disk.focus.programs(for: closure), withIntermediateDirectories: true)
            try Self.buildManifest(disk.focus.programs(for: closure)).write(
                toFile: scratch + "/debug.yaml", atomically: true, encoding: .utf8)
            try "a database".write(toFile: scratch + "/build.db", atomically: true, encoding: .utf8)

            let tool = disk.focus.toolchainPrograms.map { $0 + "/swift-build-tool" }
            let direct =
                (["env", "-i"] + Focus.buildEnvironment(from: ProcessInfo.processInfo.environment) + [
                    tool ?? "", "-f", scratch + "/direct-build.yaml", "--db", scratch + "/build.db",
                    "cookbook-x86_64-unknown-linux-gnu-debug.module",
                ]).joined(separator: " ")
            // Once a build succeeded, only the modules whose files changed and their dependents.
            let narrowed = direct.replacingOccurrences(of: "/direct-build.yaml", with: "/direct-build-narrowed.yaml")
            let alone = disk.build + " --target cookbook"
            // The fixture's manifest has no link for the split link to read: SwiftPM links, whole.
            let product = disk.build + " --product Core"
            let runner = ScriptedRunner([
                alone: CommandResult(status: 0), disk.build: CommandResult(status: 0), direct: CommandResult(status: 0),
                narrowed: CommandResult(status: 0), product: CommandResult(status: 0),
            ])
            runner.effects[product] = {
                try "library".write(toFile: disk.focus.programs(for: closure) + "/libCore.so", atomically: true, encoding: .utf8)
                try Self.buildManifest(disk.focus.programs(for: closure)).write(
                    toFile: scratch + "/debug.yaml", atomically: true, encoding: .utf8)
            }
            var edits = 0
            func editAndBuild(_ read: Manifest? = nil) throws -> [String] {
                edits += 1
                try "import Core\nlet edited = \(edits)\n".write(to: screen, atomically: true, encoding: .utf8)
                let before = runner.calls.count
                _ = try disk.focus.build(closure, of: read ?? manifest, runner: runner, program: "cookbook", waiting: {})
                return Array(runner.calls.dropFirst(before))
            }

            #expect(try editAndBuild() == [alone, product, disk.build], "SwiftPM plans first")
            guard let tool, FileManager.default.isExecutableFile(atPath: tool) else {
                #expect(try editAndBuild() == [alone, disk.build], "without swift-build-tool, SwiftPM builds every time")
                return
            }
            #expect(try editAndBuild() == [narrowed, disk.build], "an edit keeps the plan: built directly")
            let rewritten = try String(contentsOfFile: scratch + "/direct-build.yaml", encoding: .utf8)
            #expect(rewritten.hasPrefix("client:\n  name: swift-build\n") && !rewritten.contains("write-auxiliary-file"))
            let checked = try String(contentsOfFile: scratch + "/direct-build-narrowed.yaml", encoding: .utf8)
            #expect(checked.contains("\"C.Feed-x86_64-unknown-linux-gnu-debug.module\":"), "Feed changed: its command is run")

            try "import Core\n".write(
                to: disk.root.appendingPathComponent("Features/Feed/FeedRow.swift"), atomically: true, encoding: .utf8)
            #expect(try editAndBuild() == [alone, disk.build], "a new file: SwiftPM plans again")
            #expect(try editAndBuild() == [narrowed, disk.build])

            runner.answers[narrowed] = CommandResult(status: 1)
            #expect(try editAndBuild() == [narrowed, alone, disk.build], "a failed direct build is SwiftPM's to report")
            runner.answers[narrowed] = CommandResult(status: 0)

            // Package.swift changed, as SwiftPM reads it: only the closure's declarations decide.
            try (Fixtures.packageSwift + "// FeedTests gained a dependency\n").write(
                to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            var elsewhere = manifest
            elsewhere.targetDeclarations["FeedTests"] = "FeedTests with a dependency more"
            #expect(!closure.contains("FeedTests"))
            #expect(try editAndBuild(elsewhere) == [narrowed, disk.build], "another target's declaration: the plan holds")
            var inside = manifest
            inside.targetDeclarations["Feed"] = "Feed with a dependency more"
            #expect(try editAndBuild(inside) == [alone, disk.build], "a declaration in the closure: SwiftPM plans again")
            var unread = inside
            unread.packageDeclaration = nil
            #expect(try editAndBuild(unread) == [alone, disk.build], "declarations not known: Package.swift's stamp decides")
            #expect(try editAndBuild(unread) == [narrowed, disk.build])

            try FileManager.default.removeItem(atPath: disk.focus.folder + "/direct-builds.json")
            #expect(try editAndBuild() == [alone, disk.build], "no record of SwiftPM's plan: SwiftPM")
            try FileManager.default.removeItem(atPath: scratch + "/direct-build-narrowed.yaml")
            var records = disk.focus.planRecords.read()
            for key in records.keys { records[key]?.sources = nil }
            disk.focus.planRecords.write(records)
            #expect(try editAndBuild() == [direct, disk.build], "no record of what the last build listed: every module is checked")

            try "client:\n  name: basic\n# planned again by another command\n".write(
                toFile: scratch + "/debug.yaml", atomically: true, encoding: .utf8)
            #expect(try editAndBuild().first == alone, "another plan in the folder: SwiftPM")
        }
    #endif
}
