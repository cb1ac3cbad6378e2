import Foundation
import Synchronization
import Testing

@testable import WorkspaceKit

@Suite("running other programs")
struct ProcessRunnerTests {
    final class Told: Sendable {
        let lines = Mutex<[String]>([])
    }

    @Test("a child that waits for SwiftPM's build folder is said to wait at once, not when it ends")
    func buildFolderWaitIsSaid() async throws {
        let told = Told()
        let runner = ProcessRunner { line in told.lines.withLock { $0.append(line) } }
        let waitLine =
            "Another instance of SwiftPM is already running using '/w/.build', waiting until that process has finished execution..."
        // The child says it waits, then waits (three minutes at most) until the test lets it go.
        let release = FileManager.default.temporaryDirectory.appendingPathComponent("release-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: release) }
        let script = "echo \"$0\" >&2; i=0; while [ ! -e \"$1\" ] && [ $i -lt 3600 ]; do sleep 0.05; i=$((i+1)); done"
        async let finished = onItsOwnThread { try runner.capture("sh", ["-c", script, waitLine, release.path], in: "/") }

        // Two minutes: the child and the test's task wait for a thread with every other test.
        let deadline = ContinuousClock.now + .seconds(120)
        while told.lines.withLock({ $0.isEmpty }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let toldWhileWaiting = told.lines.withLock { $0 }
        _ = FileManager.default.createFile(atPath: release.path, contents: nil)
        #expect(try await finished.errorOutput == waitLine + "\n")

        #expect(toldWhileWaiting.count == 1, "nothing was told while the child waited")
        #expect(toldWhileWaiting.first?.hasPrefix("workspace: `sh -c") == true)
        #expect(toldWhileWaiting.first?.hasSuffix(waitLine) == true)
        #expect(told.lines.withLock { $0 }.count == 1, "told once")
    }

    @Test("a child that says nothing of a wait: nothing is told")
    func quietChild() throws {
        let told = Told()
        let runner = ProcessRunner { line in told.lines.withLock { $0.append(line) } }
        let result = try runner.capture("sh", ["-c", "echo done; echo oops >&2"], in: "/")
        #expect(result == CommandResult(status: 0, output: "done\n", errorOutput: "oops\n"))
        #expect(told.lines.withLock { $0 }.isEmpty)
    }
}
