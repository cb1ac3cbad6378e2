import Foundation
import Testing

/// Two `cookbook`s on one data directory, one changing what the other still shows: a change made
/// on the screen that is out of date applies to what is stored now, and never brings back what
/// the other removed (docs/reliability-store.md, "Two programs editing the same data").
@Suite("two programs editing the same data")
struct TwoProgramsEditingTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// A data directory holding what `setup` (a script) makes, and a program showing `tab` on it.
    func programShowing(_ tab: String, after setup: String) async throws -> (directory: String, program: LiveProcess) {
        let directory = temporaryDataDirectory()
        let made = try await cookbook.run(["--data-dir", directory], input: setup + "quit\n")
        #expect(made.status == 0, "setup: \(made.errorOutput)")
        let program = try LiveProcess("cookbook", arguments: ["--data-dir", directory])
        program.send("tab \"\(tab)\"")
        #expect(await program.waitFor("# \(tab)"), "the \(tab) tab did not open: \(program.text)")
        return (directory, program)
    }

    /// Runs `script` as the second program on `directory`; it must exit 0.
    func otherProgram(on directory: String, _ script: String) async throws {
        let other = try await cookbook.run(["--data-dir", directory], input: script + "quit\n")
        #expect(other.status == 0, "the other program: \(other.errorOutput)")
    }

    /// Sends `command` to `program`, then quits it; whether it said `words` first, and its exit status.
    func run(_ command: String, on program: LiveProcess, untilSaid words: String) async -> (said: Bool, status: Int32?) {
        program.send(command)
        let said = await program.waitFor(words)
        program.send("quit")
        return (said, await program.finish())
    }

    @Test(
        "an item the other program removed, checked or unchecked on the older screen: said, not stored again",
        arguments: [("apple", false), ("pear", true)])
    func toggleAfterRemoval(name: String, checkedBefore: Bool) async throws {
        let setup = "tab \"Shopping list\"\ntype \(name)\ntype bread\n" + (checkedBefore ? "toggle \(name)\n" : "")
        let (directory, program) = try await programShowing("Shopping list", after: setup)
        try await otherProgram(on: directory, "tab \"Shopping list\"\ndelete \(name)\n")

        let (said, status) = await run("toggle \(name)", on: program, untilSaid: "this item was removed elsewhere")

        #expect(said, "the older screen should say the item was removed elsewhere: \(program.text)")
        #expect(status == 0, "nothing of the person's is lost, so the run does not fail")
        let stored = SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames()
        #expect(stored == ["bread"], "\(name) stays removed")
    }

    @Test("clearing the checked items on the older screen leaves one the other program unchecked")
    func clearCheckedAfterUncheck() async throws {
        let setup = "tab \"Shopping list\"\ntype apple\ntype bread\ntype cheese\ntoggle apple\ntoggle cheese\n"
        let (directory, program) = try await programShowing("Shopping list", after: setup)
        try await otherProgram(on: directory, "tab \"Shopping list\"\ntoggle cheese\n")

        let said = await run("select \"Clear checked\"", on: program, untilSaid: "already removed or unchecked elsewhere").said

        #expect(said, "\(program.text)")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames() == ["bread", "cheese"])
    }

    @Test("a favorite the other program removed, removed again on the older screen: said, and still gone")
    func favoriteRemovedElsewhere() async throws {
        let setup = "tab Search\ntype curry\nselect 1\ntoggle Favorite\nback\n"
        let (directory, program) = try await programShowing("Favorites", after: setup)
        let before = SQLiteInspector(path: directory + "/cookbook.sqlite").query("SELECT title FROM favorites")
        #expect(before.count == 1)
        try await otherProgram(on: directory, "tab Favorites\ndelete 1\n")

        let said = await run("delete 1", on: program, untilSaid: "was already removed from favorites elsewhere").said

        #expect(said, "\(program.text)")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").query("SELECT title FROM favorites").isEmpty)
    }
}
