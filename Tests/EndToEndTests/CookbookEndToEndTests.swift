import Foundation
import Testing

/// The real `cookbook` executable, driven through piped input as a user's script would.
@Suite("cookbook end to end")
struct CookbookEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    @Test("search, open, back, quit through piped input")
    func searchOpenBackQuit() async throws {
        let dataDirectory = temporaryDataDirectory()
        let result = try await cookbook.run(
            ["--data-dir", dataDirectory],
            input: """
                expect "Tabs: [Feed] | Search | Shopping list | Favorites"
                tab Search
                search curry
                expect "Curry Rice"
                select "Curry Rice"
                expect "Ingredients"
                expect "Steps"
                back
                expect "Results for “curry”"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(result.output.contains("Path: Search › Curry Rice"))
        #expect(result.output.contains("Japanese curry roux"))

        let log = try String(contentsOfFile: dataDirectory + "/logs/events.jsonl", encoding: .utf8)
        let names = log.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }.compactMap { $0["name"] as? String }
        #expect(names == ["feed", "recipe_search", "search", "open_recipe", "recipe_details", "recipe_search"])
    }

    @Test("a failed expect names its line and exits 1")
    func failedExpect() async throws {
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory()], input: "tab Search\nsearch curry\nexpect \"Beef Wellington\"\nquit\n")
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("stdin:3: expected “Beef Wellington” on the screen"))
    }

    @Test("an unknown command names the line and lists the valid forms")
    func unknownCommand() async throws {
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory()], input: "tab Search\nsearch curry\ndance\n")
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("stdin:3: unknown command “dance”"))
        #expect(result.errorOutput.contains("select ROW"))
    }

    @Test("a script file runs with --script")
    func scriptFile() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString).txt")
        try "tab Search\nsearch miso\nselect \"Miso Soup\"\nexpect \"dashi\"\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try await cookbook.run(["--data-dir", temporaryDataDirectory(), "--script", script.path])
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("an unknown option prints usage and exits 2")
    func unknownOption() async throws {
        let result = try await cookbook.run(["--colour"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("unknown option “--colour”"))
        #expect(result.errorOutput.contains("Usage: cookbook"))
    }

    @Test("choosing ingredients is a flow of the recipe: it finishes back on the recipe, which adds the choice")
    func chooseIngredientsFlow() async throws {
        let result = try await cookbook.run(
            ["--data-dir", temporaryDataDirectory()],
            input: """
                tab Search
                search curry rice
                select "Curry Rice"
                select "Choose ingredients to add…"
                expect "Path: Search › Curry Rice › Choose ingredients"
                toggle "pork shoulder"
                select Cancel
                expect "Path: Search › Curry Rice"
                expect-not "Added"
                select "Choose ingredients to add…"
                toggle "pork shoulder"
                select "Add 7 ingredients to the shopping list"
                expect "Added 7 of 10 ingredients of “Curry Rice” to the shopping list."
                select "Choose ingredients to add…"
                expect "(8 of 10 chosen)"
                expect "onions · 2 · already on your list"
                expect "[ ] water · 800 ml"
                back
                expect "Path: Search › Curry Rice"
                tab "Shopping list"
                expect "## 7 of 7 to buy"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("the RecipeDetails sandbox runs the chooser flow too, with no app coordinator")
    func chooseIngredientsInTheSandbox() async throws {
        let result = try await ProductProcess(name: "RecipeDetailsSandbox").run(
            input: """
                select "Choose ingredients to add…"
                toggle rice
                select "Add 4 ingredients to the shopping list"
                expect "Added 4 of 5 ingredients of “Curry Rice” to the shopping list."
                expect-not "Path:"
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("the RecipeSearch sandbox has Kitchen preferences too, from the search screen and by link")
    func kitchenPreferencesInTheSandbox() async throws {
        let fromSearch = try await ProductProcess(name: "RecipeSearchSandbox").run(
            input: """
                select "Kitchen preferences"
                toggle "Vegetarian kitchen"
                back
                type curry
                expect "[x] Vegetarian only"
                expect "Results for “curry” (1)"
                """)
        #expect(fromSearch.status == 0, "stderr: \(fromSearch.errorOutput)")

        let failing = try await ProductProcess(name: "RecipeSearchSandbox").run(
            ["--scenario", "failure", "--open", "cookbook://kitchen-preferences"],
            input: "expect \"Couldn't load your kitchen preferences\"\nexpect \"(retry to try again)\"\n")
        #expect(failing.status == 0, "stderr: \(failing.errorOutput)")
    }

    @Test("export writes a Markdown file into the data directory")
    func export() async throws {
        let dataDirectory = temporaryDataDirectory()
        let result = try await cookbook.run(
            ["--data-dir", dataDirectory],
            input: "tab Search\nsearch curry rice\nselect \"Curry Rice\"\nselect \"Export as Markdown\"\nexpect \"Exported\"\n")
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        let markdown = try String(contentsOfFile: dataDirectory + "/exports/curry-rice-1.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# Curry Rice\n"))
    }
}

/// Each sandbox runs its real feature alone, on fixtures, with the same script language.
@Suite("sandboxes end to end")
struct SandboxEndToEndTests {
    @Test("RecipeSearchSandbox opens details as a labelled placeholder")
    func searchSandbox() async throws {
        let result = try await ProductProcess(name: "RecipeSearchSandbox").run(
            input: """
                search curry
                expect "Thai Green Curry"
                select "Curry Rice"
                expect "Screens.RecipeDetails(recipeID: 1)"
                back
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("RecipeSearchSandbox empty scenario says nothing matched")
    func searchSandboxEmpty() async throws {
        let result = try await ProductProcess(name: "RecipeSearchSandbox").run(
            ["--scenario", "empty"], input: "search curry\nexpect \"No recipes match “curry”\"\n")
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("RecipeDetailsSandbox shows recipe 1 and its failure scenario offers retry")
    func detailsSandbox() async throws {
        let normal = try await ProductProcess(name: "RecipeDetailsSandbox").run(
            input: "expect \"Curry Rice\"\nexpect \"400 g chicken thigh\"\n")
        #expect(normal.status == 0, "stderr: \(normal.errorOutput)")
        let failing = try await ProductProcess(name: "RecipeDetailsSandbox").run(
            ["--scenario", "failure"], input: "expect \"Couldn't load recipe 1\"\nretry\nexpect \"(retry to try again)\"\n")
        #expect(failing.status == 0, "stderr: \(failing.errorOutput)")
    }

    @Test("an unknown scenario lists the sandbox's scenarios, its own too, and exits 2")
    func unknownScenario() async throws {
        let result = try await ProductProcess(name: "RecipeDetailsSandbox").run(["--scenario", "chaos"])
        #expect(result.status == 2)
        #expect(
            result.errorOutput.contains("unknown scenario “chaos”; scenarios: default, empty, failure, slow, premium, saved-copy, no-steps")
        )
    }

    @Test("in the slow scenario a script sees each loading state until wait, then what loaded")
    func slowScenarioLoadingState() async throws {
        let result = try await ProductProcess(name: "ShoppingListSandbox").run(
            ["--scenario", "slow"],
            input: """
                expect "… Loading the shopping list…"
                expect-not milk
                wait
                expect "[1] [ ] milk"
                type jam
                expect "Adding “jam”…"
                expect "+ Add item: [e.g. milk]"
                wait
                expect "Added “jam”."
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("a feature's own scenario starts by its name: ShoppingListSandbox's long list of 500 items")
    func featureScenario() async throws {
        let result = try await ProductProcess(name: "ShoppingListSandbox").run(
            ["--scenario", "long-list"], input: "expect \"431 of 503 to buy\"\nexpect \"[503] [ ] tomatoes 20\"\n")
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }
}
