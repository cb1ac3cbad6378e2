import Foundation
import Testing

/// The Feed, ShoppingList and Favorites sandboxes, driven through piped scripts like a
/// developer trying one feature alone.
@Suite("new feature sandboxes end to end")
struct NewFeatureSandboxesEndToEndTests {
    let feed = ProductProcess(name: "FeedSandbox")
    let shoppingList = ProductProcess(name: "ShoppingListSandbox")
    let favorites = ProductProcess(name: "FavoritesSandbox")

    // MARK: Feed

    @Test("FeedSandbox shows popular and new recipes and opens them as placeholders")
    func feedSandbox() async throws {
        let result = try await feed.run(
            input: """
                expect "# Feed"
                expect "## Popular"
                expect "[1] Pancakes — Marco Rossi · 20 min · ♥ 5100"
                expect "## New"
                expect "[6] Thai Green Curry — Priya Sharma"
                select 1
                expect "Screens.RecipeDetails(recipeID: 4)"
                expect "Path: Feed › Placeholder"
                back
                select "Thai Green Curry"
                expect "Screens.RecipeDetails(recipeID: 6)"
                back
                select "About Cookbook"
                expect "Screens.About()"
                back
                expect "## Popular"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("FeedSandbox failure scenario explains, and retry keeps explaining")
    func feedSandboxFailure() async throws {
        let result = try await feed.run(
            ["--scenario", "failure"],
            input: """
                expect "! Couldn't load the feed: The recipe service could not be reached."
                expect "(retry to try again)"
                expect-not "## Popular"
                retry
                expect "Couldn't load the feed"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("FeedSandbox empty scenario says there are no recipes yet")
    func feedSandboxEmpty() async throws {
        let result = try await feed.run(
            ["--scenario", "empty"],
            input: """
                expect "(empty) No recipes yet. Check back soon."
                expect-not "## Popular"
                select "About Cookbook"
                expect "Screens.About()"
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("a failed expect in FeedSandbox names its line and exits 1")
    func feedSandboxFailedExpect() async throws {
        let result = try await feed.run(input: "expect \"Popular\"\nexpect \"Beef Wellington\"\n")
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("stdin:2: expected “Beef Wellington” on the screen"))
    }

    // MARK: Shopping list

    @Test("ShoppingListSandbox starts with the fixture list")
    func shoppingListSandboxFixtures() async throws {
        let result = try await shoppingList.run(
            input: """
                expect "## 2 of 3 to buy"
                expect "[1] [ ] milk · 1 l"
                expect "[2] [x] eggs · 6"
                expect "[4] <Clear checked (1)>"
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("ShoppingListSandbox adds, checks, clears and deletes items")
    func shoppingListSandbox() async throws {
        // The empty field shows the placeholder “e.g. milk”, so items are matched with their toggle.
        let result = try await shoppingList.run(
            ["--scenario", "empty"],
            input: """
                expect "Your shopping list is empty"
                type milk
                expect "[1] [ ] milk"
                expect "Added “milk”."
                type eggs
                expect "## 2 of 2 to buy"
                toggle milk
                expect "[1] [x] milk"
                expect "## 1 of 2 to buy"
                select "Clear checked (1)"
                expect "Cleared 1 checked item."
                expect-not "[x] milk"
                expect-not "[ ] milk"
                expect "[1] [ ] eggs"
                delete eggs
                expect "Removed “eggs”."
                expect "Your shopping list is empty"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("ShoppingListSandbox select N flips the N-th item; the text field has no number")
    func shoppingListSandboxNumbers() async throws {
        let result = try await shoppingList.run(
            ["--scenario", "empty"],
            input: """
                type bread
                type butter
                expect "[✎] + Add item: [e.g. milk]"
                select 2
                expect "[2] [x] butter"
                expect "[3] <Clear checked (1)>"
                select 3
                expect-not "butter"
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("ShoppingListSandbox empty scenario shows the empty list")
    func shoppingListSandboxEmpty() async throws {
        let result = try await shoppingList.run(
            ["--scenario", "empty"],
            input: """
                expect "(empty) Your shopping list is empty. Add items here, or from a recipe."
                expect "+ Add item"
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    /// `--scenario failure` makes the stores fail too, so store-only features show their error state.
    @Test("ShoppingListSandbox failure scenario shows the store's error")
    func shoppingListSandboxFailure() async throws {
        let result = try await shoppingList.run(
            ["--scenario", "failure"],
            input: """
                expect "Couldn't load the shopping list"
                expect "(retry to try again)"
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    // MARK: Favorites

    @Test("FavoritesSandbox starts with the fixture favorites, newest first")
    func favoritesSandbox() async throws {
        let result = try await favorites.run(
            input: """
                expect "# Favorites"
                expect "## Saved recipes (2)"
                expect "[1] Pancakes"
                expect "[2] Curry Rice"
                quit
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("FavoritesSandbox empty scenario shows the empty state")
    func favoritesSandboxEmpty() async throws {
        let result = try await favorites.run(["--scenario", "empty"], input: "expect \"No favorites yet\"\n")
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    /// Sandboxes start with fixture favorites, so there is something to open and delete.
    @Test("FavoritesSandbox default scenario has fixture favorites to open and delete")
    func favoritesSandboxFixtures() async throws {
        let result = try await favorites.run(
            input: """
                expect "## Saved recipes"
                select 1
                expect "Screens.RecipeDetails(recipeID:"
                back
                delete 1
                expect "from favorites."
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test("FavoritesSandbox failure scenario shows the store's error")
    func favoritesSandboxFailure() async throws {
        let result = try await favorites.run(
            ["--scenario", "failure"],
            input: """
                expect "Couldn't load your favorites"
                expect "(retry to try again)"
                """)
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
    }

    @Test(arguments: ["FeedSandbox", "ShoppingListSandbox", "FavoritesSandbox"])
    func helpListsTheScenarios(sandbox: String) async throws {
        let result = try await ProductProcess(name: sandbox).run(["--help"])
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        #expect(result.output.contains("Usage: \(sandbox)"))
        #expect(result.output.contains("failure"))
    }
}
