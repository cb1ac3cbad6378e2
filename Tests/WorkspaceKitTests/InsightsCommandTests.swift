import Foundation
import Testing

@testable import WorkspaceInsights
@testable import WorkspaceKit

/// `workspace insights` on records in a store, as a person or CI runs it.
@Suite("workspace insights: the command")
struct InsightsCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("insights-command-\(UUID().uuidString)")

    /// The records moved so that the fixtures' "now" is this moment (the command reads the clock).
    static func recent(_ records: [BuildRecord]) -> [BuildRecord] {
        let shift = Date().timeIntervalSince(InsightsFixtures.now)
        return records.map { record in
            var moved = record
            moved.startedAt = record.startedAt.addingTimeInterval(shift)
            return moved
        }
    }

    func store(_ name: String, _ records: [BuildRecord]) throws -> String {
        let url = folder.appendingPathComponent(name)
        let store = InsightsStore(at: url)
        for record in Self.recent(records) { try store.append(record) }
        return url.path
    }

    func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output: [String] = []
        var errors: [String] = []
        let status = WorkspaceCommand(
            runner: ScriptedRunner([:]), currentDirectory: folder.path, write: { output.append($0) }, writeError: { errors.append($0) }
        ).run(["insights"] + arguments)
        return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"))
    }

    @Test("a planted slowdown is flagged; --fail-on-slowdown makes it exit status 1, and only then")
    func failOnSlowdown() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try store("insights.sqlite", InsightsFixtures.plantedSlowdown)
        let plain = run(["--store", path])
        #expect(plain.status == 0)
        #expect(plain.output.contains("1 loop got slower by more than 20%: FeedSandbox (sandbox, incremental) +40%"))
        #expect(run(["--store", path, "--fail-on-slowdown"]).status == 1)
        #expect(run(["--store", path, "--fail-on-slowdown", "--threshold", "50%"]).status == 0)
        let steady = try store("steady.sqlite", Array(InsightsFixtures.plantedSlowdown.dropFirst(8)))
        #expect(run(["--store", steady, "--fail-on-slowdown"]).status == 0)
    }

    @Test("--json and --html FILE: the same report for a machine, and a page written whole")
    func jsonAndPage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try store("insights.sqlite", InsightsFixtures.plantedSlowdown)
        let result = run(["--store", path, "--json", "--html", "out/insights.html"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect((object["loops"] as? [[String: Any]])?.count == 2)
        #expect(result.errors == "workspace insights: wrote out/insights.html")
        let page = try String(contentsOf: folder.appendingPathComponent("out/insights.html"), encoding: .utf8)
        #expect(page.contains("<svg class=\"chart trend\""))
        #expect(!page.contains("http://") && !page.contains("https://"), "the page loads nothing from elsewhere")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        #expect(leftovers == ["insights.html"])
    }

    @Test("--markdown --against FOLDER compares this run's records with every store in the base's folder")
    func markdownAgainstAFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = (0..<2).map { _ in InsightsFixtures.build(.moduleTests, "FeedTests", seconds: 40, hoursAgo: 30, kind: .clean) }
        _ = try store("base/insights-tests-Feed/insights.sqlite", base)
        let run = try store(
            "run/insights.sqlite", [InsightsFixtures.build(.moduleTests, "FeedTests", seconds: 52, hoursAgo: 1, kind: .clean)])
        let result = self.run(["--markdown", "--store", run, "--against", folder.appendingPathComponent("base").path])
        #expect(result.output.contains("| `FeedTests (tests, clean)` | 52.0 s × 1 | 40.0 s × 2 | **+30% SLOWER** |  |"))
        #expect(self.run(["--markdown", "--store", run, "--against", "nowhere"]).status == 1)
    }

    @Test("no records yet: it says which commands record, and succeeds; a --store that is not there fails")
    func nothingRecorded() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = run(["--store", folder.appendingPathComponent("insights.sqlite").path + "-none"])
        #expect(result.status == 1)
        try Data().write(to: folder.appendingPathComponent("Package.swift"))
        let empty = run([])
        #expect(empty.status == 0)
        #expect(empty.output.hasPrefix("No builds recorded in \(folder.standardizedFileURL.path)/.build/insights/insights.sqlite yet."))
    }

    @Test(
        "a damaged insights file, given or the workspace's own, or against: exit 1, saying it is damaged and what to do",
        arguments: ["--store", "--against", ""])
    func damagedFile(option: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let own = folder.appendingPathComponent(".build/insights/insights.sqlite")
        try FileManager.default.createDirectory(at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("Package.swift"))
        let damaged = option.isEmpty ? own : folder.appendingPathComponent("old records.sqlite")
        try Data(String(repeating: "not a database ", count: 400).utf8).write(to: damaged)

        let result = run(option.isEmpty ? [] : [option, damaged.path])

        #expect(result.status == 1)
        let path = option.isEmpty ? folder.standardizedFileURL.path + "/.build/insights/insights.sqlite" : damaged.path
        #expect(result.errors.contains("\(path) is damaged (file is not a database). Its records cannot be read"), "\(result.errors)")
        #expect(
            result.errors.contains("Move it aside (mv '\(path)' '\(path).damaged') or delete it")
                || result.errors.contains("Move it aside (mv \(path) \(path).damaged) or delete it"), "\(result.errors)")
    }

    @Test("a wrong command line is exit status 2, with what is wrong")
    func usage() {
        for (arguments, message) in [
            (["--threshold", "fast"], "--threshold takes a percentage such as 20 or 20%, not “fast”"),
            (["--recent", "0"], "--recent takes a whole number above 0, not “0”"),
            (["--json", "--markdown"], "insights takes --json or --markdown, not both"),
            (["--html"], "--html needs a value"), (["--colour"], "insights has no option --colour"),
        ] {
            let result = run(arguments)
            #expect(result.status == 2)
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
        #expect(run(["--help"]).output.contains("usage: workspace insights"))
    }
}
