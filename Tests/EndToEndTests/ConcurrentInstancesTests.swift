import Foundation
import Testing

/// Several `cookbook`s on one data directory at the same moment, as when a person starts two
/// in two terminals: each one's changes are saved, whoever comes first.
@Suite("several instances on one data directory")
struct ConcurrentInstancesTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// Runs `scripts` at once, one `cookbook` each, on `directory`; returns their results in order.
    func runTogether(_ scripts: [String], on directory: String) -> [Swift.Result<ProductProcess.Result, any Error>] {
        let results = ResultSlots<Swift.Result<ProductProcess.Result, any Error>>(count: scripts.count)
        DispatchQueue.concurrentPerform(iterations: scripts.count) { index in
            results.set(index, Swift.Result { try cookbook.run(["--data-dir", directory], input: scripts[index]) })
        }
        return results.values
    }

    @Test("four instances started together on a new data directory, 8 times: every one migrates, saves and exits 0")
    func startTogetherOnANewDirectory() throws {
        let instances = 4
        for round in 1...8 {
            let directory = temporaryDataDirectory()
            let names = (1...instances).map { "round\(round)-instance\($0)" }
            let scripts = names.map { "tab \"Shopping list\"\ntype \($0)\nexpect \"Added “\($0)”.\"\nquit\n" }

            for (name, result) in zip(names, runTogether(scripts, on: directory)) {
                let run = try result.get()
                #expect(run.status == 0, "round \(round), \(name): stderr: \(run.errorOutput)")
                #expect(run.errorOutput.isEmpty, "round \(round), \(name): \(run.errorOutput)")
            }
            let database = SQLiteInspector(path: directory + "/cookbook.sqlite")
            #expect(Set(database.shoppingItemNames()) == Set(names), "round \(round): every instance's item is stored")
            #expect(database.integrityCheck() == "ok")
        }
    }
}

/// Results filled in by concurrent workers, one slot each.
final class ResultSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) { lock.withLock { slots[index] = value } }

    /// Every slot, once every worker has set its own.
    var values: [Value] { lock.withLock { slots.compactMap { $0 } } }
}
