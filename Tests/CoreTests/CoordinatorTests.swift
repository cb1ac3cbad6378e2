import Core
import Testing

/// The smallest navigation stack: just enough to exercise the protocol extensions.
@MainActor
private final class TinyNavigator: NavigationCoordinator {
    let environment: any Environment
    private(set) var stack: [any Screen] = []
    private(set) var pushCount = 0

    init(environment: any Environment) {
        self.environment = environment
    }

    func start() async {
        await push(LabelledScreen("root"))
    }

    func push(_ screen: any Screen) async {
        pushCount += 1
        stack.append(screen)
        await screen.appear()
    }

    func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
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

    @Test("show(descriptor) pushes the screen the resolver built for it")
    func showPushesResolvedScreen() async throws {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver))
        await navigator.start()

        await navigator.show(RecipeDetailsDescriptor(recipeID: 7))

        #expect(resolver.builds == [.details(RecipeDetailsDescriptor(recipeID: 7))])
        #expect(navigator.stack.map(\.content.title) == ["root", "details: 7"])
        let top = try #require(navigator.topScreen as? LabelledScreen)
        #expect(top.label == "details: 7")
        #expect(top.appearCount == 1)
    }

    @Test("show resolves with the navigator's own environment")
    func showUsesNavigatorEnvironment() async {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver, flags: ["mine"]))

        await navigator.show(RecipeSearchDescriptor(query: "soup"))

        #expect(resolver.environmentFlags == [["mine"]])
        #expect(navigator.topScreen?.content.title == "search: soup")
    }

    @Test("perform(.push) pushes that very screen")
    func performPush() async {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver))
        await navigator.start()
        let next = LabelledScreen("next")

        await navigator.perform(.push(next))

        #expect(navigator.topScreen === next)
        #expect(navigator.pushCount == 2)
        #expect(next.appearCount == 1)
    }

    @Test("perform(.pop) pops the top screen")
    func performPop() async {
        let navigator = TinyNavigator(environment: TestEnvironment(resolver: resolver))
        await navigator.start()
        await navigator.show(RecipeDetailsDescriptor(recipeID: 1))
        #expect(navigator.stack.count == 2)

        await navigator.perform(.pop)

        #expect(navigator.stack.map(\.content.title) == ["root"])
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
