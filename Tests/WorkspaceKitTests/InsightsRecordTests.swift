import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceInsights
@testable import WorkspaceKit

@Suite("insights record: any command recorded, its output passed through")
struct InsightsRecordTests {
    /// An empty package of its own: where the command runs and its record is kept.
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("insights-record-\(UUID().uuidString)")

    init() throws {
        let manifest = root.appendingPathComponent("Package.swift")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\nimport PackageDescription\n".write(to: manifest, atomically: true, encoding: .utf8)
    }

    func command(output: @escaping (String) -> Void = { _ in }, errors: @escaping (String) -> Void = { _ in }) -> WorkspaceCommand {
        var command = WorkspaceCommand(runner: ProcessRunner(), currentDirectory: root.path, write: output, writeError: errors)
        command.recordsBuilds = true
        return command
    }

    var store: InsightsStore { InsightsStore(at: InsightsStore.defaultLocation(packageRoot: root.path)) }

    @Test("a command that fails is recorded as failed, with its time, and its status and output are its own")
    func failingCommand() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var lines: [String] = []
        let status = command(output: { lines.append($0) }).run([
            "insights", "record", "--", "sh", "-c", "echo compiling; sleep 0.2; exit 3",
        ])

        #expect(status == 3)
        #expect(lines == ["compiling"])
        let records = try store.records(since: nil)
        #expect(records.count == 1)
        #expect(records.first?.exitStatus == 3)
        #expect(records.first?.command == "record")
        #expect(records.first?.loop == .other)
        #expect(records.first?.arguments == ["sh", "-c", "echo compiling; sleep 0.2; exit 3"])
        #expect((records.first?.wallSeconds ?? 0) >= 0.2)
    }

    @Test("COOKBOOK_INSIGHTS=off (recordsBuilds false) runs the command and records nothing")
    func recordingOff() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var command = command()
        command.recordsBuilds = false
        #expect(command.run(["insights", "record", "--", "true"]) == 0)
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
    }

    @Test("a damaged insights file is set aside in one line and the command goes on, recorded in a new file")
    func damagedStore() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(String(repeating: "garbage ", count: 1000).utf8).write(to: store.url)
        var errors: [String] = []

        #expect(command(errors: { errors.append($0) }).run(["insights", "record", "--", "true"]) == 0)

        #expect(errors.count == 1)
        #expect(errors.first?.contains("was damaged; it is set aside as insights.sqlite.set-aside-") == true)
        #expect(try store.records(since: nil).count == 1)
    }

    @Test("the commit and whether the tree was dirty, from git status; nothing outside a repository")
    func repositoryState() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let clean = RepositoryState.parse("# branch.oid 1a2b3c\n# branch.head main\n")
        #expect(clean.commit == "1a2b3c")
        #expect(!clean.dirty)
        #expect(RepositoryState.parse("# branch.oid 1a2b3c\n1 .M N... 100644 100644 100644 a b Core/Core/Screens.swift\n").dirty)
        #expect(RepositoryState.parse("# branch.oid (initial)\n? Package.swift\n") == (nil, true))
        #expect(RepositoryState(packageRoot: root.path).result() == (nil, false))
    }

    @Test("without a command, the usage says what to write")
    func usage() {
        var errors: [String] = []
        #expect(command(errors: { errors.append($0) }).run(["insights", "record", "swift", "build"]) == 2)
        #expect(errors.first?.contains("workspace insights record -- swift build") == true)
        #expect(InsightsCommand.builtTarget(in: ["swift", "build", "--product", "FeedSandbox"]) == "FeedSandbox")
        #expect(InsightsCommand.builtTarget(in: ["swift", "test", "--filter=FeedTests"]) == "FeedTests")
    }
}
