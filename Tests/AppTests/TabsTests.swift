import Core
import Foundation
import TerminalRunner
import Testing

@testable import App

/// The app's four tabs, on the real environment (bundled dataset, the app's stores).
@MainActor
@Suite("Main tabs")
struct TabsTests {
    /// A session on a fresh data directory; `body` runs while the directory exists.
    func withSession(_ body: (TabSession) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try CookbookApp.makeEnvironment(
            LaunchOptions.parse(["--data-dir", directory.url.path], for: CookbookApp.program))
        let session = MainTabCoordinator(environment: environment).session
        await session.start()
        try await body(session)
    }

    func bundledRecipe(titled title: String) throws -> Recipe {
        try #require(try BundledRecipeClient.bundled().recipes.first { $0.title == title })
    }

    func visibleText(_ session: TabSession) -> String {
        session.visibleScreen?.content.plainText() ?? ""
    }

    /// Sends an event to the visible screen and carries out its navigation, as the runner does.
    func send(_ event: ScreenEvent, in session: TabSession) async {
        guard let screen = session.visibleScreen, let navigation = await screen.handle(event) else { return }
        await session.current.perform(navigation)
    }

    @Test func theTabsAreFeedSearchShoppingListFavoritesInThatOrder() async throws {
        try await withSession { session in
            #expect(session.tabs.map(\.title) == ["Feed", "Search", "Shopping list", "Favorites"])
            #expect(session.tabs[0].root is Screens.Feed)
            #expect(session.tabs[1].root as? Screens.RecipeSearch == Screens.RecipeSearch())
            #expect(session.tabs[2].root is Screens.ShoppingList)
            #expect(session.tabs[3].root is Screens.Favorites)
        }
    }

    @Test func theAppStartsOnTheRealFeed() async throws {
        try await withSession { session in
            #expect(session.selectedIndex == 0)
            #expect(session.visibleScreen?.content.title == "Feed")
            #expect(visibleText(session).contains("## Popular"))
            #expect(!visibleText(session).contains("Placeholder"))
            #expect(session.tabs.dropFirst().allSatisfy { $0.stack.isEmpty }, "other tabs start when first shown")
        }
    }

    @Test(arguments: 0..<4)
    func showRecipePushesTheRealDetailsOnAnyTab(tab: Int) async throws {
        let curryRice = try bundledRecipe(titled: "Curry Rice")
        try await withSession { session in
            await session.select(tabAt: tab)
            let root = session.current.path

            await session.current.showRecipe(curryRice.id)

            #expect(session.selectedIndex == tab)
            #expect(session.current.path == root + ["Curry Rice"])
            #expect(visibleText(session).contains("## Ingredients"))
            #expect(!visibleText(session).contains("Placeholder"))
            #expect(session.tabs.indices.filter { $0 != tab }.allSatisfy { session.tabs[$0].stack.count <= 1 })
        }
    }

    @Test func showAuthorPushesTheAuthorsRecipes() async throws {
        try await withSession { session in
            await session.current.showAuthor("aiko-tanaka")

            #expect(session.visibleScreen?.content.title == "Recipes by Aiko Tanaka")
            #expect(visibleText(session).contains("Curry Rice — Aiko Tanaka"))
        }
    }

    @Test func openingTheShoppingListSelectsItsTab() async throws {
        try await withSession { session in
            await session.open(Screens.ShoppingList())

            #expect(session.selectedIndex == 2)
            #expect(session.current.title == "Shopping list")
            #expect(session.current.stack.count == 1)
            #expect(session.visibleScreen?.content.title == "Shopping list")
        }
    }

    @Test func openingATabsRootGoesBackToIt() async throws {
        let curryRice = try bundledRecipe(titled: "Curry Rice")
        try await withSession { session in
            await session.open(Screens.ShoppingList())
            await session.current.showRecipe(curryRice.id)

            await session.open(Screens.Favorites())
            await session.open(Screens.ShoppingList())

            #expect(session.selectedIndex == 2)
            #expect(session.current.path == ["Shopping list"])
        }
    }

    @Test func openingARecipeStaysOnTheCurrentTab() async throws {
        let pancakes = try bundledRecipe(titled: "Pancakes")
        try await withSession { session in
            await session.select(tabAt: 3)

            await session.open(Screens.RecipeDetails(recipeID: pancakes.id))

            #expect(session.selectedIndex == 3)
            #expect(session.current.path == ["Favorites", "Pancakes"])
        }
    }

    @Test func ingredientsAddedFromARecipeShowUpOnTheShoppingListTab() async throws {
        let curryRice = try bundledRecipe(titled: "Curry Rice")
        try await withSession { session in
            // The list is looked at once while still empty, so it must refresh later.
            await session.select(tabAt: 2)
            #expect(visibleText(session).contains("Your shopping list is empty"))

            await session.select(tabAt: 1)
            await send(.edit(row: "query", text: "curry rice"), in: session)
            await send(.submit(row: "query"), in: session)
            await send(.activate(row: "recipe-\(curryRice.id)"), in: session)
            #expect(session.current.path == ["Search", "Curry Rice"])
            await send(.activate(row: "add-to-shopping-list"), in: session)
            let count = curryRice.ingredients.count
            #expect(session.visibleScreen?.content.notice == "Added \(count) ingredients of “Curry Rice” to the shopping list.")

            await session.select(tabAt: 2)

            let list = try #require(session.visibleScreen?.content)
            let items = list.sections.flatMap(\.rows).filter { $0.id.hasPrefix("item-") }.map(\.label)
            #expect(items == curryRice.ingredients.map(\.name))
            #expect(list.sections.first?.title == "\(count) of \(count) to buy")
        }
    }

    @Test func aFavoriteMarkedOnARecipeShowsUpOnTheFavoritesTab() async throws {
        let pancakes = try bundledRecipe(titled: "Pancakes")
        try await withSession { session in
            await session.select(tabAt: 3)
            #expect(visibleText(session).contains("No favorites yet"))

            await session.select(tabAt: 0)
            await session.current.showRecipe(pancakes.id)
            await send(.toggle(row: "favorite"), in: session)
            await session.select(tabAt: 3)

            #expect(visibleText(session).contains("## Saved recipes (1)"))
            #expect(visibleText(session).contains("Pancakes — \(pancakes.author.name)"))
        }
    }
}
