import Foundation
import Synchronization
import Testing

@testable import WorkspaceBase

@Suite("running other programs")
struct ProcessRunnerTests {
    final class Told: Sendable {
        let lines = Mutex<[String]>([])
    }

    struct Failure: Error {
        let text: String
    }

    final class Finished: Sendable {
        let result = Mutex<Result<CommandResult, Failure>?>(nil)
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
        // The thread starts here, not in a task: with every cooperative thread busy (a loaded machine,
        // ThreadSanitizer), a task could start the child only after the deadline below, when the
        // release is already there and nothing is left to tell.
        let finished = Finished()
        let thread = Thread {
            let result = Result { try runner.capture("sh", ["-c", script, waitLine, release.path], in: "/") }.mapError {
                Failure(text: "\($0)")
            }
            finished.result.withLock { $0 = result }
        }
        thread.start()

        // Two minutes: the test's task waits for a cooperative thread with every other test.
        let deadline = ContinuousClock.now + .seconds(120)
        while told.lines.withLock({ $0.isEmpty }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let toldWhileWaiting = told.lines.withLock { $0 }
        _ = FileManager.default.createFile(atPath: release.path, contents: nil)
        let released = ContinuousClock.now
        while finished.result.withLock({ $0 == nil }), ContinuousClock.now - released < .seconds(240) {
            try await Task.sleep(for: .milliseconds(20))
        }
        switch finished.result.withLock({ $0 }) {
        case .success(let result): #expect(result.errorOutput == waitLine + "\n")
        case .failure(let failure): Issue.record("capture failed: \(failure.text)")
        case nil: Issue.record("the child had not ended 240 s after it was released")
        }

        #expect(toldWhileWaiting.count == 1, "nothing was told while the child waited")
        #expect(toldWhileWaiting.first?.hasPrefix("workspace: `sh -c") == true)
        #expect(toldWhileWaiting.first?.hasSuffix(waitLine) == true)
        #expect(told.lines.withLock { $0 }.count == 1, "told once")
    }

    @Test("how a captured child ended is its status: an exit code, or 128 and the signal that stopped it")
    func capturedExitStatus() throws {
        let runner = ProcessRunner { _ in }
        let exited = try runner.capture("sh", ["-c", "echo partial; exit 3"], in: "/")
        #expect(exited == CommandResult(status: 3, output: "partial\n", errorOutput: ""))
        #expect(try runner.capture("sh", ["-c", "kill -TERM $$"], in: "/").status == 128 + SIGTERM)
        #expect(try runner.capture("true", [], in: "/").status == 0)
    }

    @Test("a child that says nothing of a wait: nothing is told")
    func quietChild() throws {
        let told = Told()
        let runner = ProcessRunner { line in told.lines.withLock { $0.append(line) } }
        let result = try runner.capture("sh", ["-c", "echo done; echo oops >&2"], in: "/")
        #expect(result == CommandResult(status: 0, output: "done\n", errorOutput: "oops\n"))
        #expect(told.lines.withLock { $0 }.isEmpty)
    }

    @Test("a child gets standard input, output and error, not the files this process has open for writing")
    func childrenGetOnlyTheStandardStreams() throws {
        // Linux lists a process's descriptors in /proc; elsewhere there is nothing to look at.
        guard FileManager.default.fileExists(atPath: "/proc/self/fd") else { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("open-\(UUID().uuidString)").path
        // As Foundation opens a file it writes: without O_CLOEXEC.
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        try #require(descriptor > 3, "a descriptor the child's own listing (3) cannot be mistaken for")
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(atPath: path)
        }
        let result = try ProcessRunner().capture("ls", ["/proc/self/fd"], in: "/")
        let listed = result.output.split(separator: "\n").map(String.init)
        #expect(listed.contains("2"), "standard error is there")
        #expect(
            !listed.contains(String(descriptor)), "the file this process writes is not: it would be held open as long as the child lives")
    }
}
