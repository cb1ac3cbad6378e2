import Core
import CoreTesting
import Testing

@testable import TerminalRunner

@Suite("SessionText: tab bar and breadcrumb over the screen")
@MainActor
struct SessionTextTests {
    let search = StaticScreen("Search", rows: [ScreenRow(id: "r", .link(title: "Curry Rice", subtitle: nil))])
    let details = StaticScreen("Curry Rice", rows: [ScreenRow(id: "s", .text("Cook the rice."))])
    let favorites = StaticScreen("Favorites")

    func twoTabs() async -> TabSession {
        let session = TabSession(
            stack("Search", root: search),
            [stack("Favorites", root: favorites)]
        )
        await session.start()
        return session
    }

    @Test("one tab, one screen: just the screen")
    func plainScreen() async {
        let session = await startedSession(search)
        let text = SessionText.render(session)

        #expect(text == search.content.plainText())
        #expect(!text.contains("Tabs:"))
        #expect(!text.contains("Path:"))
    }

    @Test("one tab, two screens: a path, no tab bar")
    func pathOnlyWhenDeeper() async {
        let session = await startedSession(search)
        await session.current.push(details)

        #expect(
            SessionText.render(session) == """
                Path: Search › Curry Rice
                # Curry Rice

                     Cook the rice.

                """)
    }

    @Test("several tabs: a tab bar marking the selected one, no path at a tab's first screen")
    func tabBar() async {
        let session = await twoTabs()

        #expect(
            SessionText.render(session) == """
                Tabs: [Search] | Favorites
                # Search

                 [1] Curry Rice

                """)

        await session.select(tabAt: 1)
        #expect(SessionText.render(session) == "Tabs: Search | [Favorites]\n# Favorites\n")
    }

    @Test("several tabs and a deeper screen: tab bar, then path")
    func tabBarAndPath() async {
        let session = await twoTabs()
        await session.current.push(details)

        #expect(SessionText.render(session).hasPrefix("Tabs: [Search] | Favorites\nPath: Search › Curry Rice\n# Curry Rice\n"))

        await session.current.pop()
        #expect(!SessionText.render(session).contains("Path:"))
    }

    @Test("before the session starts, nothing is shown yet")
    func beforeStart() {
        let session = TabSession(stack("Search", root: search))
        #expect(SessionText.render(session) == "(nothing to show yet)\n")
    }

    @Test("the interpreter's screenText is the session text")
    func interpreterUsesSessionText() async {
        let session = await twoTabs()
        #expect(ScriptInterpreter(session: session).screenText == SessionText.render(session))
    }
}
