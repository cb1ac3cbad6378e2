import Foundation
import Testing

/// Text from a dataset, a deep link, typed keys or the command line, written to look like
/// escape sequences: the real `cookbook` shows it, and the terminal obeys none of it.
@Suite("terminal injection through the real app")
struct TerminalInjectionTests {
    let cookbook = ProductProcess(name: "cookbook")

    static let clearScreen = "\u{1B}[2J"
    static let setTitle = "\u{1B}]0;pwned\u{07}"
    static let clipboard = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"

    /// The example dataset (docs/examples/recipes.json) with its most popular recipe's title,
    /// author and steps hostile.
    static func hostileDataset() async throws -> String {
        let bundled = try RepositoryFiles(reading: "docs/examples/recipes.json").url("docs/examples/recipes.json")
        guard var recipes = try JSONSerialization.jsonObject(with: Data(contentsOf: bundled)) as? [[String: Any]],
            var first = recipes.first, var author = first["author"] as? [String: Any]
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        first["title"] = "Curry \(clearScreen)Rice\(setTitle)"
        author["name"] = "Aiko \(clipboard)\u{9B}31mTanaka\u{202E}"
        first["author"] = author
        first["steps"] = ["Cook\r\u{1B}[1Aover", "nul\u{0}byte"]
        recipes[0] = first
        let file = temporaryDataDirectory() + "-recipes.json"
        try JSONSerialization.data(withJSONObject: recipes).write(to: URL(fileURLWithPath: file))
        return file
    }

    @Test("a hostile dataset in script mode: the text shows, as pictures; the output holds no escape at all")
    func datasetInScriptMode() async throws {
        let run = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory(), "--dataset", try Self.hostileDataset()],
            input: "expect \"Curry ␛[2JRice␛]0;pwned␇\"\nselect 1\nexpect \"Cook␍␛[1Aover\"\nexpect \"nul␀byte\"\nquit\n")
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(!run.output.contains("\u{1B}"), "no escape sequence reaches the terminal")
        #expect(!run.output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\r" })
        #expect(run.output.contains("Aiko ␛]52;c;cm0gLXJmIH4=␇�31mTanaka�"))
    }

    @Test("a hostile dataset at the full screen: the runner's sequences only; the text is visible as pictures")
    func datasetAtTheFullScreen() async throws {
        let terminal = try await TerminalSession(
            cookbook, ["--data-dir", temporaryDataDirectory(), "--dataset", try Self.hostileDataset()])
        let screen = try await terminal.waitFor("Curry ␛[2JRice␛]0;pwned␇")
        #expect(screen.contains("Aiko ␛]52;c;cm0gLXJmIH4=␇�31mTanaka�"))
        // Typed text too: a right-to-left override pasted into the search field.
        terminal.send("2")
        try await terminal.waitUntil("the Search tab") { $0.lines[0].contains("[Search]") }
        terminal.send("/", "\u{202E}abc")
        try await terminal.waitFor("Search: �abc▏")
        terminal.send(TerminalKeys.escape, "q")
        #expect(try await terminal.waitForExit() == 0)
        let output = terminal.output
        #expect(!output.contains("\u{1B}]"), "no OSC: no title, no clipboard")
        #expect(!output.contains("\u{1B}[1A"), "no cursor moves but the runner's own")
        #expect(output.components(separatedBy: Self.clearScreen).count == 2, "the screen is cleared once, by the runner entering")
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })
    }

    @Test("a deep link carrying escape sequences: shown as pictures, in both modes")
    func deepLink() async throws {
        let link = "cookbook://search?query=%1B%5D0%3Bpwned%07%1B%5B2J"
        let run = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--open", link], input: "quit\n")
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.output.contains("Search: \"␛]0;pwned␇␛[2J\""), "\(run.output)")
        #expect(!run.output.contains("\u{1B}"))

        let terminal = try TerminalSession(cookbook, ["--data-dir", temporaryDataDirectory(), "--open", link])
        try await terminal.waitFor("␛]0;pwned␇␛[2J")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("\u{1B}]0;"))
    }

    @Test("a hostile value on the command line: the error message quotes it as pictures")
    func commandLine() async throws {
        let path = "/nonexistent/\(Self.setTitle)recipes.json"
        let run = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--dataset", path], input: "quit\n")
        #expect(run.status == 3)
        #expect(run.errorOutput.contains("/nonexistent/␛]0;pwned␇recipes.json"), "\(run.errorOutput)")
        #expect(!run.errorOutput.contains("\u{1B}"))
    }
}
