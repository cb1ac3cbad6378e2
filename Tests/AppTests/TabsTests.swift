import Core
import Foundation
import TerminalRunner
import Testing

@testable import App

/// The app's coordinators on the real environment (bundled dataset, the app's stores): what a
/// person sees as they move between tabs, open recipes and follow deep links.
@MainActor
final class AppSession {
    let directory: TemporaryDirectory
    let app: AppCoordinator

    init() async throws {
        directory = try TemporaryDirectory()
        let environment = try CookbookApp.makeEnvironment(
            LaunchOptions.parse(["--data-dir", directory.url.path], for: CookbookApp.program))
        app = AppCoordinator(environment: environment)
        await app.start()
    }

    deinit { directory.remove() }

    var tabs: MainTabCoordinator { app.root }
    var tabBar: TabBar { app.tabBar }

    /// The descriptors of the selected tab's stack, bottom first.
    var path: [String] { tabBar.current.descriptors.map(\.description) }

    var visibleText: String { tabBar.visibleScreen?.content.plainText() ?? "" }

    /// Sends an event to the visible screen and hands the navigation it asks for to the
    /// coordinator of its stack, as the runner does.
    func send(_ event: ScreenEvent<RowKey>) async {
        let stack = tabBar.current
        guard let screen = stack.topScreen, let navigation = await screen.handle(event) else { return }
        await stack.route(navigation)
    }

    /// The visible screen's row a person names by what it shows (`AnyScreen.row`).
    func row(_ words: String) -> RowKey {
        tabBar.visibleScreen?.row(words) ?? RowKey("no screen")
    }

    func recipe(titled title: String) throws -> Recipe {
        try #require(BundledRecipeClient.bundled().recipes.first { $0.title == title })
    }
}

@MainActor
@Suite("Main tabs")
struct TabsTests {
    @Test func theTabsAreFeedSearchShoppingListFavoritesEachWithItsOwnCoordinator() async throws {
        let app = try await AppSession()
        let tabs = app.tabs

        #expect(app.tabBar.tabs.map(\.title) == ["Feed", "Search", "Shopping list", "Favorites"])
        #expect(app.tabBar.tabs[0].root is Screens.Feed)
        #expect(app.tabBar.tabs[1].root as? Screens.RecipeSearch == Screens.RecipeSearch())
        #expect(app.tabBar.tabs[2].root is Screens.ShoppingList)
        #expect(app.tabBar.tabs[3].root is Screens.Favorites)
        let expected: [any TabStackCoordinator] = [tabs.feed, tabs.search, tabs.shoppingList, tabs.favorites]
        #expect(tabs.children.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        for (child, stack) in zip(tabs.children, app.tabBar.tabs) {
            #expect(child.navigator === stack, "each tab's stack asks its own coordinator")
            #expect(stack.coordinator === child)
        }
    }

    @Test func theAppStartsOnTheRealFeedAndOtherTabsStartWhenFirstShown() async throws {
        let app = try await AppSession()

        #expect(app.tabs.selectedIndex == 0)
        #expect(app.tabBar.visibleScreen?.content.title == "Feed")
        #expect(app.visibleText.contains("## Popular"))
        #expect(!app.visibleText.contains("Placeholder"))
        #expect(app.tabBar.tabs.dropFirst().allSatisfy { $0.stack.isEmpty })

        await app.tabs.select(tabAt: 3)
        #expect(app.path == ["Screens.Favorites()"])
    }

    @Test(arguments: [0, 1, 3])
    func aRecipeOpenedFromATabIsPushedOnThatTab(tab: Int) async throws {
        let app = try await AppSession()
        let curryRice = try app.recipe(titled: "Curry Rice")
        await app.tabs.select(tabAt: tab)
        let root = app.tabBar.current.path

        await app.tabBar.current.route(.show(Screens.RecipeDetails(recipeID: curryRice.id)))

        #expect(app.tabs.selectedIndex == tab)
        #expect(app.tabBar.current.path == root + ["Curry Rice"])
        #expect(app.visibleText.contains("## Ingredients"))
        #expect(!app.visibleText.contains("Placeholder"))
        #expect(app.tabBar.tabs.indices.filter { $0 != tab }.allSatisfy { app.tabBar.tabs[$0].stack.count <= 1 })
    }

    @Test func theAuthorOfARecipeOpensOnTheSameTab() async throws {
        let app = try await AppSession()
        await app.tabs.favorites.showRecipe(try app.recipe(titled: "Curry Rice").id)
        await app.tabs.select(tabAt: 0)
        await app.tabs.feed.showRecipe(try app.recipe(titled: "Curry Rice").id)

        await app.send(.activate(row: app.row("More from")))

        #expect(app.tabs.selectedIndex == 0)
        #expect(app.tabBar.current.path == ["Feed", "Curry Rice", "Recipes by Aiko Tanaka"])
        #expect(app.visibleText.contains("Curry Rice — Aiko Tanaka"))
    }

    @Test func aboutOpensOnTheFeed() async throws {
        let app = try await AppSession()

        await app.send(.activate(row: app.row("About Cookbook")))

        #expect(app.tabBar.current.path == ["Feed", "About Cookbook"])
    }

    @Test func ingredientsAddedFromARecipeShowUpOnTheShoppingListTab() async throws {
        let app = try await AppSession()
        let curryRice = try app.recipe(titled: "Curry Rice")
        // The list is looked at once while still empty, so it must refresh later.
        await app.tabs.select(tabAt: 2)
        #expect(app.visibleText.contains("Your shopping list is empty"))

        await app.tabs.select(tabAt: 1)
        app.tabBar.visibleScreen?.edit(app.row("Search"), text: "curry rice")
        await app.send(.submit(row: app.row("Search"), text: "curry rice"))
        await app.send(.activate(row: app.row(curryRice.title)))
        #expect(app.tabBar.current.path == ["Search", "Curry Rice"])
        await app.send(.activate(row: app.row("Add ingredients to shopping list")))
        let bought = curryRice.ingredients.filter(\.goesOnShoppingList)
        let count = bought.count
        #expect(
            app.tabBar.visibleScreen?.content.notice
                == "Added \(count) of \(curryRice.ingredients.count) ingredients of “Curry Rice” to the shopping list. Left out water and salt (to taste): choose them with “Choose ingredients to add…”."
        )

        await app.tabs.select(tabAt: 2)

        let list = try #require(app.tabBar.visibleScreen?.content)
        let items = list.sections.flatMap(\.rows).filter { if case .toggle = $0.element { true } else { false } }.map(\.label)
        #expect(items == bought.map { IngredientName.toBuy($0.name) })
        #expect(list.sections.first?.title == "\(count) of \(count) to buy")
    }

    @Test func aFavoriteMarkedOnARecipeShowsUpOnTheFavoritesTab() async throws {
        let app = try await AppSession()
        let pancakes = try app.recipe(titled: "Pancakes")
        await app.tabs.select(tabAt: 3)
        #expect(app.visibleText.contains("No favorites yet"))

        await app.tabs.select(tabAt: 0)
        await app.tabs.feed.showRecipe(pancakes.id)
        await app.send(.toggle(row: app.row("Favorite")))
        await app.tabs.select(tabAt: 3)

        #expect(app.visibleText.contains("## Saved recipes (1)"))
        #expect(app.visibleText.contains("Pancakes — \(pancakes.author.name)"))
    }
}
