import Core
import CoreTesting
import TerminalRunner
import Testing

@Suite("StackNavigator")
@MainActor
final class StackNavigatorTests {
    let root = StaticScreen("Root")
    let environment = StubEnvironment().overriding(\.userFeatures, with: .premium)
    var changes = 0
    var navigator: StackNavigator!

    init() {
        navigator = stack("Search", root: root, environment: environment)
        navigator.onChange = { [unowned self] in changes += 1 }
    }

    @Test("before start the stack is empty")
    func beforeStart() {
        #expect(navigator.stack.isEmpty)
        #expect(navigator.topScreen == nil)
        #expect(navigator.depth == 0)
        #expect(environment.recorder.resolved(Screens.Feed.self).isEmpty)
    }

    @Test("start shows the root once, built with the navigator's environment")
    func startOnce() async {
        await navigator.start()
        await navigator.start()

        #expect(environment.recorder.resolved(Screens.Feed.self).count == 1)
        #expect(navigator.stack.count == 1)
        #expect(navigator.topScreen?.base === root)
        #expect(root.appearCount == 1)
        #expect(changes == 1)
    }

    @Test("push puts the screen on top, tells the runner and makes it appear")
    func push() async {
        await navigator.start()
        let next = StaticScreen("Next")

        await navigator.push(next)

        #expect(navigator.topScreen?.base === next)
        #expect(next.appearCount == 1)
        #expect(root.appearCount == 1)
        #expect(changes == 2)
        #expect(navigator.path == ["Root", "Next"])
    }

    @Test("pop removes the top screen and the one below appears again, to refresh")
    func pop() async {
        await navigator.start()
        await navigator.push(StaticScreen("Next"))

        await navigator.pop()

        #expect(navigator.topScreen?.base === root)
        #expect(root.appearCount == 2)
        #expect(changes == 3)
    }

    @Test("pop never empties the stack")
    func popAtRoot() async {
        await navigator.start()

        await navigator.pop()
        await navigator.pop()

        #expect(navigator.stack.count == 1)
        #expect(navigator.topScreen?.base === root)
        #expect(changes == 1)
    }

    @Test("popToRoot keeps only the root, and does nothing at the root")
    func popToRoot() async {
        await navigator.start()
        await navigator.push(StaticScreen("A"))
        await navigator.push(StaticScreen("B"))

        await navigator.popToRoot()
        #expect(navigator.path == ["Root"])
        #expect(changes == 4)

        await navigator.popToRoot()
        #expect(changes == 4)
    }

    @Test("a content change of the top screen fires onChange; of a screen below, it does not")
    func onChangeOnlyForTopScreen() async {
        await navigator.start()
        let top = StaticScreen("Top")
        await navigator.push(top)
        changes = 0

        root.change(title: "Root, reloaded")
        #expect(changes == 0)

        top.change(title: "Top, reloaded")
        #expect(changes == 1)
    }

    @Test("once popped, a screen's changes no longer fire; the new top's do")
    func onChangeAfterPop() async {
        await navigator.start()
        let top = StaticScreen("Top")
        await navigator.push(top)
        await navigator.pop()
        changes = 0

        top.change(title: "late")
        #expect(changes == 0)

        root.change(title: "Root, reloaded")
        #expect(changes == 1)
    }

    @Test("path lists the titles of the stack, root first, as they are now")
    func path() async {
        await navigator.start()
        await navigator.push(StaticScreen("Curry Rice"))
        root.change(title: "Results")
        #expect(navigator.path == ["Results", "Curry Rice"])
    }
}

@Suite("TabBar")
@MainActor
struct TabBarTests {
    let search = StaticScreen("Search")
    let favorites = StaticScreen("Favorites")
    let tabBar: TabBar

    init() {
        tabBar = TabBar(
            stack("Search", root: search),
            [stack("Favorites", root: favorites)]
        )
    }

    @Test("start shows only the selected tab's root")
    func start() async {
        #expect(tabBar.visibleScreen == nil)

        await tabBar.start()

        #expect(tabBar.visibleScreen?.base === search)
        #expect(favorites.appearCount == 0)
    }

    @Test("selecting a tab starts it once; coming back makes its top screen appear again")
    func select() async {
        await tabBar.start()

        await tabBar.select(tabAt: 1)
        #expect(favorites.appearCount == 1)
        await tabBar.select(tabAt: 1)
        #expect(favorites.appearCount == 1, "reselecting the open tab does nothing")
        await tabBar.select(tabAt: 0)
        await tabBar.select(tabAt: 1)

        #expect(tabBar.visibleScreen?.base === favorites)
        #expect(favorites.appearCount == 2)
        #expect(tabBar.tabs[1].stack.count == 1, "the tab was started once")
        #expect(tabBar.current === tabBar.tabs[1])
    }

    @Test("selecting a tab that does not exist changes nothing")
    func selectOutOfRange() async {
        await tabBar.start()
        var changes = 0
        tabBar.onChange = { changes += 1 }

        await tabBar.select(tabAt: 2)
        await tabBar.select(tabAt: -1)

        #expect(tabBar.selectedIndex == 0)
        #expect(changes == 0)
    }

    @Test("onChange fires on tab switches and on changes of every tab's top screen")
    func onChangeReachesTabs() async {
        await tabBar.start()
        var changes = 0
        tabBar.onChange = { changes += 1 }

        await tabBar.select(tabAt: 1)
        #expect(changes >= 1)
        changes = 0

        favorites.change(title: "Favorites (3)")
        search.change(title: "Search (reloaded)")
        #expect(changes == 2)
    }

    @Test("tabIndex finds a tab by title in any case, or by 1-based number")
    func tabIndex() {
        #expect(tabBar.tabIndex(named: "favorites") == 1)
        #expect(tabBar.tabIndex(named: "SEARCH") == 0)
        #expect(tabBar.tabIndex(named: "2") == 1)
        #expect(tabBar.tabIndex(named: "3") == nil)
        #expect(tabBar.tabIndex(named: "Shopping") == nil)
    }
}
