import Core
import CoreTesting
import Testing

/// Tabs over recording coordinators: just enough to exercise `TabCoordinator`'s extension.
@MainActor
private final class TinyTabs: TabCoordinator {
    let tabs: [RecordingCoordinator]
    var selectedIndex: Int
    private(set) var opened: [String] = []

    init(tabs: [RecordingCoordinator], selectedIndex: Int) {
        self.tabs = tabs
        self.selectedIndex = selectedIndex
    }

    var children: [any NavigationCoordinator] { tabs }
    func start() async {}
    func select(tabAt index: Int) async { selectedIndex = index }
    func open(_ descriptor: any ScreenDescriptor) async { opened.append(descriptor.description) }
}

@Suite("Coordinator protocol extensions")
@MainActor
struct CoordinatorTests {
    let resolver = RecordingResolver()

    /// A stack on the recording resolver, with Feed at the bottom.
    func feedStack() -> RecordingScreenStack {
        RecordingScreenStack(environment: TestEnvironment(resolver: resolver), root: Screens.Feed())
    }

    @Test("perform(.show) puts the screen the resolver built for the descriptor on top, and it appears")
    func performShow() async throws {
        let stack = feedStack()

        await stack.perform(.show(Screens.RecipeDetails(recipeID: 7)))

        #expect(resolver.builds == [.screen("Screens.Feed()"), .details(Screens.RecipeDetails(recipeID: 7))])
        #expect(stack.path == ["Screens.Feed()", "Screens.RecipeDetails(recipeID: 7)"])
        let top = try #require(stack.topScreen as? LabelledScreen)
        #expect(top.label == "details: 7")
        #expect(top.appearCount == 1)
        #expect(stack.depth == 2)
    }

    @Test("show resolves with the stack's own environment")
    func showUsesTheStacksEnvironment() async {
        let stack = RecordingScreenStack(environment: TestEnvironment(resolver: resolver, flags: ["mine"]))

        await stack.perform(.show(Screens.RecipeSearch(query: "soup")))

        #expect(resolver.environmentFlags == [["mine"]])
        #expect(stack.topScreen?.content.title == "search: soup")
    }

    @Test("perform(.pop) goes back one screen, which appears again; the bottom screen stays")
    func performPop() async throws {
        let stack = feedStack()
        await stack.perform(.show(Screens.RecipeDetails(recipeID: 1)))

        await stack.perform(.pop)
        await stack.perform(.pop)

        #expect(stack.path == ["Screens.Feed()"])
        let feed = try #require(stack.topScreen as? LabelledScreen)
        #expect(feed.appearCount == 1, "appeared once, after the first pop")
    }

    @Test("perform(.finish) closes the finished screen and hands its result to the one below, which does not appear again")
    func performFinishDeliversTheResult() async throws {
        let stack = feedStack()
        await stack.perform(.show(Screens.RecipeDetails(recipeID: 1)))
        let details = try #require(stack.topScreen as? LabelledScreen)
        await stack.perform(.show(Screens.ChooseIngredients(recipeID: 1)))
        let chosen = FlowResult.ingredients(recipeID: 1, [Ingredient(name: "rice", quantity: 2, unit: .cup)])

        await stack.perform(.finish(chosen))

        #expect(stack.path == ["Screens.Feed()", "Screens.RecipeDetails(recipeID: 1)"])
        #expect(details.events == [.flowFinished(chosen)])
        #expect(details.appearCount == 1)
        #expect(stack.changes.last == .close(toDepth: 2))
    }

    @Test("after a finish, what the receiving screen asks for is carried out")
    func performFinishFollowsTheAnswer() async throws {
        let stack = feedStack()
        await stack.perform(.show(Screens.RecipeDetails(recipeID: 1)))
        let details = try #require(stack.topScreen as? LabelledScreen)
        details.afterFlow = .show(Screens.ShoppingList())
        await stack.perform(.show(Screens.ChooseIngredients(recipeID: 1)))

        await stack.perform(.finish(.cancelled))

        #expect(stack.path == ["Screens.Feed()", "Screens.RecipeDetails(recipeID: 1)", "Screens.ShoppingList()"])
    }

    @Test("a finish with nothing below it changes nothing")
    func finishAtTheBottom() async throws {
        let stack = feedStack()
        let feed = try #require(stack.topScreen as? LabelledScreen)

        await stack.perform(.finish(.cancelled))

        #expect(stack.path == ["Screens.Feed()"])
        #expect(feed.events.isEmpty)
    }

    @Test("a navigation's descriptor is the one .show carries, and nil otherwise")
    func navigationDescriptor() {
        #expect(Navigation.show(Screens.About()).descriptor?.description == "Screens.About()")
        #expect(Navigation.pop.descriptor == nil)
        #expect(Navigation.finish(.cancelled).descriptor == nil)
    }

    @Test("topScreen is nil and depth 0 before anything is shown")
    func emptyStack() {
        let stack = RecordingScreenStack(environment: TestEnvironment(resolver: resolver))
        #expect(stack.topScreen == nil)
        #expect(stack.depth == 0)
    }

    @Test("selectedChild is the child at selectedIndex, or nil when out of range")
    func selectedChild() async {
        let environment = TestEnvironment(resolver: resolver)
        let first = RecordingCoordinator(environment: environment)
        let second = RecordingCoordinator(environment: environment)
        let tabs = TinyTabs(tabs: [first, second], selectedIndex: 1)
        #expect(tabs.selectedChild === second)

        await tabs.select(tabAt: 0)
        #expect(tabs.selectedChild === first)

        await tabs.select(tabAt: 2)
        #expect(tabs.selectedChild == nil)
    }
}
