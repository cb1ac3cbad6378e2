import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run told to stop while a save waits for another program's lock, and a run whose standard
/// output cannot be written: each ends with its documented status and says on stderr what was
/// lost.
@Suite("signals and output")
struct SignalsAndOutputEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    @Test(
        "a signal while a save waits for a lock: it stops waiting, the entry is rolled back and named on stderr, with the signal's status",
        arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130)] as [(Int32, Int32)])
    func signalWhileASaveWaits(signal: Int32, status: Int32) async throws {
        let directory = temporaryDataDirectory()
        let path = directory + "/cookbook.sqlite"
        #expect(try await cookbook.run(["--data-dir", directory], input: "tab \"Shopping list\"\ntype bread\n").status == 0)
        let lock = try #require(SQLiteInspector.WriteLock(on: path))
        defer { lock.release() }
        let app = try LiveProcess("cookbook", arguments: ["--data-dir", directory])
        app.send("tab \"Shopping list\"\ntype milk")
        #expect(await app.waitFor("› type milk"), "\(app.text)")
        // The save now waits for the lock, for up to 2 s.
        try await Task.sleep(for: .milliseconds(300))

        // That the wait ends at the signal, not at its timeout, is LockWaitTests' (AppTests).
        await app.kill(signal)

        let errors = app.finalErrorOutput()
        #expect(app.exitStatus == status, "stderr: \(errors)")
        #expect(errors.contains("Not saved in this run:"), "\(errors)")
        #expect(errors.contains("  adding “milk” to the shopping list: the database \(path) is locked by another program"), "\(errors)")
        #expect(errors.contains("cookbook: 1 change made in this run was not saved."), "\(errors)")
        lock.release()
        #expect(SQLiteInspector(path: path).shoppingItemNames() == ["bread"])
        #expect(SQLiteInspector(path: path).integrityCheck() == "ok")
    }

    @Test("SIGTERM with every change saved: status 143 and nothing to say")
    func signalWithEverythingSaved() async throws {
        let directory = temporaryDataDirectory()
        let app = try LiveProcess("cookbook", arguments: ["--data-dir", directory])
        app.send("tab \"Shopping list\"\ntype milk")
        #expect(await app.waitFor("Added “milk”."), "\(app.text)")

        await app.kill(SIGTERM)

        let errors = app.finalErrorOutput()
        #expect(app.exitStatus == 143)
        #expect(errors.isEmpty, "\(errors)")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames() == ["milk"])
    }

    @Test(
        "standard output closed or on a full device: the run does its work, says the output is lost and exits 5",
        arguments: [">&-", ">/dev/full"])
    func outputCannotBeWritten(redirection: String) async throws {
        if redirection == ">/dev/full", !FileManager.default.fileExists(atPath: "/dev/full") {
            try Test.cancel("a full device is /dev/full, which this system does not have")
        }
        let directory = temporaryDataDirectory()
        let redirected = ProductProcess(name: "cookbook", launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirection)"])

        let run = try await redirected.run(["--data-dir", directory], input: "tab \"Shopping list\"\ntype milk\nquit\n")
        let help = try await redirected.run(["--help"])

        #expect(run.status == 5, "stderr: \(run.errorOutput)")
        #expect(run.errorOutput.contains("cookbook: standard output could not be written: "), "\(run.errorOutput)")
        #expect(run.errorOutput.contains(redirection == ">&-" ? "it is closed" : "its disk is full"), "\(run.errorOutput)")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames() == ["milk"], "the work is done")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").integrityCheck() == "ok", "no screen was written into the database")
        #expect(help.status == 5, "\(help.errorOutput)")
    }
}
