import Foundation
import Testing

/// The whole app through piped input, across two launches on the same data directory.
@Suite("cookbook keeps data across launches")
struct PersistenceEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    @Test("search, filter, open, add ingredients, see them in the shopping list; a second launch still has them")
    func shoppingListSurvivesRestart() async throws {
        let dataDirectory = temporaryDataDirectory()
        let first = try await cookbook.run(
            ["--data-dir", dataDirectory],
            input: """
                tab Search
                type curry
                toggle "Vegetarian only"
                expect "Results for “curry” (2)"
                expect-not "Curry Rice —"
                select "Vegetable Curry"
                expect "Ingredients"
                select "Add ingredients to shopping list"
                expect "to the shopping list"
                select Favorite
                tab "Shopping list"
                expect "coconut milk"
                quit
                """)
        #expect(first.status == 0, "stderr: \(first.errorOutput)")

        let second = try await cookbook.run(
            ["--data-dir", dataDirectory],
            input: """
                tab "Shopping list"
                expect "coconut milk"
                toggle "coconut milk"
                tab Favorites
                expect "Vegetable Curry"
                tab Search
                expect "Recent searches"
                expect "curry"
                quit
                """)
        #expect(second.status == 0, "stderr: \(second.errorOutput)")
        #expect(FileManager.default.fileExists(atPath: dataDirectory + "/cookbook.sqlite"))
    }

    @Test("kitchen preferences saved in one launch start the next launch's search; premium ones only for premium users")
    func kitchenPreferencesSurviveRestart() async throws {
        let dataDirectory = temporaryDataDirectory()
        let first = try await cookbook.run(
            ["--data-dir", dataDirectory, "--premium", "--open", "cookbook://kitchen-preferences"],
            input: """
                expect "Path: Search › Kitchen preferences"
                toggle "Vegetarian kitchen"
                set "Calorie limit" "≤ 300 kcal"
                expect "Saved: Calorie limit is ≤ 300 kcal. Search starts there."
                back
                expect "Filters (2 on)"
                expect "[x] Vegetarian only"
                quit
                """)
        #expect(first.status == 0, "stderr: \(first.errorOutput)")
        #expect(
            SQLiteInspector(path: dataDirectory + "/cookbook.sqlite").query("SELECT key FROM kitchen_preferences ORDER BY key") == [
                "max-calories", "vegetarian",
            ])

        let free = try await cookbook.run(
            ["--data-dir", dataDirectory, "--open", "cookbook://search?query=curry"],
            input: """
                expect "Filters (1 on)"
                expect "Results for “curry” (2)"
                expect "Kitchen preferences · 2 saved, filters start there"
                quit
                """)
        #expect(free.status == 0, "stderr: \(free.errorOutput)")

        let premium = try await cookbook.run(
            ["--data-dir", dataDirectory, "--premium", "--open", "cookbook://search?query=curry"],
            input: "expect \"Filters (2 on)\"\nexpect \"No recipes match “curry” with these filters.\"\nquit\n")
        #expect(premium.status == 0, "stderr: \(premium.errorOutput)")
    }

    @Test("a NUL in typed text: what is stored is what was acknowledged, whole")
    func nulInTypedText() async throws {
        let dataDirectory = temporaryDataDirectory()
        let run = try await cookbook.run(["--data-dir", dataDirectory], input: "tab \"Shopping list\"\ntype \"milk\u{0}eggs\"\nquit\n")
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.output.contains("Added “milk␀eggs”."), "acknowledged whole, the NUL shown as ␀")
        #expect(SQLiteInspector(path: dataDirectory + "/cookbook.sqlite").shoppingItemNames() == ["milk\u{0}eggs"])
    }

    @Test("a data directory that cannot be used: the app says which path and what to do, and still runs")
    func unusableDataDirectory() async throws {
        let file = temporaryDataDirectory()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let result = try await cookbook.run(["--data-dir", file], input: "tab Search\ntype curry\nexpect \"Curry Rice\"\n")
        #expect(result.status == 0, "a search changes nothing of the person's: stderr: \(result.errorOutput)")
        #expect(result.output.hasPrefix("! Not saving: the data directory is a file, not a directory;"))
        #expect(result.errorOutput.contains("The data directory \(file) is a file, not a directory."))
        #expect(result.errorOutput.contains("--data-dir"))
    }
}
