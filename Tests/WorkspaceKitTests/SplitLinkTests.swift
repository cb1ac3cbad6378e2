#if os(Linux)
    import Foundation
    import Testing

    @testable import WorkspaceBase
    @testable import WorkspaceFocus
    import WorkspaceInsights

    /// SwiftPM's build manifest (`debug.yaml`) for the fixture's app, in SwiftPM's own layout: the
    /// object list of the program's link, the link's command, and one wrap for the debugger.
    struct BuildManifestFixture {
        let programs: String
        let manifest: Manifest

        /// Targets and their objects, as SwiftPM names them (`Feed.build/FeedScreen.swift.o`).
        var objects: [String] {
            var targets = ["Core", "Feed", "Favorites", "App", "cookbook"] + manifest.entries.map(\.name)
            targets.sort()
            return targets.flatMap { target in
                ["\(programs)/\(target).build/\(target).swift.o", "\(programs)/\(target).build/\(target).swiftmodule.o"]
            }
        }

        func quoted(_ words: [String]) -> String { "[" + words.map { "\"\($0)\"" }.joined(separator: ",") + "]" }

        var text: String {
            """
            client:
              name: basic
            commands:
              "\(programs)/Feed.build/Feed.swiftmodule.o":
                tool: shell
                inputs: ["\(programs)/Modules/Feed.swiftmodule"]
                outputs: ["\(programs)/Feed.build/Feed.swiftmodule.o"]
                description: "Wrapping AST for Feed for debugging"
                args: ["/usr/bin/swiftc","-modulewrap","\(programs)/Modules/Feed.swiftmodule","-o","\(programs)/Feed.build/Feed.swiftmodule.o"]

              "\(programs)/cookbook.product/Objects.LinkFileList":
                tool: write-auxiliary-file
                inputs: \(quoted(["<link-file-list>"] + objects))
                outputs: ["\(programs)/cookbook.product/Objects.LinkFileList"]
                description: "Write auxiliary file \(programs)/cookbook.product/Objects.LinkFileList"

              "C.cookbook-x86_64-unknown-linux-gnu-debug.exe":
                tool: shell
                inputs: \(quoted(objects))
                outputs: ["\(programs)/cookbook"]
                description: "Linking ./.build/x86_64-unknown-linux-gnu/debug/cookbook"
                args: \(quoted(linkArguments))

            """
        }

        var linkArguments: [String] {
            [
                "/usr/bin/swiftc", "-lsqlite3", "-L", programs, "-o", "\(programs)/cookbook", "-module-name", "cookbook",
                "-emit-executable",
                "-Xlinker", "--defsym", "-Xlinker", "main=cookbook_main", "-Xlinker", "-rpath=$ORIGIN",
                "@\(programs)/cookbook.product/Objects.LinkFileList", "-use-ld=lld", "-g",
            ]
        }

        func plan() throws -> SplitLinkPlan {
            try #require(SplitLinkPlan.plan(program: "cookbook", buildManifest: Data(text.utf8), manifest: manifest))
        }
    }

    /// Runs the link commands as a linker would: writes the file after `-o`, or fails when asked to.
    /// The split link runs several at once, so what it records is behind a lock.
    final class LinkingRunner: CommandRunning, @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [[String]] = []
        var calls: [[String]] { lock.withLock { recorded } }
        /// Commands whose output file ends with this fail.
        var failing: String?

        /// The files linked, by name (`libcookbook-base.so`; written as `….linking`, then renamed).
        var links: [String] {
            calls.filter { !$0.contains("-modulewrap") }.compactMap(Self.output).map { path in
                let name = (path as NSString).lastPathComponent
                return name.hasSuffix(".linking") ? String(name.dropLast(".linking".count)) : name
            }
        }
        var wraps: [String] { calls.filter { $0.contains("-modulewrap") }.compactMap(Self.output) }

        static func output(of command: [String]) -> String? {
            command.firstIndex(of: "-o").flatMap { command.indices.contains($0 + 1) ? command[$0 + 1] : nil }
        }

        func capture(_ program: String, _ arguments: [String], in directory: String) throws -> CommandResult {
            let command = [program] + arguments
            let number = lock.withLock {
                recorded.append(command)
                return recorded.count
            }
            guard let output = Self.output(of: command) else { return CommandResult(status: 1, errorOutput: "no -o") }
            // What the linker does before it fails: a partial file at the output.
            try "linked \(number)".write(toFile: output, atomically: false, encoding: .utf8)
            if let failing, output.hasSuffix(failing) { return CommandResult(status: 1, errorOutput: "ld.lld: error: undefined symbol") }
            return CommandResult(status: 0)
        }

        func stream(_ program: String, _ arguments: [String], in directory: String) throws -> Int32 { 0 }
        func run(_ program: String, _ arguments: [String], in directory: String, eachLine: (String) -> Void) throws -> Int32 { 0 }
        func replaceProcess(with path: String, _ arguments: [String]) throws -> Int32 { 0 }
    }

    @Suite("the app linked as a small program over one library per Entries part")
    struct SplitLinkTests {
        /// A folder of its own, removed after the test.
        let disk: FocusOnDisk
        var root: URL { disk.root }
        let fixture: BuildManifestFixture

        init() throws {
            disk = try FocusOnDisk()
            let root = disk.root
            fixture = BuildManifestFixture(programs: root.path, manifest: try Fixtures.manifest())
            try write(root.path + "/Modules/Feed.swiftmodule", "module")
            for object in fixture.objects { try write(object, "object") }
        }

        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// Writes a file again with a later modification time, as the compiler does.
        func rewrite(_ path: String) throws {
            try FileManager.default.removeItem(atPath: path)
            try write(path, "object compiled again")
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
        }

        var feedPart: String { "libcookbook-\(Conventions.entriesModule(of: "Feed")).so" }

        @Test("a feature's objects go with its Entries part, App's with the program, the rest in the base library")
        func grouping() throws {
            let plan = try fixture.plan()
            let units = Dictionary(uniqueKeysWithValues: plan.units.map { ($0.file, $0) })
            #expect(plan.units.count == 1 + Conventions.partCount + 1)
            #expect(plan.units.first?.file == "libcookbook-base.so")
            #expect(plan.units.last?.file == "cookbook")
            func targets(_ file: String) -> Set<String> { Set(units[file]?.objects.map(SplitLinkPlan.target(ofObject:)) ?? []) }
            #expect(targets("libcookbook-base.so") == ["Core"])
            #expect(targets(feedPart) == ["Feed", Conventions.entriesModule(of: "Feed")])
            #expect(targets("cookbook") == ["App", "cookbook"])
            #expect(units["cookbook"]?.libraries.count == 1 + Conventions.partCount)
            #expect(units[feedPart]?.libraries == ["cookbook-base"])
        }

        @Test("the plan is kept for the build manifest it was read from, word for word, and not for another")
        func thePlanIsRecorded() throws {
            let plan = try fixture.plan()
            #expect(!plan.wraps.isEmpty && plan.units.contains { $0.libraries.isEmpty })
            let record = SplitLinkPlanRecord(path: root.path + "/cookbook.split-link/plan")
            record.write(plan, stamp: "100 1.5 7")
            #expect(record.read(program: "cookbook", stamp: "100 1.5 7") == plan)
            #expect(record.read(program: "cookbook", stamp: "101 1.5 7") == nil, "another manifest: read again")

            var unusual = plan
            unusual.units[0].objects.append(root.path + "/Odd.build/two\tfields.o")
            record.write(unusual, stamp: "102 1.5 7")
            #expect(record.read(program: "cookbook", stamp: "102 1.5 7") == nil, "a tab in a path is not kept")
        }

        @Test("a library's command is SwiftPM's link made a library's; the program's keeps its entry point")
        func commands() throws {
            let plan = try fixture.plan()
            let part = try #require(plan.units.first { $0.file == feedPart })
            let library = plan.command(linking: part, objectList: "/tmp/list", output: "/tmp/out.so")
            #expect(library.contains("-emit-library") && !library.contains("-emit-executable"))
            #expect(!library.contains("--defsym") && !library.contains("main=cookbook_main"))
            #expect(library.contains("@/tmp/list") && library.contains("-lcookbook-base") && library.contains("-rpath=$ORIGIN"))
            #expect(LinkingRunner.output(of: library) == "/tmp/out.so")
            let program = try #require(plan.units.last)
            let executable = plan.command(linking: program, objectList: "/tmp/list", output: "/tmp/cookbook")
            #expect(executable.contains("-emit-executable") && executable.contains("main=cookbook_main"))
            #expect(executable.contains("-lcookbook-\(Conventions.entriesModule(of: "Favorites"))"))
        }

        @Test("only what changed links again: a feature's object its part, App's the program, a replaced program itself")
        func relinksWhatChanged() throws {
            let link = SplitLink(plan: try fixture.plan(), programs: root.path)
            let runner = LinkingRunner()
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(runner.links.count == 1 + Conventions.partCount + 1, "everything links the first time")
            #expect(runner.links.first == "libcookbook-base.so", "the parts link against the base library")
            #expect(runner.links.last == "cookbook", "the program links against every library")
            #expect(runner.wraps.isEmpty, "the wrap is newer than its module")

            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(runner.links.count == 22, "nothing changed: nothing links")

            try rewrite(root.path + "/Feed.build/Feed.swift.o")
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(Array(runner.links.dropFirst(22)) == [feedPart])

            try rewrite(root.path + "/App.build/App.swift.o")
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(Array(runner.links.dropFirst(23)) == ["cookbook"])

            try write(root.path + "/cookbook", "the program as swift build links it, whole")
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(Array(runner.links.dropFirst(24)) == ["cookbook"])
        }

        @Test("a feature edited alone in a part of many links apart from then on, and its part's library against it")
        func linksTheEditedFeatureApart() throws {
            let features = ["Feed", "Favorites", "Search", "Pantry", "Timer"]
            let part = "EntriesPart01"
            func objects(_ target: String) -> [String] { ["\(root.path)/\(target).build/\(target).swift.o"] }
            for target in features + [part, "Core", "App"] { for object in objects(target) { try write(object, "object") } }
            let plan = SplitLinkPlan(
                program: "cookbook", arguments: fixture.linkArguments,
                units: [
                    .init(name: "cookbook-base", isProgram: false, objects: objects("Core"), libraries: []),
                    .init(
                        name: "cookbook-\(part)", isProgram: false, objects: features.flatMap(objects) + objects(part),
                        libraries: ["cookbook-base"]),
                    .init(name: "cookbook", isProgram: true, objects: objects("App"), libraries: ["cookbook-base", "cookbook-\(part)"]),
                ])
            #expect(plan.separating(["Nowhere", part]) == plan, "neither a name outside the parts nor the part's Entries module")
            let link = SplitLink(plan: plan, programs: root.path)
            let runner = LinkingRunner()
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(runner.links == ["libcookbook-base.so", "libcookbook-\(part).so", "cookbook"])

            try rewrite(root.path + "/Feed.build/Feed.swift.o")
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(
                Array(runner.links.dropFirst(3)) == ["libcookbook-Feed.so", "libcookbook-\(part).so"], "the program's command is the same")
            let partLink = try #require(runner.calls.last)
            #expect(partLink.contains("-lcookbook-Feed") && partLink.contains("-lcookbook-base"))
            let partObjects = try String(contentsOfFile: link.folder + "/libcookbook-\(part).so.objects", encoding: .utf8)
            #expect(!partObjects.contains("Feed.build") && partObjects.contains("Favorites.build"))

            try rewrite(root.path + "/Feed.build/Feed.swift.o")
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(Array(runner.links.dropFirst(5)) == ["libcookbook-Feed.so"], "Feed's next edit links its own objects alone")

            try rewrite(root.path + "/Search.build/Search.swift.o")
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(Array(runner.links.dropFirst(6)) == ["libcookbook-Search.so", "libcookbook-\(part).so"])
            #expect(try String(contentsOfFile: link.linkedApartRecord, encoding: .utf8) == "Feed\nSearch\n")

            // Core changed: every feature compiled again, and nothing more is linked apart.
            for target in features + ["Core"] { try rewrite(root.path + "/\(target).build/\(target).swift.o") }
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            let afterCore = Array(runner.links.dropFirst(8))
            #expect(afterCore.first == "libcookbook-base.so" && afterCore.last == "libcookbook-\(part).so")
            #expect(Set(afterCore) == ["libcookbook-base.so", "libcookbook-Feed.so", "libcookbook-Search.so", "libcookbook-\(part).so"])
            #expect(try String(contentsOfFile: link.linkedApartRecord, encoding: .utf8) == "Feed\nSearch\n")
            #expect(link.outdated().isEmpty)
        }

        @Test("a module newer than its wrap is wrapped again before the link")
        func wrapsAgain() throws {
            let link = SplitLink(plan: try fixture.plan(), programs: root.path)
            let runner = LinkingRunner()
            _ = try link.link(runner: runner) { _ in }
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: root.path + "/Modules/Feed.swiftmodule")
            var told: [String] = []
            #expect(try link.link(runner: runner) { told.append($0) }.succeeded)
            #expect(runner.wraps == [root.path + "/Feed.build/Feed.swiftmodule.o"])
            #expect(told.first == "Wrapping Feed.swiftmodule.o for the debugger")
            #expect(told.last?.hasPrefix("[1/1] Linking \(feedPart)") == true, "the wrap is an object of Feed's part")
        }

        @Test("a failed link keeps the last good library, leaves no partial file, and links again next time")
        func failureKeepsTheLastGoodFile() throws {
            let link = SplitLink(plan: try fixture.plan(), programs: root.path)
            let runner = LinkingRunner()
            _ = try link.link(runner: runner) { _ in }
            let good = try String(contentsOfFile: root.path + "/" + feedPart, encoding: .utf8)

            try rewrite(root.path + "/Feed.build/Feed.swift.o")
            runner.failing = feedPart + ".linking"
            let failed = try link.link(runner: runner) { _ in }
            #expect(!failed.succeeded)
            #expect(failed.errorOutput.contains("undefined symbol"))
            #expect(try String(contentsOfFile: root.path + "/" + feedPart, encoding: .utf8) == good)
            #expect(!FileManager.default.fileExists(atPath: root.path + "/" + feedPart + ".linking"))

            runner.failing = nil
            #expect(try link.link(runner: runner) { _ in }.succeeded)
            #expect(runner.links.last == feedPart)
            let last = try #require(runner.calls.last)
            let output = try #require(LinkingRunner.output(of: last))
            #expect(output.hasSuffix(".linking"), "linked under a temporary name, then put in place")
            #expect(try String(contentsOfFile: root.path + "/" + feedPart, encoding: .utf8) != good)
        }

        @Test("a closure without Entries parts, or a manifest without the program's link, is not split")
        func notSplit() throws {
            #expect(SplitLinkPlan.plan(program: "FeedSandbox", buildManifest: Data(fixture.text.utf8), manifest: fixture.manifest) == nil)
            let withoutEntries = fixture.text.replacingOccurrences(of: "EntriesPart", with: "Other")
            #expect(SplitLinkPlan.plan(program: "cookbook", buildManifest: Data(withoutEntries.utf8), manifest: fixture.manifest) == nil)
        }

        @Test("run cookbook builds the app's target alone once SwiftPM's plan is there; a plan without the link builds it whole")
        func buildsTheTargetAlone() throws {
            let manifest = try Fixtures.manifest()
            let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["cookbook"]))
            try Fixtures.packageSwift.write(to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let screen = disk.root.appendingPathComponent("Features/Feed/FeedScreen.swift")
            try "import Core\n".write(to: screen, atomically: true, encoding: .utf8)
            let alone = disk.build + " --target cookbook"
            let runner = ScriptedRunner([disk.build: CommandResult(status: 0), alone: CommandResult(status: 0)])

            _ = try disk.focus.build(closure, of: manifest, runner: runner, program: "cookbook", waiting: {})
            #expect(runner.calls == [disk.build], "no plan yet: the first build is SwiftPM's whole one")

            // A plan that does not say how SwiftPM links the program: SwiftPM links it, whole.
            try FileManager.default.createDirectory(atPath: disk.focus.scratch(for: closure), withIntermediateDirectories: true)
            try "client:\n  name: basic\n".write(
                toFile: disk.focus.scratch(for: closure) + "/debug.yaml", atomically: true, encoding: .utf8)
            try "import Core\nlet edited = 1\n".write(to: screen, atomically: true, encoding: .utf8)
            _ = try disk.focus.build(closure, of: manifest, runner: runner, program: "cookbook", waiting: {})
            #expect(runner.calls == [disk.build, alone, disk.build])

            // A sandbox is linked by SwiftPM, as before.
            let sandbox = Set(ModuleGraph(manifest: manifest).closure(of: ["FeedSandbox"]))
            _ = try disk.focus.build(sandbox, of: manifest, runner: runner, program: "FeedSandbox", waiting: {})
            #expect(runner.calls.last == disk.build)
        }

        @Test("the insights' record of an app build ends after its split link: a link that fails is a failed build")
        func theRecordIncludesTheLink() throws {
            let manifest = try Fixtures.manifest()
            let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["cookbook"]))
            try Fixtures.packageSwift.write(to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "import Core\n".write(
                to: disk.root.appendingPathComponent("Features/Feed/FeedScreen.swift"), atomically: true, encoding: .utf8)
            let programs = disk.focus.programs(for: closure)
            let split = BuildManifestFixture(programs: programs, manifest: manifest)
            for object in split.objects { try write(object, "object") }
            try write(disk.focus.scratch(for: closure) + "/debug.yaml", split.text)
            try write(disk.focus.scratch(for: closure) + "/build.db", "a database")
            // SwiftPM builds the target; the split link's commands are not scripted, so they fail.
            let runner = ScriptedRunner([disk.build + " --target cookbook": CommandResult(status: 0)])
            let store = InsightsStore(at: root.appendingPathComponent("insights.sqlite"))
            let recorder = BuildRecorder(
                command: "run", loop: .app, target: "cookbook", arguments: ["cookbook"],
                settings: .init(store: store, packageRoot: root.path, featureCount: manifest.features.count, moduleFolders: [:]),
                warn: { _ in })

            let result = try disk.focus.build(
                closure, of: manifest, runner: runner, recorder: { recorder }, program: "cookbook", waiting: {})
            #expect(!result.succeeded)
            #expect(runner.calls.contains { $0.contains("-modulewrap") || $0.contains("-emit-library") }, "the split link ran")
            let records = try store.records(since: nil)
            #expect(records.count == 1)
            #expect(records.first?.exitStatus == result.status, "recorded as the link left it, not as SwiftPM did")
        }

        @Test("a library the app opens at run time is built when a file it is built from changed, not for a new feature")
        func librariesTheAppOpens() throws {
            var manifest = try Fixtures.manifest()
            // Core stands for URLSessionHTTP: a dynamic library in the app's closure that no product of it links.
            manifest.dynamicLibraries = [.init(name: "Core", targets: ["Core"])]
            let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["cookbook"]))
            try Fixtures.packageSwift.write(to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let feed = disk.root.appendingPathComponent("Features/Feed/FeedScreen.swift")
            let core = disk.root.appendingPathComponent("Core/Core/Screen.swift")
            try "import Core\n".write(to: feed, atomically: true, encoding: .utf8)
            try "public protocol Screen {}\n".write(to: core, atomically: true, encoding: .utf8)
            let scratch = disk.focus.scratch(for: closure)
            try FileManager.default.createDirectory(atPath: disk.focus.programs(for: closure), withIntermediateDirectories: true)
            try "client:\n  name: basic\n".write(toFile: scratch + "/debug.yaml", atomically: true, encoding: .utf8)
            let alone = disk.build + " --target cookbook"
            let product = disk.build + " --product Core"
            let runner = ScriptedRunner([
                disk.build: CommandResult(status: 0), alone: CommandResult(status: 0), product: CommandResult(status: 0),
            ])
            runner.effects[product] = {
                try "library".write(toFile: disk.focus.programs(for: closure) + "/libCore.so", atomically: true, encoding: .utf8)
            }
            func build() throws -> [String] {
                let before = runner.calls.count
                _ = try disk.focus.build(closure, of: manifest, runner: runner, program: "cookbook", waiting: {})
                return Array(runner.calls.dropFirst(before))
            }

            #expect(try build() == [alone, product, disk.build], "no library yet: built by its product")
            try "import Core\nlet edited = 1\n".write(to: feed, atomically: true, encoding: .utf8)
            try (Fixtures.packageSwift + "// a new feature\n").write(
                to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            #expect(try build() == [alone, disk.build], "a feature's edit and a changed Package.swift leave the library alone")
            try "public protocol Screen { var title: String { get } }\n".write(to: core, atomically: true, encoding: .utf8)
            #expect(try build() == [alone, product, disk.build], "a file it is built from changed")
        }

        @Test("a path with a space or a quote is quoted in the object list")
        func quoting() {
            #expect(SplitLink.quoted("/a/b.o") == "/a/b.o")
            #expect(SplitLink.quoted("/my work/b.o") == "\"/my work/b.o\"")
            #expect(SplitLink.quoted("/a\"b.o") == "\"/a\\\"b.o\"")
        }
    }
#endif
