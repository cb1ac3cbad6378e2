import Core
import CoreTesting
import Testing

@testable import TerminalRunner

@Suite("SessionText: tab bar and breadcrumb over the screen")
@MainActor
struct SessionTextTests {
    let search = StaticScreen("Search", rows: [ScreenRow<RowKey>(id: "r", .link(title: "Curry Rice", subtitle: nil))])
    let details = StaticScreen("Curry Rice", rows: [ScreenRow<RowKey>(id: "s", .text("Cook the rice."))])
    let favorites = StaticScreen("Favorites")

    func twoTabs() async -> TabBar {
        let tabBar = TabBar(
            stack("Search", root: search),
            [stack("Favorites", root: favorites)]
        )
        await tabBar.start()
        return tabBar
    }

    @Test("one tab, one screen: just the screen")
    func plainScreen() async {
        let tabBar = await startedTabBar(search)
        let text = SessionText.render(tabBar)

        #expect(text == search.content.plainText())
        #expect(!text.contains("Tabs:"))
        #expect(!text.contains("Path:"))
    }

    @Test("one tab, two screens: a path, no tab bar")
    func pathOnlyWhenDeeper() async {
        let tabBar = await startedTabBar(search)
        await tabBar.current.push(details)

        #expect(
            SessionText.render(tabBar) == """
                Path: Search › Curry Rice
                # Curry Rice

                     Cook the rice.

                """)
    }

    @Test("several tabs: a tab bar marking the selected one, no path at a tab's first screen")
    func tabBar() async {
        let tabBar = await twoTabs()

        #expect(
            SessionText.render(tabBar) == """
                Tabs: [Search] | Favorites
                # Search

                 [1] Curry Rice

                """)

        await tabBar.select(tabAt: 1)
        #expect(SessionText.render(tabBar) == "Tabs: Search | [Favorites]\n# Favorites\n")
    }

    @Test("several tabs and a deeper screen: tab bar, then path")
    func tabBarAndPath() async {
        let tabBar = await twoTabs()
        await tabBar.current.push(details)

        #expect(SessionText.render(tabBar).hasPrefix("Tabs: [Search] | Favorites\nPath: Search › Curry Rice\n# Curry Rice\n"))

        await tabBar.current.pop()
        #expect(!SessionText.render(tabBar).contains("Path:"))
    }

    @Test("before the session starts, nothing is shown yet")
    func beforeStart() {
        let tabBar = TabBar(stack("Search", root: search))
        #expect(SessionText.render(tabBar) == "(nothing to show yet)\n")
    }

    @Test("the interpreter's screenText is the session text")
    func interpreterUsesSessionText() async {
        let tabBar = await twoTabs()
        #expect(ScriptInterpreter(tabBar: tabBar).screenText == SessionText.render(tabBar))
    }
}
