import Core
import CoreTesting
import Foundation
import Testing

@testable import TerminalRunner

@Suite("Runner: modes, --open and exit statuses")
@MainActor
struct RunnerTests {
    static let program = ProgramInfo(name: "demo", summary: "runs a demo")

    @Test("--script wins; piped input runs the script language; a terminal at both ends gets the full screen")
    func modes() {
        #expect(Runner.Mode.choose(scriptPath: "a.txt", inputIsTerminal: true, outputIsTerminal: true) == .scriptFile("a.txt"))
        #expect(Runner.Mode.choose(scriptPath: nil, inputIsTerminal: false, outputIsTerminal: true) == .standardInput)
        #expect(Runner.Mode.choose(scriptPath: nil, inputIsTerminal: false, outputIsTerminal: false) == .standardInput)
        #expect(Runner.Mode.choose(scriptPath: nil, inputIsTerminal: true, outputIsTerminal: true) == .fullScreen)
        #expect(Runner.Mode.choose(scriptPath: nil, inputIsTerminal: true, outputIsTerminal: false) == .typedLines)
    }

    @Test("a terminal that cannot draw a full screen (TERM unset, empty or dumb) gets commands line by line, no escape sequence")
    func dumbTerminal() {
        #expect(Runner.Mode.choose(scriptPath: nil, inputIsTerminal: true, outputIsTerminal: true, canDrawFullScreen: false) == .typedLines)
        for environment in [[:], ["TERM": ""], ["TERM": "dumb"]] {
            #expect(!Runner.Mode.canDrawFullScreen(environment: environment), "\(environment)")
        }
        #expect(Runner.Mode.canDrawFullScreen(environment: ["TERM": "xterm-256color"]))
        #expect(Runner.Mode.canDrawFullScreen(environment: ["TERM": "screen"]))
    }

    @Test("the exit statuses are 128 + the signal's number for signals")
    func exitCodes() {
        #expect(Runner.ExitCode.interrupted.rawValue == 128 + SIGINT)
        #expect(Runner.ExitCode.terminated.rawValue == 128 + SIGTERM)
        #expect(Runner.ExitCode.hungUp.rawValue == 128 + SIGHUP)
        #expect(SignalHandlers.exitStatuses.map(\.status) == [.interrupted, .terminated, .hungUp])
    }

    @Test("a bad --open link exits 2 before the session is made")
    func badLink() async {
        var made = false
        let status = await Runner.main(Self.program, arguments: ["--open", "cookbook://nowhere"]) { _ in
            made = true
            return await startedTabBar(StaticScreen("S"))
        }
        #expect(status == .usage)
        #expect(!made)
    }

    func script(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString).txt")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("--open shows the linked screen before the script's first command")
    func openBeforeScript() async throws {
        let path = try script("expect \"Screens.RecipeDetails(recipeID: 42)\"\nexpect \"Path: Search › \"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = await Runner.main(Self.program, arguments: ["--script", path, "--open", "cookbook://recipes/42"]) { _ in
            TabBar(stack("Search", root: StaticScreen("Search")))
        }
        #expect(status == .success)
    }

    @Test("a link to a tab's root selects that tab")
    func openTab() async throws {
        let path = try script("expect \"Tabs: Search | [Favorites]\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = await Runner.main(Self.program, arguments: ["--script", path, "--open", "cookbook://favorites"]) { _ in
            let favorites = StubEnvironment()
            favorites.stubResolver.register(Screens.Favorites.self) { _, _ in StaticScreen("Favorites") }
            return TabBar(
                stack("Search", root: StaticScreen("Search")),
                [StackNavigator(title: "Favorites", environment: favorites, root: Screens.Favorites())]
            )
        }
        #expect(status == .success)
    }

    @Test("without --open the script starts on the first screen, and a failing command exits 1")
    func noLink() async throws {
        let path = try script("expect \"Screens.RecipeDetails\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = await Runner.main(Self.program, arguments: ["--script", path]) { _ in
            TabBar(stack("Search", root: StaticScreen("Search")))
        }
        #expect(status == .scriptFailed)
    }
}

@Suite("TabBar and StackNavigator: the halves that happen at once")
@MainActor
struct ImmediateNavigationTests {
    @Test("switchTab selects the tab and places its root at once; the root appears only when asked")
    func switchTab() async {
        let search = StaticScreen("Search")
        let favorites = StaticScreen("Favorites")
        let tabBar = TabBar(stack("Search", root: search), [stack("Favorites", root: favorites)])
        await tabBar.start()

        let shown = tabBar.switchTab(to: 1)
        #expect(shown?.base === favorites)
        #expect(tabBar.selectedIndex == 1)
        #expect(tabBar.visibleScreen?.base === favorites)
        #expect(favorites.appearCount == 0)
        #expect(tabBar.switchTab(to: 1) == nil, "already selected")
        #expect(tabBar.switchTab(to: 0)?.base === search, "an open tab's top screen appears again")
    }

    @Test("removeTop pops at once but never the root")
    func removeTop() async {
        let root = StaticScreen("Root")
        let navigator = stack("Search", root: root)
        await navigator.start()
        #expect(!navigator.removeTop())
        navigator.place(TestScreens.descriptor(for: StaticScreen("Next")))
        #expect(navigator.path == ["Root", "Next"])
        #expect(navigator.removeTop())
        #expect(navigator.topScreen?.base === root)
        #expect(root.appearCount == 1, "appearing again is the caller's job")
    }
}
