import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceFocus

@Suite("A focused build with nothing to do does not run SwiftPM")
struct FocusBuildStampsTests {
    let disk: FocusOnDisk
    let manifest: Manifest
    let closure: Set<String>

    init() throws {
        disk = try FocusOnDisk()
        manifest = try Fixtures.manifest()
        closure = Set(ModuleGraph(manifest: manifest).closure(of: ["FeedSandbox"]))
        try Fixtures.packageSwift.write(to: disk.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try write("import Core\n", to: "Features/Feed/FeedScreen.swift")
        try FileManager.default.createDirectory(atPath: disk.focus.programs(for: closure), withIntermediateDirectories: true)
        try write("a program", toProgram: "FeedSandbox")
    }

    func write(_ text: String, to path: String) throws {
        try text.write(to: disk.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    func write(_ text: String, toProgram name: String) throws {
        try text.write(toFile: disk.focus.programs(for: closure) + "/" + name, atomically: true, encoding: .utf8)
    }

    /// Builds the sandbox's closure with SwiftPM answering `status`; how many times SwiftPM ran.
    func build(_ runner: ScriptedRunner) throws -> Int {
        _ = try disk.focus.build(closure, of: manifest, runner: runner, waiting: {})
        return runner.calls.filter { $0 == disk.build }.count
    }

    @Test("the same build again is skipped; an edit, a new file, another Package.swift or a deleted program builds")
    func skipsOnlyWhatWouldDoNothing() throws {
        let runner = ScriptedRunner([disk.build: CommandResult(status: 0)])
        #expect(try build(runner) == 1)
        #expect(try build(runner) == 1, "nothing changed: SwiftPM is not asked")

        try write("import Core\nlet edited = 1\n", to: "Features/Feed/FeedScreen.swift")
        #expect(try build(runner) == 2, "an edited file builds")
        #expect(try build(runner) == 2)

        try write("import Core\n", to: "Features/Feed/FeedRow.swift")
        #expect(try build(runner) == 3, "a new file builds")

        try write(Fixtures.packageSwift + "// another line\n", to: "Package.swift")
        #expect(try build(runner) == 4, "a changed Package.swift builds")

        try FileManager.default.removeItem(atPath: disk.focus.programs(for: closure) + "/FeedSandbox")
        #expect(try build(runner) == 5, "a missing program builds")
    }

    @Test("a failed build is never taken for a success: the next one runs SwiftPM again")
    func aFailureIsNotRecorded() throws {
        let runner = ScriptedRunner([disk.build: CommandResult(status: 0)])
        #expect(try build(runner) == 1)
        try write("import Core\nlet broken = \n", to: "Features/Feed/FeedScreen.swift")
        runner.answers[disk.build] = CommandResult(status: 1, errorOutput: "error: expected expression")
        #expect(try build(runner) == 2)
        #expect(try build(runner) == 3, "after a failure, the same inputs build again")
        // Back to the text of the first success: its stamps are gone, so it builds.
        try write("import Core\n", to: "Features/Feed/FeedScreen.swift")
        runner.answers[disk.build] = CommandResult(status: 0)
        #expect(try build(runner) == 4)
    }

    @Test("a program another command rebuilt, or another build's line, runs SwiftPM")
    func otherOutputsOrCommandsBuild() throws {
        let runner = ScriptedRunner([disk.build: CommandResult(status: 0)])
        #expect(try build(runner) == 1)
        try write("a program rebuilt by plain swift build, longer", toProgram: "FeedSandbox")
        #expect(try build(runner) == 2)
        let stamps = FocusBuildStamps(record: disk.focus.folder + "/builds-done.json")
        let inputs = try #require(
            FocusBuildStamps.inputs(of: closure, in: manifest, command: ["swift", "build"], packageRoot: disk.root.path))
        let outputs = try #require(FocusBuildStamps.outputs(in: disk.focus.programs(for: closure), executables: ["FeedSandbox"]))
        #expect(!stamps.isCurrent(["swift", "build"], .init(inputs: inputs, outputs: outputs)))
        #expect(FocusBuildStamps.outputs(in: disk.focus.programs(for: closure), executables: ["FeedSandbox", "cookbook"]) == nil)
    }

    @Test("the build that makes a folder's database runs again at once, so that the next edit's build keeps the plan")
    func theFirstBuildInAFolderRecordsThePlan() throws {
        let runner = ScriptedRunner([disk.build: CommandResult(status: 0)])
        let database = disk.focus.scratch(for: closure) + "/build.db"
        runner.effects[disk.build] = { try Data().write(to: URL(fileURLWithPath: database)) }
        #expect(try build(runner) == 2, "SwiftPM's first build in a folder leaves its plan unchecked; the second plans again")
        try write("import Core\n// edited\n", to: "Features/Feed/FeedScreen.swift")
        #expect(try build(runner) == 3, "with the database there, an edit builds once")
    }

    @Test("a failed first build is not run again")
    func aFailedFirstBuildIsNotRepeated() throws {
        let runner = ScriptedRunner([disk.build: CommandResult(status: 1)])
        let database = disk.focus.scratch(for: closure) + "/build.db"
        runner.effects[disk.build] = { try Data().write(to: URL(fileURLWithPath: database)) }
        #expect(try build(runner) == 1)
    }

    @Test("the record keeps a bounded number of command lines, the newest always")
    func theRecordIsBounded() throws {
        let stamps = FocusBuildStamps(record: disk.root.appendingPathComponent("builds-done.json").path)
        let some = FocusBuildStamps.Stamps(inputs: "1", outputs: "2")
        for number in 0...FocusBuildStamps.bound {
            stamps.record(["swift", "build", "--product", "Program\(number)"], some)
        }
        #expect(stamps.isCurrent(["swift", "build", "--product", "Program\(FocusBuildStamps.bound)"], some))
        let data = try Data(contentsOf: disk.root.appendingPathComponent("builds-done.json"))
        let kept = try JSONDecoder().decode([String: FocusBuildStamps.Stamps].self, from: data)
        #expect(kept.count <= FocusBuildStamps.bound)
    }

    @Test("one walk lists each target's files with their status, sorted, without hidden files and folders")
    func listing() throws {
        try write("import Core\n", to: "Features/Feed/FeedState.swift")
        try write("notes\n", to: "Features/Feed/.notes")
        try FileManager.default.createDirectory(
            at: disk.root.appendingPathComponent("Features/Feed/.hidden"), withIntermediateDirectories: true)
        try write("import Core\n", to: "Features/Feed/.hidden/Ignored.swift")
        let listing = ClosureListing(targets: closure, of: manifest, packageRoot: disk.root.path)
        let feed = try #require(listing.files["Feed"] ?? nil)
        #expect(feed.map(\.path) == ["Features/Feed/FeedScreen.swift", "Features/Feed/FeedState.swift"])
        #expect(feed.allSatisfy { $0.status.kind == .file && $0.status.size == 12 })
        #expect(listing.swiftFiles(of: "Feed")?.count == 2)
        #expect(listing.files["Favorites"] == nil, "only the closure's targets are listed")
    }
}
