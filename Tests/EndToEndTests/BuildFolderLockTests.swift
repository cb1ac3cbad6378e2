import Foundation
import Testing

/// A child of a test that runs SwiftPM on the package `swift test` is testing would wait for its
/// build folder's lock forever; the test must fail at once saying so, not hang.
@Suite("a child waiting on the build folder's lock")
struct BuildFolderLockTests {
    @Test("fails its test at once, saying what it waits for and what to do, not after its deadline")
    func failsAtOnce() async throws {
        let line = "Another instance of SwiftPM is already running using '/w/.build', waiting until that process has finished execution..."
        // A stand-in that says what SwiftPM says, then waits longer than the test's deadline.
        let waiting = ProductProcess(name: "cookbook", launcher: ["/bin/sh", "-c", "echo \"\(line)\" >&2; sleep 120"])
        let error = await #expect(throws: ProductProcess.Failure.self) { try await waiting.run(timeout: .seconds(100)) }
        let message = error?.description ?? ""
        #expect(message.contains("waits for SwiftPM's lock on a build folder that `swift test` holds"), "\(message)")
        #expect(message.contains("`--scratch-path`"), "it says what to do: \(message)")
        #expect(!message.contains("did not finish within"), "it failed at its deadline, not at once: \(message)")
    }
}
