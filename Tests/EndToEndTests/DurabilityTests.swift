import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Acknowledged writes survive the app being killed at any moment.
@Suite("durability of the shopping list")
struct DurabilityTests {
    @Test("SIGKILL at random moments, 20 times: every acknowledged item is there and the file is sound")
    func killedMidBurst() throws {
        let dataDirectory = temporaryDataDirectory()
        let database = SQLiteInspector(path: dataDirectory + "/cookbook.sqlite")
        var generator = SystemRandomNumberGenerator()
        var seed = UInt64.random(in: 0...UInt64(UInt32.max), using: &generator)
        let startSeed = seed
        var acknowledged: [String] = []
        var next = 0

        for round in 1...20 {
            let app = try LiveProcess("cookbook", arguments: ["--data-dir", dataDirectory])
            app.send("tab \"Shopping list\"")
            #expect(app.waitFor("# Shopping list"), "round \(round), seed \(startSeed): the shopping list did not open")
            // Write a burst; kill after a random number of acknowledgements, mid-write.
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let killAfter = Int(seed >> 33) % 8
            for index in 0..<12 {
                let name = "item-\(next)"
                next += 1
                app.send("type \(name)")
                if index == killAfter {
                    app.kill(SIGKILL)
                    break
                }
                if app.waitFor("Added “\(name)”.") { acknowledged.append(name) }
            }
            app.kill(SIGKILL)

            let stored = Set(database.shoppingItemNames())
            let missing = acknowledged.filter { !stored.contains($0) }
            #expect(missing.isEmpty, "round \(round), seed \(startSeed): acknowledged but lost: \(missing)")
            #expect(database.integrityCheck() == "ok", "round \(round), seed \(startSeed)")
        }
        #expect(acknowledged.count >= 20, "seed \(startSeed): too few writes were acknowledged to prove anything")
    }

    @Test("another program holding the write lock: the app waits a bounded time, says so, and keeps the input")
    func lockedDatabase() throws {
        let dataDirectory = temporaryDataDirectory()
        let path = dataDirectory + "/cookbook.sqlite"
        let setup = try ProductProcess(name: "cookbook").run(["--data-dir", dataDirectory], input: "tab \"Shopping list\"\ntype bread\n")
        #expect(setup.status == 0)
        let lock = try #require(SQLiteInspector.WriteLock(on: path))
        defer { lock.release() }

        let start = ContinuousClock.now
        let result = try ProductProcess(name: "cookbook").run(["--data-dir", dataDirectory], input: """
            tab "Shopping list"
            expect "bread"
            type milk
            expect "is locked by another program"
            expect "Close the other program"
            expect "+ Add item: \\"milk\\""
            """, timeout: .seconds(30))
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(ContinuousClock.now - start < .seconds(15), "the app must not hang on a lock")
        lock.release()
        #expect(SQLiteInspector(path: path).shoppingItemNames() == ["bread"])
    }
}
