import Foundation
import Testing

/// Several `cookbook`s on one data directory at the same moment, as when a person starts two
/// in two terminals: each one's changes are saved, whoever comes first.
@Suite("several instances on one data directory")
struct ConcurrentInstancesTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// Runs `scripts` at once, one `cookbook` each, on `directory`; returns their results in order.
    func runTogether(_ scripts: [String], on directory: String, arguments: [String] = []) async -> [Swift.Result<
        ProductProcess.Result, any Error
    >] {
        await withTaskGroup(of: (Int, Swift.Result<ProductProcess.Result, any Error>).self) { group in
            for (index, script) in scripts.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await cookbook.run(["--data-dir", directory] + arguments, input: script)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [(Int, Swift.Result<ProductProcess.Result, any Error>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    @Test("four instances started together on a new data directory, 8 times: every one migrates, saves and exits 0")
    func startTogetherOnANewDirectory() async throws {
        let instances = 4
        for round in 1...8 {
            let directory = temporaryDataDirectory()
            let names = (1...instances).map { "round\(round)-instance\($0)" }
            let scripts = names.map { "tab \"Shopping list\"\ntype \($0)\nexpect \"Added “\($0)”.\"\nquit\n" }

            for (name, result) in await zip(names, runTogether(scripts, on: directory)) {
                let run = try result.get()
                #expect(run.status == 0, "round \(round), \(name): stderr: \(run.errorOutput)")
                #expect(run.errorOutput.isEmpty, "round \(round), \(name): \(run.errorOutput)")
            }
            let database = SQLiteInspector(path: directory + "/cookbook.sqlite")
            #expect(Set(database.shoppingItemNames()) == Set(names), "round \(round): every instance's item is stored")
            #expect(database.integrityCheck() == "ok")
        }
    }

    @Test("four instances adding 25 items each at once: 100 distinct places, each instance's items in the order it added them")
    func addTogether() async throws {
        let directory = temporaryDataDirectory()
        #expect(try await cookbook.run(["--data-dir", directory], input: "quit\n").status == 0, "the database is set up first")
        let scripts = (1...4).map { instance in
            "tab \"Shopping list\"\n" + (1...25).map { "type i\(instance)-\($0)\n" }.joined() + "quit\n"
        }
        for result in await runTogether(scripts, on: directory) {
            let run = try result.get()
            #expect(run.status == 0, "stderr: \(run.errorOutput)")
        }
        let database = SQLiteInspector(path: directory + "/cookbook.sqlite")
        let positions = database.query("SELECT position FROM shopping_items ORDER BY position")
        #expect(positions == (0..<100).map(String.init), "every item has a place of its own")
        let names = database.shoppingItemNames()
        for instance in 1...4 {
            #expect(names.filter { $0.hasPrefix("i\(instance)-") } == (1...25).map { "i\(instance)-\($0)" })
        }
    }

    @Test(
        "four instances adding the same recipe and the same typed line 5 times each, at once: one row per ingredient, every amount counted")
    func addUpTogether() async throws {
        let directory = temporaryDataDirectory()
        #expect(try await cookbook.run(["--data-dir", directory], input: "quit\n").status == 0, "the database is set up first")
        let adds = String(repeating: "select \"Add ingredients to shopping list\"\n", count: 5)
        let script = adds + "tab \"Shopping list\"\n" + String(repeating: "type \"1 lemon\"\n", count: 5) + "quit\n"
        for result in await runTogether(Array(repeating: script, count: 4), on: directory, arguments: ["--open", "cookbook://recipes/1"]) {
            let run = try result.get()
            #expect(run.status == 0, "stderr: \(run.errorOutput)")
        }
        // Curry Rice, 20 times: water and salt to taste are left out.
        let rows = SQLiteInspector(path: directory + "/cookbook.sqlite").query(
            "SELECT name || ' · ' || amount FROM shopping_items ORDER BY position")
        #expect(
            rows == [
                "pork shoulder · 8 kg", "onions · 40", "carrots · 40", "potatoes · 40", "vegetable oil · 1¼ cups",
                "Japanese curry roux · 2 kg", "apple · 10", "short-grain rice · 8 kg", "lemon · 20",
            ])
    }

    @Test("four instances logging at once to one event log: every line is whole JSON and none is lost")
    func oneEventLogManyWriters() async throws {
        let rounds = (1...25).map { "tab Search\ntype \"curry \($0)\"\ntab Feed\nselect 1\nback\n" }.joined()
        let script = rounds + "quit\n"
        // One instance alone tells how many lines the script logs.
        let alone = temporaryDataDirectory()
        #expect(try await cookbook.run(["--data-dir", alone], input: script).status == 0)
        let linesAlone = try String(contentsOfFile: alone + "/logs/events.jsonl", encoding: .utf8).split(separator: "\n").count
        #expect(linesAlone >= 100)

        let shared = temporaryDataDirectory()
        for result in await runTogether(Array(repeating: script, count: 4), on: shared) {
            let run = try result.get()
            #expect(run.status == 0, "stderr: \(run.errorOutput)")
        }
        let text = try String(contentsOfFile: shared + "/logs/events.jsonl", encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let broken = lines.filter { line in (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) == nil }
        #expect(broken.isEmpty, "\(broken.count) of \(lines.count) lines are not whole JSON objects, e.g. \(broken.prefix(3))")
        #expect(lines.count == 4 * linesAlone, "every line of every instance is there")
    }
}
