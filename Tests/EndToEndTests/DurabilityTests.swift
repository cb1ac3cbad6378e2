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
    /// The seed of the kill schedule: `COOKBOOK_DURABILITY_SEED` repeats a run.
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["COOKBOOK_DURABILITY_SEED"], let seed = UInt64(text) { return seed }
        var system = SystemRandomNumberGenerator()
        return UInt64.random(in: 0...UInt64(UInt32.max), using: &system)
    }()

    @Test("SIGKILL mid-burst at random moments, 24 times: every acknowledged item is there and the file is sound")
    func killedMidBurst() async throws {
        let hint = "seed \(Self.seed) (repeat with COOKBOOK_DURABILITY_SEED=\(Self.seed))"
        print("Durability: \(hint)")
        let dataDirectory = temporaryDataDirectory()
        let database = SQLiteInspector(path: dataDirectory + "/cookbook.sqlite")
        var random = KillSchedule(seed: Self.seed)
        let rounds = 24
        let burst = 10
        var acknowledged: [String] = []
        var killedMidWrite = 0
        var committedNotAcknowledged = 0

        for round in 1...rounds {
            let app = try LiveProcess("cookbook", arguments: ["--data-dir", dataDirectory])
            app.send("tab \"Shopping list\"")
            guard await app.waitFor("# Shopping list") else {
                Issue.record("round \(round), \(hint): the shopping list did not open")
                await app.kill(SIGKILL)
                continue
            }
            // The whole burst at once: the app reads and writes it item by item. Kill after a
            // random number of acknowledgements (none to half), plus up to 3 ms: mid-write.
            let names = (1...burst).map { "round\(round)-item\($0)" }
            app.send(names.map { "type \($0)" }.joined(separator: "\n"))
            let waitFor = random.next(below: burst / 2 + 1)
            if waitFor > 0 { _ = await app.waitFor("Added “\(names[waitFor - 1])”.") }
            try await Task.sleep(for: .microseconds(random.next(below: 3000)))
            await app.kill(SIGKILL)
            #expect(app.wasKilled(by: SIGKILL), "round \(round), \(hint): the app ended before the kill")

            // Acknowledged: every "Added" the app printed before it died.
            let output = await app.finalOutput()
            let acknowledgedNow = names.filter { output.contains("Added “\($0)”.") }
            acknowledged += acknowledgedNow
            let stored = Set(database.shoppingItemNames())
            let missing = acknowledged.filter { !stored.contains($0) }
            #expect(missing.isEmpty, "round \(round), \(hint): acknowledged but lost: \(missing)")
            #expect(database.integrityCheck() == "ok", "round \(round), \(hint)")
            let storedNow = names.filter(stored.contains).count
            if storedNow > 0, storedNow < burst { killedMidWrite += 1 }
            if storedNow > acknowledgedNow.count { committedNotAcknowledged += 1 }
        }
        print(
            "Durability: \(acknowledged.count) acknowledged writes survived; \(killedMidWrite) of \(rounds) kills landed mid-burst, \(committedNotAcknowledged) between a commit and its acknowledgement"
        )
        #expect(acknowledged.count >= rounds, "\(hint): too few writes were acknowledged to prove anything")
        #expect(killedMidWrite >= rounds / 4, "\(hint): only \(killedMidWrite) of \(rounds) kills landed while the burst was being written")
    }

    @Test("another program holding the write lock: the app waits a bounded time, says so, keeps the input and exits 4")
    func lockedDatabase() async throws {
        let dataDirectory = temporaryDataDirectory()
        let path = dataDirectory + "/cookbook.sqlite"
        let setup = try await ProductProcess(name: "cookbook").run(
            ["--data-dir", dataDirectory], input: "tab \"Shopping list\"\ntype bread\n")
        #expect(setup.status == 0)
        let lock = try #require(SQLiteInspector.WriteLock(on: path))
        defer { lock.release() }

        // The lock is held until the app has ended: an app that waited for it would never end, and
        // its run would fail at its deadline.
        let result = try await ProductProcess(name: "cookbook").run(
            ["--data-dir", dataDirectory],
            input: """
                tab "Shopping list"
                expect "bread"
                type milk
                expect "is locked by another program"
                expect "Close the other program"
                expect "<Add “milk” again> · not saved yet"
                expect "+ Add item: [e.g. milk]"
                """)
        #expect(result.status == 4, "the refused change makes the run fail; stderr: \(result.errorOutput)")
        #expect(result.errorOutput.contains("cookbook: 1 change made in this run was not saved."), "\(result.errorOutput)")
        lock.release()
        #expect(SQLiteInspector(path: path).shoppingItemNames() == ["bread"])
    }
}

/// The random moments of the kills, from a seed (SplitMix64): the same seed, the same schedule.
struct KillSchedule {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A number in 0..<bound.
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
}
