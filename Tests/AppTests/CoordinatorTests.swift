import Core
import CoreTesting
import Foundation
import TerminalRunner
import Testing

@testable import App

extension StackNavigator {
    /// The stack's screens by descriptor, bottom first: `["Screens.Feed()", "Screens.RecipeDetails(recipeID: 1)"]`.
    var descriptorPath: [String] { descriptors.map(\.description) }
}

/// The shared transitions (`RecipePresenting`), run on a tab's coordinator alone (no tabs around
/// it) over placeholder screens: what each one puts on the stack, by descriptor.
@MainActor
@Suite("Shared recipe transitions")
struct SharedTransitionsTests {
    let environment = StubEnvironment()

    func coordinator() async -> FavoritesCoordinator {
        let coordinator = FavoritesCoordinator(environment: environment)
        await coordinator.navigator.start()
        return coordinator
    }

    @Test func showRecipePushesTheRecipesDetails() async {
        let coordinator = await coordinator()

        await coordinator.showRecipe(4)

        #expect(coordinator.navigator.descriptorPath == ["Screens.Favorites()", "Screens.RecipeDetails(recipeID: 4)"])
        #expect(environment.recorder.resolved(Screens.RecipeDetails.self) == [Screens.RecipeDetails(recipeID: 4)])
    }

    @Test func showAuthorPushesTheAuthorsRecipes() async {
        let coordinator = await coordinator()

        await coordinator.showAuthor("aiko-tanaka")

        #expect(coordinator.navigator.descriptorPath == ["Screens.Favorites()", "Screens.AuthorRecipes(authorID: \"aiko-tanaka\")"])
    }

    @Test(
        "presentRecipeScreen shows the recipe screens and declines the rest",
        arguments: [
            (Screens.RecipeDetails(recipeID: 2) as any ScreenDescriptor, true),
            (Screens.AuthorRecipes(authorID: "marco-rossi") as any ScreenDescriptor, true),
            (Screens.ChooseIngredients(recipeID: 2) as any ScreenDescriptor, true),
            (Screens.ShoppingList() as any ScreenDescriptor, false),
            (Screens.About() as any ScreenDescriptor, false),
        ])
    func presentRecipeScreen(descriptor: any ScreenDescriptor, shown: Bool) async {
        let coordinator = await coordinator()

        let presented = await coordinator.presentRecipeScreen(descriptor)

        #expect(presented == shown)
        #expect(coordinator.navigator.descriptorPath == ["Screens.Favorites()"] + (shown ? [descriptor.description] : []))
    }
}

/// The child flow that chooses ingredients: it starts on its parent's stack, finishes, and its
/// parent hands the result to the recipe that asked.
@MainActor
@Suite("Choose-ingredients child flow")
struct ChooseIngredientsFlowTests {
    let environment = StubEnvironment()
    let features = AppResolver(
        exportDirectory: FileManager.default.temporaryDirectory,
        about: LegacyAboutPage.Facts(version: "test", dataDirectory: "/tmp", recipeSource: "fixtures"))

    /// The Feed tab's coordinator alone as parent, on a stack with the real details of Curry
    /// Rice (fixture 1) on top.
    func parentOnCurryRice() async -> FeedCoordinator {
        environment.stubResolver.register(Screens.RecipeDetails.self) { [features] descriptor, environment in
            features.buildRecipeDetails(descriptor, in: environment)
        }
        environment.stubResolver.register(Screens.ChooseIngredients.self) { [features] descriptor, environment in
            features.buildChooseIngredients(descriptor, in: environment)
        }
        let parent = FeedCoordinator(environment: environment)
        await parent.navigator.start()
        await parent.showRecipe(1)
        return parent
    }

    func flow(of parent: FeedCoordinator) throws -> ChooseIngredientsCoordinator {
        try #require(parent.childCoordinators.first as? ChooseIngredientsCoordinator)
    }

    @Test func startingTheFlowPushesTheChooserOnTheParentsStackAndKeepsTheChild() async throws {
        let parent = await parentOnCurryRice()

        await parent.chooseIngredients(Screens.ChooseIngredients(recipeID: 1))

        #expect(parent.navigator.descriptorPath.last == "Screens.ChooseIngredients(recipeID: 1)")
        #expect(parent.childCoordinators.count == 1)
        let flow = try flow(of: parent)
        #expect(flow.baseDepth == 2)
        #expect(parent.activeFlow === flow)
        #expect(parent.navigator.topScreen?.content.title == "Choose ingredients")
    }

    @Test func finishingReturnsTheChoiceToTheParentWhichHandsItToTheRecipe() async throws {
        let parent = await parentOnCurryRice()
        await parent.chooseIngredients(Screens.ChooseIngredients(recipeID: 1))
        let chooser = try #require(parent.navigator.topScreen)
        // Keep only the rice and the onions.
        let toggles = chooser.content.interactiveRows.filter { if case .toggle = $0.element { true } else { false } }
        for index in [0, 2, 3] { _ = await chooser.handle(.toggle(row: toggles[index].id)) }
        let finish = try #require(await chooser.handle(.activate(row: chooser.row("Add "))))

        try await flow(of: parent).navigate(finish)

        #expect(parent.childCoordinators.isEmpty)
        #expect(parent.navigator.descriptorPath == ["Screens.Feed()", "Screens.RecipeDetails(recipeID: 1)"])
        let items = try await environment.shoppingList.findAll(.all, sort: [.ascending(.position)])
        #expect(items.map(\.name) == ["onions", "rice"])
        #expect(parent.navigator.topScreen?.content.notice == "Added 2 of 5 ingredients of “Curry Rice” to the shopping list.")
    }

    @Test func cancellingReturnsNothingAndAddsNothing() async throws {
        let parent = await parentOnCurryRice()
        await parent.chooseIngredients(Screens.ChooseIngredients(recipeID: 1))
        let chooser = try #require(parent.navigator.topScreen)
        let cancel = try #require(await chooser.handle(.activate(row: chooser.row("Cancel"))))

        try await flow(of: parent).navigate(cancel)

        #expect(parent.childCoordinators.isEmpty)
        #expect(parent.navigator.descriptorPath.last == "Screens.RecipeDetails(recipeID: 1)")
        #expect(try await environment.shoppingList.findAll().isEmpty)
        #expect(parent.navigator.topScreen?.content.notice == nil)
    }

    @Test func aFlowFinishesOnce() async throws {
        let parent = await parentOnCurryRice()
        await parent.chooseIngredients(Screens.ChooseIngredients(recipeID: 1))
        let flow = try flow(of: parent)
        let rice = FlowResult.ingredients(recipeID: 1, [Ingredient(name: "rice", quantity: 2, unit: .cup)])

        await flow.navigate(.finish(rice))
        await flow.navigate(.finish(rice))

        #expect(try await environment.shoppingList.findAll().map(\.name) == ["rice"])
    }

    @Test func theResultGoesOnlyToTheScreenThatAskedIfItIsShownAgain() async throws {
        let parent = await parentOnCurryRice()
        await parent.chooseIngredients(Screens.ChooseIngredients(recipeID: 1))
        let flow = try flow(of: parent)
        // Something replaced the recipe under the chooser meanwhile.
        parent.navigator.close(toDepth: 1)
        await parent.showRecipe(2)
        await parent.navigator.show(Screens.ChooseIngredients(recipeID: 1))

        await flow.navigate(.finish(.ingredients(recipeID: 1, [Ingredient(name: "rice", quantity: 2, unit: .cup)])))

        #expect(try await environment.shoppingList.findAll().isEmpty)
    }
}

/// Where each screen lands, on the app's real coordinators: deep links (`--open`), and requests
/// a tab does not handle itself.
@MainActor
@Suite("Deep links and routing between tabs")
struct RoutingTests {
    @Test func aSearchLinkSelectsTheSearchTabSearchingForItsQuery() async throws {
        let app = try await AppSession()

        await app.app.open(Screens.RecipeSearch(query: "miso soup"))

        #expect(app.tabs.selectedIndex == 1)
        #expect(app.path == ["Screens.RecipeSearch(query: \"miso soup\")"])
        #expect(app.visibleText.contains("Miso Soup"))
        #expect(app.tabBar.tabs[0].path == ["Feed"], "the Feed is left as it was")
    }

    @Test func aSearchLinkWithoutAQueryShowsTheSearchTabsFirstScreen() async throws {
        let app = try await AppSession()
        await app.app.open(Screens.RecipeSearch(query: "curry"))

        await app.app.open(Screens.RecipeSearch())

        #expect(app.tabs.selectedIndex == 1)
        #expect(app.path == ["Screens.RecipeSearch(query: \"\")"])
    }

    @Test func aRecipeLinkOpensUnderTheFeedWithTheFeedBehindIt() async throws {
        let app = try await AppSession()
        let curryRice = try app.recipe(titled: "Curry Rice")
        let feed = app.tabBar.visibleScreen

        await app.app.open(Screens.RecipeDetails(recipeID: curryRice.id))

        #expect(app.tabs.selectedIndex == 0)
        #expect(app.tabBar.current.path == ["Feed", "Curry Rice"])
        #expect(app.tabBar.current.stack.first === feed, "the Feed already shown stays")
    }

    @Test func aRecipeLinkToAFavoriteOpensUnderFavorites() async throws {
        let app = try await AppSession()
        let pancakes = try app.recipe(titled: "Pancakes")
        try await app.tabs.favorites.navigator.environment.favorites.save(FavoriteRecipe(recipe: pancakes, savedAt: 0))

        await app.app.open(Screens.RecipeDetails(recipeID: pancakes.id))

        #expect(app.tabs.selectedIndex == 3)
        #expect(app.tabBar.current.path == ["Favorites", "Pancakes"])
    }

    @Test func aRecipeLinkReplacesWhatWasAboveTheFeed() async throws {
        let app = try await AppSession()
        await app.tabs.feed.showRecipe(try app.recipe(titled: "Miso Soup").id)
        await app.send(.activate(row: app.row("More from")))

        await app.app.open(Screens.RecipeDetails(recipeID: try app.recipe(titled: "Pancakes").id))

        #expect(app.tabBar.current.path == ["Feed", "Pancakes"])
    }

    @Test func aChooseIngredientsLinkOpensTheRecipeThenTheChooserAsAFlowOfIt() async throws {
        let app = try await AppSession()
        let curryRice = try app.recipe(titled: "Curry Rice")

        await app.app.open(Screens.ChooseIngredients(recipeID: curryRice.id))

        #expect(app.tabBar.current.path == ["Feed", "Curry Rice", "Choose ingredients"])
        #expect(app.tabs.feed.childCoordinators.count == 1)
        await app.send(.activate(row: app.row("Add ")))
        #expect(app.tabBar.current.path == ["Feed", "Curry Rice"])
        #expect(app.tabs.feed.childCoordinators.isEmpty)
        let chosen = curryRice.ingredients.filter(\.goesOnShoppingList).count
        #expect(
            app.tabBar.visibleScreen?.content.notice
                == "Added \(chosen) of \(curryRice.ingredients.count) ingredients of “Curry Rice” to the shopping list.")
    }

    @Test(
        "links to the Feed, the shopping list and Favorites select that tab at its first screen",
        arguments: [
            (Screens.Feed() as any ScreenDescriptor, 0), (Screens.ShoppingList() as any ScreenDescriptor, 2),
            (Screens.Favorites() as any ScreenDescriptor, 3),
        ])
    func tabRootLinks(link: any ScreenDescriptor, tab: Int) async throws {
        let app = try await AppSession()
        await app.tabs.select(tabAt: tab)
        await app.tabBar.current.show(Screens.About())
        await app.tabs.select(tabAt: 1)

        await app.app.open(link)

        #expect(app.tabs.selectedIndex == tab)
        #expect(app.path == [link.description])
    }

    @Test func anAuthorLinkOpensUnderSearchAndAboutUnderTheFeed() async throws {
        let app = try await AppSession()

        await app.app.open(Screens.AuthorRecipes(authorID: "aiko-tanaka"))
        #expect(app.tabs.selectedIndex == 1)
        #expect(app.tabBar.current.path == ["Search", "Recipes by Aiko Tanaka"])

        await app.app.open(Screens.About())
        #expect(app.tabs.selectedIndex == 0)
        #expect(app.tabBar.current.path == ["Feed", "About Cookbook"])
    }

    @Test func kitchenPreferencesOpenOnTheSearchTabOverItsSearch() async throws {
        let app = try await AppSession()
        await app.app.open(Screens.RecipeSearch(query: "curry"))

        await app.send(.activate(row: app.row("Kitchen preferences")))
        #expect(app.tabBar.current.path == ["Search", "Kitchen preferences"])
        #expect(app.path.first == "Screens.RecipeSearch(query: \"curry\")", "the search under it stays")

        await app.app.open(Screens.KitchenPreferences())
        #expect(app.path == ["Screens.RecipeSearch(query: \"\")", "Screens.KitchenPreferences()"])
    }

    @Test func aKitchenPreferenceSavedFromSearchStartsTheSearchUnderIt() async throws {
        let app = try await AppSession()
        await app.app.open(Screens.RecipeSearch(query: "curry"))
        let before = app.tabBar.visibleScreen?.content.sections.first { $0.id == "results" }?.rows.count ?? 0

        await app.send(.activate(row: app.row("Kitchen preferences")))
        await app.send(.toggle(row: app.row("Vegetarian kitchen")))
        await app.tabBar.current.pop()

        let text = app.visibleText
        #expect(text.contains("[x] Vegetarian only"))
        let after = app.tabBar.visibleScreen?.content.sections.first { $0.id == "results" }?.rows.count ?? 0
        #expect(after < before)
    }

    @Test func aScreenATabDoesNotShowGoesToTheTabItBelongsTo() async throws {
        let app = try await AppSession()
        await app.tabs.select(tabAt: 3)

        await app.tabBar.current.route(.show(Screens.ShoppingList()))

        #expect(app.tabs.selectedIndex == 2)
        #expect(app.path == ["Screens.ShoppingList()"])
        #expect(app.tabBar.tabs[3].stack.count == 1, "nothing was pushed on Favorites")
    }

    @Test func goingBackOutOfTheChooserEndsTheFlowWithNothingAdded() async throws {
        let app = try await AppSession()
        await app.tabs.feed.showRecipe(try app.recipe(titled: "Curry Rice").id)
        await app.send(.activate(row: app.row("Choose ingredients")))
        #expect(app.tabs.feed.childCoordinators.count == 1)

        await app.tabBar.current.pop()

        #expect(app.tabs.feed.childCoordinators.isEmpty)
        #expect(app.tabBar.current.path == ["Feed", "Curry Rice"])
        #expect(try await app.tabs.feed.navigator.environment.shoppingList.findAll().isEmpty)
    }

    @Test func theChooserPicksItsFlowsOwnRequestsBeforeTheTabDoes() async throws {
        let app = try await AppSession()
        let misoSoup = try app.recipe(titled: "Miso Soup")
        await app.tabs.select(tabAt: 1)
        await app.tabs.search.showRecipe(misoSoup.id)
        await app.send(.activate(row: app.row("Choose ingredients")))
        let flow = try #require(app.tabs.search.activeFlow)

        await app.send(.toggle(row: app.tabBar.visibleScreen?.content.interactiveRows.first?.id ?? RowKey("none")))
        await app.send(.activate(row: app.row("Add ")))

        #expect(app.tabs.search.childCoordinators.isEmpty)
        #expect(flow.onFinish == nil, "the flow finished")
        let names = try await app.tabs.search.navigator.environment.shoppingList.findAll().map(\.name)
        #expect(names == misoSoup.ingredients.dropFirst().map(\.name))
    }
}
