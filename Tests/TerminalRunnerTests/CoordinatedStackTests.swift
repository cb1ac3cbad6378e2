import Core
import CoreTesting
import Foundation
import Testing

@testable import TerminalRunner

/// A coordinator that records what its stack's screens asked for and carries nothing out,
/// unless told what to show instead.
@MainActor
private final class ListeningCoordinator: NavigationCoordinator {
    let navigator: StackNavigator
    private(set) var requests: [String] = []
    private(set) var removals: [Int] = []
    /// What a `.show` request shows instead of what it asked for.
    var shows: (any ScreenDescriptor)?

    init(navigator: StackNavigator) {
        self.navigator = navigator
        navigator.coordinator = self
    }

    func start() async {}

    func navigate(_ navigation: Navigation) async {
        switch navigation {
        case .show(let descriptor):
            requests.append("show \(descriptor)")
            if let shows { await navigator.show(shows) }
        case .pop: requests.append("pop")
        case .finish(let result): requests.append("finish \(result)")
        }
    }

    func screensWereRemoved(leaving depth: Int) { removals.append(depth) }
}

@Suite("StackNavigator with a coordinator")
@MainActor
struct CoordinatedStackTests {
    @Test("a screen's request goes to the stack's coordinator, which decides; the stack does nothing by itself")
    func routeAsksTheCoordinator() async {
        let search = FakeScreen(next: StaticScreen("Curry Rice"))
        let navigator = stack("Search", root: search)
        let coordinator = ListeningCoordinator(navigator: navigator)
        await navigator.start()

        let navigation = await search.handle(.activate(row: "recipe-1"))
        await navigator.route(navigation ?? .pop)
        await navigator.route(.pop)
        await navigator.route(.finish(.cancelled))

        #expect(coordinator.requests.count == 3)
        #expect(coordinator.requests[0].hasPrefix("show Screens.RecipeDetails(recipeID: "))
        #expect(coordinator.requests.dropFirst() == ["pop", "finish cancelled"])
        #expect(navigator.path == ["Search"], "nothing was pushed: the coordinator chose not to")
    }

    @Test("without a coordinator the stack carries requests out itself, finishing a one-screen flow included")
    func routeWithoutACoordinator() async {
        let search = FakeScreen()
        let navigator = stack("Search", root: search)
        await navigator.start()
        let chooser = StaticScreen("Chooser")
        await navigator.route(.show(TestScreens.descriptor(for: chooser)))
        #expect(navigator.path == ["Search", "Chooser"])

        await navigator.route(.finish(.cancelled))

        #expect(navigator.path == ["Search"])
        #expect(search.events == [.flowFinished(.cancelled)])
        #expect(search.appearCount == 1, "handed the result, not made to appear again")
    }

    @Test("without a coordinator, what the screen handed a finished flow's result asks next is carried out")
    func finishFollowsTheAnswer() async {
        let recipe = StaticScreen("Curry Rice")
        recipe.afterFlow = .show(Screens.ShoppingList())
        let navigator = stack("Feed", root: StaticScreen("Feed"))
        await navigator.start()
        await navigator.push(recipe)
        await navigator.push(StaticScreen("Chooser"))

        await navigator.route(.finish(.cancelled))

        #expect(recipe.events == [.flowFinished(.cancelled)])
        #expect(navigator.path == ["Feed", "Curry Rice", "Placeholder"])
        #expect(navigator.descriptors.last?.description == "Screens.ShoppingList()")
    }

    @Test("without a coordinator, a finish with nothing below it changes nothing")
    func finishAtTheBottom() async {
        let feed = StaticScreen("Feed")
        let navigator = stack("Feed", root: feed)
        await navigator.start()

        await navigator.route(.finish(.cancelled))

        #expect(navigator.path == ["Feed"])
        #expect(navigator.depth == 1)
        #expect(feed.events.isEmpty)
    }

    @Test("the coordinator hears of every removal, by back, pop or close, with how many screens are left")
    func removalsAreReported() async {
        let navigator = stack("Feed", root: StaticScreen("Feed"))
        let coordinator = ListeningCoordinator(navigator: navigator)
        await navigator.start()
        for title in ["A", "B", "C", "D"] { await navigator.push(StaticScreen(title)) }

        #expect(navigator.removeTop())
        await navigator.pop()
        navigator.close(toDepth: 2)
        navigator.close(toDepth: 2)
        await navigator.popToRoot()

        #expect(coordinator.removals == [4, 3, 2, 1])
        #expect(navigator.path == ["Feed"])
    }

    @Test("close removes the screens above a depth without making the new top appear, and never the root")
    func closeDoesNotAppear() async {
        let root = StaticScreen("Root")
        let navigator = stack("Feed", root: root)
        await navigator.start()
        let middle = StaticScreen("Middle")
        await navigator.push(middle)
        await navigator.push(StaticScreen("Top"))

        navigator.close(toDepth: 2)
        #expect(navigator.topScreen?.base === middle)
        #expect(middle.appearCount == 1)

        navigator.close(toDepth: 0)
        #expect(navigator.path == ["Root"])
        #expect(root.appearCount == 1)
    }

    @Test("setStack keeps the screens already in place, resolves the rest, and only the new top appears")
    func setStackKeepsWhatMatches() async {
        let root = StaticScreen("Feed")
        let navigator = stack("Feed", root: root)
        await navigator.start()
        let old = StaticScreen("Old")
        await navigator.push(old)
        let first = StaticScreen("First")
        let second = StaticScreen("Second")

        await navigator.setStack([Screens.Feed(), TestScreens.descriptor(for: first), TestScreens.descriptor(for: second)])

        #expect(navigator.path == ["Feed", "First", "Second"])
        #expect(navigator.stack.first?.base === root, "the root already there stays")
        #expect(root.appearCount == 1)
        #expect(first.appearCount == 0)
        #expect(second.appearCount == 1)
    }

    @Test("setStack on a stack not started yet places every screen; a new bottom replaces the root")
    func setStackFromNothing() async {
        let navigator = stack("Search", root: StaticScreen("Search"))
        let results = StaticScreen("Results for curry")

        await navigator.setStack([TestScreens.descriptor(for: results)])

        #expect(navigator.path == ["Results for curry"])
        #expect(results.appearCount == 1)
        await navigator.setStack([])
        #expect(navigator.path == ["Results for curry"], "an empty stack is refused")
    }

    @Test("select(tabAt:showing:) selects the tab and sets its stack; the top appears once")
    func selectShowing() async {
        let search = StaticScreen("Search")
        let favorites = StaticScreen("Favorites")
        let tabBar = TabBar(stack("Search", root: search), [stack("Favorites", root: favorites)])
        await tabBar.start()
        let details = StaticScreen("Pancakes")

        await tabBar.select(tabAt: 1, showing: [Screens.Feed(), TestScreens.descriptor(for: details)])

        #expect(tabBar.selectedIndex == 1)
        #expect(tabBar.current.path == ["Favorites", "Pancakes"])
        #expect(favorites.appearCount == 0)
        #expect(details.appearCount == 1)
    }
}

/// A root coordinator of its own, as the app has: the runner starts it, opens links through it
/// and keeps it alive while the stacks hold their coordinators weakly.
@MainActor
private final class DemoRoot: RootCoordinator {
    let tabBar: TabBar
    let coordinator: ListeningCoordinator
    private(set) var opened: [String] = []

    init() {
        let navigator = stack("Search", root: FakeScreen(next: StaticScreen("Curry Rice")))
        tabBar = TabBar(navigator)
        coordinator = ListeningCoordinator(navigator: navigator)
        coordinator.shows = Screens.About()
    }

    func start() async { await tabBar.start() }

    func open(_ descriptor: any ScreenDescriptor) async {
        opened.append(descriptor.description)
        await tabBar.current.show(Screens.Favorites())
    }
}

@Suite("Runner with a root coordinator")
@MainActor
struct RootCoordinatorRunnerTests {
    @Test("the runner starts the root, opens --open through it, and keeps its coordinators alive for the whole script")
    func runnerKeepsTheRoot() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("root-\(UUID().uuidString).txt")
        // The coordinator answers "Curry Rice" with About: a stack left to itself would show the recipe.
        try "expect \"Screens.Favorites()\"\nback\nselect \"Curry Rice\"\nexpect \"Screens.About()\"\n".write(
            to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        weak var made: DemoRoot?

        let status = await Runner.main(
            ProgramInfo(name: "demo", summary: "runs a demo"), arguments: ["--script", url.path, "--open", "cookbook://recipes/3"]
        ) { _ in
            let root = DemoRoot()
            made = root
            return root
        }

        #expect(status == .success)
        #expect(made == nil, "released once the run is over")
    }
}

@Suite("The full-screen UI with a coordinator")
@MainActor
struct CoordinatedSessionControllerTests {
    @Test("Enter hands the screen's request to the coordinator, whose screen loads in the background; Esc is reported as a removal")
    func enterAndEscape() async {
        let search = FakeScreen(next: StaticScreen("Curry Rice"))
        let navigator = stack("Search", root: search)
        let coordinator = ListeningCoordinator(navigator: navigator)
        coordinator.shows = Screens.About()
        let controller = SessionController(tabBar: TabBar(navigator), rows: 24, columns: 80)
        controller.enqueue { await controller.tabBar.start() }
        await controller.settle()
        _ = controller.handle(.down)
        _ = controller.handle(.down)

        _ = controller.handle(.enter)
        await controller.settle()

        #expect(coordinator.requests.count == 1)
        #expect(navigator.descriptors.last?.description == "Screens.About()")
        #expect(controller.render().content?.title == "Placeholder")

        _ = controller.handle(.escape)
        #expect(coordinator.removals == [1], "reported at once, before anything loads")
        await controller.settle()
        #expect(search.appearCount == 2)
    }
}
