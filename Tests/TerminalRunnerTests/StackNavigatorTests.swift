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
        #expect(environment.recorder.resolved(Screens.Feed.self).isEmpty)
    }

    @Test("start shows the root once, built with the navigator's environment")
    func startOnce() async {
        await navigator.start()
        await navigator.start()

        #expect(environment.recorder.resolved(Screens.Feed.self).count == 1)
        #expect(navigator.stack.count == 1)
        #expect(navigator.topScreen === root)
        #expect(root.appearCount == 1)
        #expect(changes == 1)
    }

    @Test("push puts the screen on top, tells the runner and makes it appear")
    func push() async {
        await navigator.start()
        let next = StaticScreen("Next")

        await navigator.push(next)

        #expect(navigator.topScreen === next)
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

        #expect(navigator.topScreen === root)
        #expect(root.appearCount == 2)
        #expect(changes == 3)
    }

    @Test("pop never empties the stack")
    func popAtRoot() async {
        await navigator.start()

        await navigator.pop()
        await navigator.pop()

        #expect(navigator.stack.count == 1)
        #expect(navigator.topScreen === root)
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

@Suite("TabSession")
@MainActor
struct TabSessionTests {
    let search = StaticScreen("Search")
    let favorites = StaticScreen("Favorites")
    let session: TabSession

    init() {
        session = TabSession(
            stack("Search", root: search),
            [stack("Favorites", root: favorites)]
        )
    }

    @Test("start shows only the selected tab's root")
    func start() async {
        #expect(session.visibleScreen == nil)

        await session.start()

        #expect(session.visibleScreen === search)
        #expect(favorites.appearCount == 0)
    }

    @Test("selecting a tab starts it once; coming back makes its top screen appear again")
    func select() async {
        await session.start()

        await session.select(tabAt: 1)
        #expect(favorites.appearCount == 1)
        await session.select(tabAt: 1)
        #expect(favorites.appearCount == 1, "reselecting the open tab does nothing")
        await session.select(tabAt: 0)
        await session.select(tabAt: 1)

        #expect(session.visibleScreen === favorites)
        #expect(favorites.appearCount == 2)
        #expect(session.tabs[1].stack.count == 1, "the tab was started once")
        #expect(session.current === session.tabs[1])
    }

    @Test("selecting a tab that does not exist changes nothing")
    func selectOutOfRange() async {
        await session.start()
        var changes = 0
        session.onChange = { changes += 1 }

        await session.select(tabAt: 2)
        await session.select(tabAt: -1)

        #expect(session.selectedIndex == 0)
        #expect(changes == 0)
    }

    @Test("onChange fires on tab switches and on changes of every tab's top screen")
    func onChangeReachesTabs() async {
        await session.start()
        var changes = 0
        session.onChange = { changes += 1 }

        await session.select(tabAt: 1)
        #expect(changes >= 1)
        changes = 0

        favorites.change(title: "Favorites (3)")
        search.change(title: "Search (reloaded)")
        #expect(changes == 2)
    }

    @Test("tabIndex finds a tab by title in any case, or by 1-based number")
    func tabIndex() {
        #expect(session.tabIndex(named: "favorites") == 1)
        #expect(session.tabIndex(named: "SEARCH") == 0)
        #expect(session.tabIndex(named: "2") == 1)
        #expect(session.tabIndex(named: "3") == nil)
        #expect(session.tabIndex(named: "Shopping") == nil)
    }
}
