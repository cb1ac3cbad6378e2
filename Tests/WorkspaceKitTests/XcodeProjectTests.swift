import Foundation
import Testing

@testable import WorkspaceSpec

/// `Tools/xcode-project.sh` with the real XcodeGen, as an Xcode user runs it: the project it writes
/// has its setting presets, needs no USER, and has a scheme that runs the app and each sandbox.
/// Runs wherever XcodeGen is (XCODEGEN=FILE, the shared tools' beside the clone, or the one
/// `.ci/install-xcodegen` put in .build/ci-tools); `Tools/xcodegen-check.sh` runs it in CI whatever.
@Suite("the Xcode project as a user generates it")
struct XcodeProjectTests {
    static let repository = RepositoryFiles(reading: "Tools/xcode-project.sh", "project-spec.yml", "Sandboxes")

    static let xcodegen: String? = {
        let root = RepositoryFiles.root
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["XCODEGEN"],
            root.deletingLastPathComponent().appendingPathComponent("shared/xcodegen/bin/xcodegen").path,
            root.appendingPathComponent(".build/ci-tools/xcodegen-2.45.4/bin/xcodegen").path,
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs the script into `folder` with no USER (nor LOGNAME) in its environment; its status and
    /// what it printed. Stopped after two minutes.
    static func generate(into folder: URL, xcodegen: String) async throws -> (status: Int32, output: String) {
        let log = folder.appendingPathComponent("log.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = try repository.url("Tools/xcode-project.sh")
        process.arguments = [folder.appendingPathComponent("out").path]
        var environment = ProcessInfo.processInfo.environment
        environment["USER"] = nil
        environment["LOGNAME"] = nil
        environment["XCODEGEN"] = xcodegen
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        let (ended, end) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { end.yield($0.terminationStatus) }
        try process.run()
        let pid = process.processIdentifier
        let deadline = Task {
            try await Task.sleep(for: .seconds(120))
            kill(pid, SIGKILL)
        }
        defer { deadline.cancel() }
        var status: Int32 = -1
        for await code in ended {
            status = code
            break
        }
        return (status, try String(contentsOf: log, encoding: .utf8))
    }

    @Test(
        "with no USER, the project has its setting presets and a scheme running the app and each sandbox",
        .enabled(if: xcodegen != nil, "needs XcodeGen: XCODEGEN=FILE, ../shared/xcodegen/bin/xcodegen or .build/ci-tools"))
    func theProjectRunsTheAppAndEverySandbox() async throws {
        let xcodegen = try #require(Self.xcodegen)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let (status, output) = try await Self.generate(into: folder, xcodegen: xcodegen)
        #expect(status == 0, "Tools/xcode-project.sh failed:\n\(output)")
        #expect(!output.contains("settings found"), "XcodeGen ran without its setting presets:\n\(output)")
        #expect(!output.contains("username"), "XcodeGen wanted a USER:\n\(output)")

        let schemes = folder.appendingPathComponent("out/Cookbook.xcodeproj/xcshareddata/xcschemes")
        let sandboxes = try FileManager.default.contentsOfDirectory(atPath: try Self.repository.url("Sandboxes").path)
            .filter { $0.hasSuffix("Sandbox") }
        #expect(sandboxes.count >= 5)
        for program in ["cookbook"] + sandboxes.sorted() {
            let scheme = try? String(contentsOf: schemes.appendingPathComponent("\(program).xcscheme"), encoding: .utf8)
            #expect(
                scheme.map { ProjectCheck.blueprints(in: $0, section: "LaunchAction") } == [program],
                "no scheme \(program).xcscheme whose run action starts \(program)")
        }
    }
}
