import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceInsights
@testable import WorkspaceKit

/// A real build, twice: a small package is built, one declaration is edited, and the second
/// build's record must name the edit and the files of the other module it recompiled.
@Suite("the explanation of a real incremental build")
struct BuildExplanationEndToEndTests {
    @Test("adding a member to a type another module uses names the type and that module's file")
    func explainsAnEdit() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("insights-explain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Small", targets: [
                .target(name: "Base"), .target(name: "Uses", dependencies: ["Base"]), .target(name: "Other", dependencies: ["Base"]),
            ])
            """,
            "Sources/Base/Screens.swift": "public enum Screens {\n    public struct Feed { public init() {} }\n}\n",
            "Sources/Base/Helper.swift": "public func helper() -> Int { 1 }\n",
            "Sources/Uses/UsesScreens.swift": "import Base\npublic func feed() -> Screens.Feed { Screens.Feed() }\n",
            "Sources/Uses/Alone.swift": "public func alone() -> Int { 2 }\n",
            "Sources/Other/Other.swift": "import Base\npublic func other() -> Int { helper() }\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let build = ["insights", "record", "--", "swift", "build"] + Focus.driverRemarks
        // Two real builds: each on a thread of its own (minutes on a loaded machine), its output kept.
        let runBuild = { [root] in
            try await onItsOwnThread {
                var lines: [String] = []
                var command = WorkspaceCommand(
                    runner: ProcessRunner(), currentDirectory: root.path, write: { lines.append($0) }, writeError: { lines.append($0) })
                command.recordsBuilds = true
                let status = command.run(build)
                return (status: status, output: lines)
            }
        }
        let first = try await runBuild()
        #expect(first.status == 0, "\(first.output.joined(separator: "\n"))")
        // The edit comes a second after the build, as a person's does. Edited at once, on a quiet
        // machine, the driver of Uses skipped its files in two of three runs: it judges Base's
        // change by times its last build recorded, and those fell in the same second.
        try await Task.sleep(for: .seconds(1.5))
        try "public enum Screens {\n    public struct Feed { public init() {} }\n    public struct Pantry {}\n}\n".write(
            to: root.appendingPathComponent("Sources/Base/Screens.swift"), atomically: true, encoding: .utf8)
        let second = try await runBuild()
        // What the driver said of Uses: what a failure below needs to be understood.
        let usesRemarks = Self.driverRemarks(of: "Uses", files: ["UsesScreens.swift", "Alone.swift"], in: second.output)
        #expect(second.status == 0, "\(second.output.joined(separator: "\n"))")

        let records = try InsightsStore(at: InsightsStore.defaultLocation(packageRoot: root.path)).records(since: nil)
        #expect(records.map(\.kind) == [.clean, .incremental])
        guard case .explained(let causes) = records.last?.explanation else {
            Issue.record("the incremental build is not explained: \(String(describing: records.last?.explanation))\n\(usesRemarks)")
            return
        }
        let byCause = Dictionary(uniqueKeysWithValues: causes.map { ($0.cause, $0) })
        #expect(byCause["Sources/Base/Screens.swift"]?.recompiled == ["Base": ["Sources/Base/Screens.swift"]])
        // The importing module's file is traced to the declaration it uses.
        #expect(byCause["Screens"]?.causeModule == "Base", "causes: \(causes)\n\(usesRemarks)")
        #expect(byCause["Screens"]?.recompiled["Uses"] == ["Sources/Uses/UsesScreens.swift"], "causes: \(causes)\n\(usesRemarks)")
        // Nothing in Other names Screens, and nothing else in Uses does.
        #expect(causes.allSatisfy { $0.recompiled["Other"] == nil })
        #expect(records.last?.modules.map(\.name).contains("Other") == false)
    }

    /// The lines of a build's output about `module`: the driver's remarks naming its build folder
    /// (`Read dependency graph '…/Uses.build/…'`) or one of its `files` (every job of it is named by
    /// its file: `Traced: … in UsesScreens.swift`, `Invalidated externally; will queue {compile: …}`),
    /// and the lines compiling it. Drivers of several modules speak at once, so their lines are picked
    /// by what they name, not by where they stand. The whole output when none names it.
    static func driverRemarks(of module: String, files: [String], in output: [String]) -> String {
        let lines = output.filter { line in
            BuildOutputReader.isDriverRemark(line) && (line.contains("/\(module).build/") || files.contains { line.contains(" \($0)") })
                || line.contains("Compiling \(module) ")
        }
        return lines.isEmpty
            ? "no line of the second build names \(module); it printed:\n" + output.joined(separator: "\n")
            : "the driver's remarks for \(module) in the second build:\n" + lines.joined(separator: "\n")
    }
}
