import Foundation
import Testing

/// Every text the app takes has a stated bound, refused in words, in time linear in its size:
/// a script line of 1 MB or 50 MB read from a pipe, one in a `--script` file, a typed text
/// longer than a field holds.
@Suite("Bounded input end to end")
struct BoundedInputEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    @Test(
        "a `type` line of 1 MB or 50 MB, into the search or the shopping list: refused by its length, nothing after it runs, nothing saved",
        arguments: [(1 << 20, "Search"), (50 << 20, "\"Shopping list\"")])
    func hugeLines(size: Int, tab: String) async throws {
        let dataDirectory = temporaryDataDirectory()
        let line = "type " + String(repeating: "a", count: size)

        let result = try await cookbook.run(["--data-dir", dataDirectory], input: "tab \(tab)\n\(line)\nexpect \"never\"\nquit\n")

        #expect(result.status == 1)
        #expect(
            result.errorOutput.hasPrefix(
                "stdin:2: the line has \(size + 5) bytes, and a script line may have at most 16384 (a text field holds at most 1000 characters)"
            ), "\(result.errorOutput.prefix(300))")
        #expect(!result.output.contains("aaaa"), "the line is not echoed")
        let list = try await cookbook.run(
            ["--data-dir", dataDirectory], input: "tab \"Shopping list\"\nexpect \"Your shopping list is empty\"\nquit\n")
        #expect(list.status == 0, "nothing was added: \(list.output.suffix(400))")
    }

    @Test("a text one character longer than a field holds: refused in words, the field and the list unchanged")
    func longerThanAField() async throws {
        let dataDirectory = temporaryDataDirectory()
        let result = try await cookbook.run(
            ["--data-dir", dataDirectory], input: "tab \"Shopping list\"\ntype \(String(repeating: "b", count: 1_001))\nquit\n")
        #expect(result.status == 1)
        #expect(
            result.errorOutput == "stdin:2: “+ Add item” holds at most 1000 characters, and this text has 1001: shorten it\n",
            "\(result.errorOutput)")
        let kept = try await cookbook.run(
            ["--data-dir", dataDirectory], input: "tab \"Shopping list\"\ntype \(String(repeating: "b", count: 1_000))\nquit\n")
        #expect(kept.status == 0, "a text of 1,000 is taken: \(kept.errorOutput)")
    }

    @Test("a --script file with a line over the limit is refused before anything runs, naming the line")
    func scriptFile() async throws {
        let file = temporaryDataDirectory() + ".txt"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let size = 100_000
        try Data("tab Search\ntype \(String(repeating: "c", count: size))\nquit\n".utf8).write(to: URL(fileURLWithPath: file))

        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--script", file])

        #expect(result.status == 2)
        #expect(
            result.errorOutput.hasPrefix(
                "cookbook: the script “\(file)” cannot be used: line 2 (\(file):2) is too long: the line has \(size + 5) bytes, and a script line may have at most 16384 (a text field holds at most 1000 characters)."
            ), "\(result.errorOutput)")
        #expect(result.output.isEmpty, "nothing runs")
    }
}
