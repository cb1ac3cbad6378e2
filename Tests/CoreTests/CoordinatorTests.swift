import Core
import Testing

/// The smallest navigation stack: just enough to exercise the protocol extensions.
@MainActor
private final class TinyNavigator: NavigationCoordinator {
    let environment: any Environment
    private(set) var stack: [any Screen] = []
    private(set) var descriptors: [any ScreenDescriptor] = []

    init(environment: any Environment) {
        self.environment = environment
    }

    func start() async {
        await show(Screens.Feed())
    }

    func show(_ descriptor: any ScreenDescriptor) async {
        let screen = environment.resolve(descriptor)
        stack.append(screen)
        descriptors.append(descriptor)
        await screen.appear()
    }

    func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
        descriptors.removeLast()
    }
}

@MainActor
private final class TinyTabs: TabCoordinator {
    let tabs: [TinyNavigator]
    var selectedIndex: Int

    init(tabs: [TinyNavigator], selectedIndex: Int) {
        self.tabs = tabs
        self.selectedIndex = selectedIndex
    }

    func start() async {}
    func select(tabAt index: Int) async { selectedIndex = index }
}

@Suite("Coordinator protocol extensions")
@MainActor
struct CoordinatorTests {
    let resolver = RecordingResolver()

    @Test("show(descriptor) puts the screen the resolver built for it on top")
    func showPushesResolvedScreen() async throws {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver))
        await navigator.start()

        await navigator.show(Screens.RecipeDetails(recipeID: 7))

        #expect(resolver.builds == [.screen("Screens.Feed()"), .details(Screens.RecipeDetails(recipeID: 7))])
        #expect(navigator.stack.map(\.content.title) == ["Screens.Feed()", "details: 7"])
        #expect(navigator.descriptors.map(\.description) == ["Screens.Feed()", "Screens.RecipeDetails(recipeID: 7)"])
        let top = try #require(navigator.topScreen as? LabelledScreen)
        #expect(top.label == "details: 7")
        #expect(top.appearCount == 1)
    }

    @Test("show resolves with the navigator's own environment")
    func showUsesNavigatorEnvironment() async {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver, flags: ["mine"]))

        await navigator.show(Screens.RecipeSearch(query: "soup"))

        #expect(resolver.environmentFlags == [["mine"]])
        #expect(navigator.topScreen?.content.title == "search: soup")
    }

    @Test("perform(.show) resolves the descriptor and shows its screen")
    func performShow() async throws {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver))
        await navigator.start()

        await navigator.perform(.show(Screens.RecipeDetails(recipeID: 3)))

        let top = try #require(navigator.topScreen as? LabelledScreen)
        #expect(top.label == "details: 3")
        #expect(top.appearCount == 1)
        #expect(navigator.descriptors.count == 2)
    }

    @Test("perform(.pop) pops the top screen")
    func performPop() async {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver))
        await navigator.start()
        await navigator.show(Screens.RecipeDetails(recipeID: 1))
        #expect(navigator.stack.count == 2)

        await navigator.perform(.pop)

        #expect(navigator.stack.map(\.content.title) == ["Screens.Feed()"])
    }

    @Test("topScreen is nil before anything is pushed")
    func topScreenEmpty() {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver))
        #expect(navigator.topScreen == nil)
    }

    @Test("selectedTab is the tab at selectedIndex, or nil when out of range")
    func selectedTab() async {
        let environment = TestEnvironment(resolver: resolver)
        let first = TinyNavigator(environment: environment)
        let second = TinyNavigator(environment: environment)
        let tabs = TinyTabs(tabs: [first, second], selectedIndex: 1)
        #expect(tabs.selectedTab === second)

        await tabs.select(tabAt: 0)
        #expect(tabs.selectedTab === first)

        await tabs.select(tabAt: 2)
        #expect(tabs.selectedTab == nil)
    }
}
