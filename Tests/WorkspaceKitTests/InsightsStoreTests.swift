import Foundation
import Testing

@testable import WorkspaceInsights

@Suite("the insights store: build records kept in .build/insights")
struct InsightsStoreTests {
    let folder: URL
    let store: InsightsStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("insights-\(UUID().uuidString)")
        store = InsightsStore(at: folder.appendingPathComponent("insights/insights.sqlite"))
    }

    static func record(
        _ command: String = "run", at seconds: TimeInterval = 1_000, wall: Double = 2.5, status: Int32 = 0
    ) -> BuildRecord {
        BuildRecord(
            startedAt: Date(timeIntervalSince1970: seconds), command: command, loop: .sandbox, target: "FeedSandbox",
            arguments: ["Feed"], wallSeconds: wall, exitStatus: status, kind: .incremental, featureCount: 5, commit: "abc",
            dirty: true, cores: 2,
            modules: [.init(name: "Feed", seconds: 1.2, files: ["Features/Feed/FeedScreen.swift"])],
            explanation: .explained([
                .init(cause: "FeedScreen.swift", causeModule: "Feed", recompiled: ["Feed": ["Features/Feed/FeedScreen.swift"]])
            ]))
    }

    @Test("what is appended is read back whole, oldest first, and `since` leaves out older builds")
    func appendAndReadBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try store.records(since: nil).isEmpty)
        let late = Self.record("test", at: 3_000, status: 1)
        let early = Self.record("run", at: 1_000)
        try store.append(late)
        try store.append(early)

        #expect(try store.records(since: nil) == [early, late])
        #expect(try store.records(since: Date(timeIntervalSince1970: 2_000)) == [late])
        // A new store value on the same file sees the same records: nothing is held in memory.
        #expect(try InsightsStore(at: store.url).records(since: nil).count == 2)
    }

    @Test("the default file is under the build folder, or under --scratch-path")
    func defaultLocation() {
        #expect(InsightsStore.defaultLocation(packageRoot: "/w").path == "/w/.build/insights/insights.sqlite")
        #expect(InsightsStore.defaultLocation(packageRoot: "/w", scratchPath: "scratch").path == "/w/scratch/insights/insights.sqlite")
        #expect(InsightsStore.defaultLocation(packageRoot: "/w", scratchPath: "/tmp/s").path == "/tmp/s/insights/insights.sqlite")
    }

    @Test("builds appending at the same time each keep their record")
    func concurrentAppendsLoseNothing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    // Each append is its own connection, as each build is its own process.
                    for index in 0..<25 {
                        try store.append(Self.record("writer\(writer)", at: Double(writer * 100 + index)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let records = try store.records(since: nil)
        #expect(records.count == 100)
        #expect(Set(records.map(\.command)) == ["writer0", "writer1", "writer2", "writer3"])
    }

    @Test("a file that is not a database is reported damaged, and set aside a new file takes the records")
    func damagedFileIsSetAside() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(String(repeating: "not a database ", count: 400).utf8).write(to: store.url)

        #expect {
            try store.append(Self.record())
        } throws: { error in
            guard case .damaged = error as? InsightsStore.Failure else { return false }
            return true
        }
        let aside = try store.setAside(now: Date(timeIntervalSince1970: 42))
        #expect(aside.lastPathComponent == "insights.sqlite.set-aside-42")
        #expect(FileManager.default.fileExists(atPath: aside.path))
        try store.append(Self.record())
        #expect(try store.records(since: nil).count == 1)
    }

    @Test("a file another process holds locked past the busy timeout is reported locked")
    func lockedFile() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.append(Self.record())
        let holder = try store.open(creating: false)
        defer { holder.close() }
        try holder.run("BEGIN EXCLUSIVE")

        let impatient = InsightsStore(at: store.url, busyTimeoutMilliseconds: 50)
        #expect(throws: InsightsStore.Failure.locked(path: store.url.path)) {
            try impatient.append(Self.record())
        }
        try holder.run("COMMIT")
        try impatient.append(Self.record())
        #expect(try store.records(since: nil).count == 2)
    }
}
