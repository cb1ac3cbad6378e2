import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-screen UI of the real executables, driven with keys through a pseudo-terminal.
@Suite("full-screen UI at a terminal")
struct InteractiveTerminalTests {
    let cookbook = ProductProcess(name: "cookbook")

    func startCookbook(_ arguments: [String] = [], rows: Int = 30, columns: Int = 100, environment: [String: String] = [:]) throws
        -> TerminalSession
    {
        try TerminalSession(
            cookbook, ["--data-dir", temporaryDataDirectory()] + arguments, rows: rows, columns: columns, environment: environment)
    }

    /// The terminal is as the shell needs it: echo and line editing on, main screen, cursor shown.
    func expectRestored(_ terminal: TerminalSession) {
        #expect(terminal.isCooked, "ECHO and ICANON are back on")
        #expect(terminal.output.hasSuffix(TerminalSequences.leaveAlternateScreen + TerminalSequences.showCursor))
        let screen = terminal.screen
        #expect(!screen.isAlternateScreen)
        #expect(screen.isCursorVisible)
    }

    @Test("the cookbook starts on Feed in raw mode on the alternate screen, with the tabs in the header")
    func startsOnFeed() async throws {
        let terminal = try startCookbook()
        let screen = try await terminal.waitFor("## Popular")
        #expect(screen.lines[0] == "[Feed]  Search   Shopping list   Favorites")
        #expect(screen.lines[1] == "Feed")
        #expect(screen.contains("# Feed"))
        #expect(screen.lines.last?.contains("q quit") == true)
        #expect(screen.isAlternateScreen)
        #expect(!screen.isCursorVisible)
        #expect(!terminal.isCooked, "raw mode: no echo, no line editing")
        #expect(terminal.output.contains("\u{1B}[1;7m[Feed]"), "the selected tab is bold and reversed")

        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        expectRestored(terminal)
    }

    @Test("keys only: Tab to Search, / and type curry, Enter, ↓ Enter opens the recipe, Esc comes back, q quits")
    func searchAndOpenARecipe() async throws {
        let terminal = try startCookbook()
        try await terminal.waitFor("## Popular")

        terminal.send(TerminalKeys.tab)
        try await terminal.waitUntil("the Search tab") { $0.lines[0].contains("[Search]") }
        terminal.send("/", "curry")
        try await terminal.waitFor("Search: curry▏")
        terminal.send(TerminalKeys.enter)
        var screen = try await terminal.waitFor("Curry Rice")
        #expect(screen.contains("Results for “curry”"))

        terminal.send(TerminalKeys.down)
        try await terminal.waitFor(">[1] Curry Rice")
        terminal.send(TerminalKeys.enter)
        screen = try await terminal.waitFor("## Ingredients")
        #expect(screen.lines[1] == "Search › Curry Rice")
        #expect(screen.contains("# Curry Rice"))

        terminal.send(TerminalKeys.escape)
        screen = try await terminal.waitUntil("back on Search") { $0.lines[1] == "Search" }
        #expect(screen.contains("Results for “curry”"), "the search is still there")

        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        expectRestored(terminal)
    }

    @Test("q typed into a text field is text, not quit; Esc leaves the field, then q quits")
    func typingQ() async throws {
        let terminal = try startCookbook()
        try await terminal.waitFor("## Popular")
        terminal.send("2")
        try await terminal.waitUntil("the Search tab") { $0.lines[0].contains("[Search]") }
        terminal.send("/", "q")
        try await terminal.waitFor("Search: q▏")
        terminal.send(TerminalKeys.backspace)
        try await terminal.waitFor("Search: ▏")
        terminal.send(TerminalKeys.escape)
        try await terminal.waitFor("[✎] Search: [")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("? shows the key map and any key closes it")
    func help() async throws {
        let terminal = try startCookbook()
        try await terminal.waitFor("## Popular")
        terminal.send("?")
        let screen = try await terminal.waitFor("# Keys")
        #expect(screen.contains("go to the search field"))
        terminal.send("x")
        try await terminal.waitFor("## Popular")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("Ctrl-C quits with 130 and gives the terminal back")
    func controlC() async throws {
        let terminal = try startCookbook()
        try await terminal.waitFor("## Popular")
        terminal.send(TerminalKeys.controlC)
        #expect(try await terminal.waitForExit() == 130)
        expectRestored(terminal)
    }

    @Test("Ctrl-C right after a paste of 20,000 characters quits with 130 and gives the terminal back")
    func controlCAfterAPaste() async throws {
        let terminal = try startCookbook()
        try await terminal.waitFor("## Popular")
        terminal.send(TerminalKeys.tab)
        try await terminal.waitUntil("the Search tab") { $0.lines[0].contains("[Search]") }
        terminal.send("/", String(repeating: "pasted ", count: 2_858), TerminalKeys.controlC)
        #expect(try await terminal.waitForExit() == 130)
        expectRestored(terminal)
    }

    @Test("“tea⏎jam⏎” typed while another program holds the database for 1.5 s: tea and jam are stored, each whole")
    func typingWhileLocked() async throws {
        let directory = temporaryDataDirectory()
        let terminal = try TerminalSession(cookbook, ["--data-dir", directory], rows: 30, columns: 100)
        try await terminal.waitFor("## Popular")
        terminal.send("3")
        try await terminal.waitFor("+ Add item")
        terminal.send("/")
        let lock = try #require(SQLiteInspector.WriteLock(on: directory + "/cookbook.sqlite"))
        terminal.send("tea", TerminalKeys.enter, "jam", TerminalKeys.enter)
        // Released by a thread of its own: a task that sleeps 1.5 s may wake much later when other
        // tests hold the threads, and the app waits for a lock only a bounded time.
        Thread {
            Thread.sleep(forTimeInterval: 1.5)
            lock.release()
        }.start()
        try await terminal.waitFor("Added “jam”.", timeout: .seconds(15))
        terminal.send(TerminalKeys.escape, "q")
        #expect(try await terminal.waitForExit() == 0)
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames() == ["tea", "jam"])
    }

    @Test(
        "SIGTERM, SIGINT and SIGHUP exit 143, 130 and 129 and give the terminal back",
        arguments: [(SIGTERM, 143), (SIGINT, 130), (SIGHUP, 129)] as [(Int32, Int32)])
    func signals(signal: Int32, status: Int32) async throws {
        let terminal = try startCookbook()
        try await terminal.waitFor("## Popular")
        terminal.signal(signal)
        #expect(try await terminal.waitForExit() == status)
        expectRestored(terminal)
    }

    @Test(
        "SIGTSTP gives the terminal back and stops; SIGCONT takes it over again and redraws; Ctrl-Z does the same",
        arguments: ["SIGTSTP", "Ctrl-Z"])
    func stopAndContinue(_ how: String) async throws {
        let terminal = try startCookbook()
        try await terminal.waitFor("## Popular")
        for round in 1...2 {
            if how == "SIGTSTP" { terminal.signal(SIGTSTP) } else { terminal.send(TerminalKeys.controlZ) }
            try await terminal.waitUntilProgram("the program to stop (round \(round))") { terminal.isStopped }
            // The shell's terminal, as a shell needs it, while the program is stopped.
            #expect(terminal.isCooked, "echo and line editing on")
            try await terminal.waitUntil("the main screen and the cursor back (round \(round))") {
                !$0.isAlternateScreen && $0.isCursorVisible
            }

            terminal.signal(SIGCONT)
            try await terminal.waitUntilProgram("raw mode again (round \(round))") { !terminal.isStopped && !terminal.isCooked }
            let back = try await terminal.waitUntil("the frame drawn again") { $0.isAlternateScreen && $0.contains("## Popular") }
            #expect(!back.isCursorVisible)
            #expect(back.lines[0].hasPrefix("[Feed]"))
        }
        // Keys work as before.
        terminal.send(TerminalKeys.tab)
        try await terminal.waitUntil("the Search tab") { $0.lines[0].contains("[Search]") }
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        expectRestored(terminal)
    }

    @Test("TERM=dumb gets no escape sequence at all: commands typed line by line, screens as plain text")
    func dumbTerminal() async throws {
        let terminal = try startCookbook(environment: ["TERM": "dumb"])
        try await terminal.waitFor("cookbook>")
        #expect(terminal.output.contains("# Feed"))
        terminal.send("tab Search\r")
        try await terminal.waitUntil("the Search tab") { screen in screen.lines.contains { $0.contains("Tabs: Feed | [Search]") } }
        terminal.send("dance\r")
        try await terminal.waitFor("unknown command “dance”")
        terminal.send("quit\r")
        #expect(try await terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("\u{1B}"), "no escape sequence: \(terminal.output.debugDescription)")
    }

    @Test("a resized window is drawn again at its new size")
    func resize() async throws {
        let terminal = try startCookbook(rows: 30, columns: 100)
        let before = try await terminal.waitFor("## Popular")
        #expect(before.lines[2].count == 100)
        try terminal.resize(rows: 20, columns: 60)
        let after = try await terminal.waitUntil("a 60-column rule") { $0.lines[2].count == 60 && $0.lines[19].contains("quit") }
        #expect(after.lines[0].hasPrefix("[Feed]"))
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("a recipe at 40 columns: its text wraps under its numbers, PgDn and End scroll it, and a resize to 120 wraps it again")
    func wrapsAndScrolls() async throws {
        let terminal = try startCookbook(["--open", "cookbook://recipes/1"], rows: 24, columns: 40)
        var screen = try await terminal.waitFor("# Curry Rice")
        #expect(screen.contains("     Japanese home-style curry with"), "\(screen.text)")
        #expect(screen.contains("     tender pork, potatoes and carrots"), "the summary goes on under itself")
        #expect(screen.lines[0] == "[Feed] Search Shopping list Favorites", "the tabs close up to fit")
        #expect(!screen.lines.contains { $0.hasSuffix("…") }, "nothing is cut: \(screen.text)")
        #expect(screen.lines[22].hasSuffix(" 1–19 of 58 ──"), "the status line says how much there is: \(screen.text)")

        terminal.send(TerminalKeys.pageDown)
        screen = try await terminal.waitUntil("a page further") { $0.lines[22].contains(" 19–37 of 58 ") }
        terminal.send(TerminalKeys.end)
        screen = try await terminal.waitUntil("the end of the recipe") { $0.lines[22].contains(" 40–58 of 58 ") }
        #expect(screen.contains("     7. Stir in the grated apple and"))
        #expect(screen.contains("        simmer gently for 10 minutes,"), "a step's lines hang under its text, past its number")
        #expect(screen.contains(">[7] More from Aiko Tanaka"))

        try terminal.resize(rows: 24, columns: 120)
        screen = try await terminal.waitFor(
            "     5. Pour in the water, bring to a boil, skim off the foam and simmer for 20 minutes until the vegetables are tender.")
        #expect(screen.lines[0] == "[Feed]  Search   Shopping list   Favorites")
        #expect(screen.contains(">[7] More from Aiko Tanaka"), "the focused row stays in view")

        terminal.send("?")
        try await terminal.waitFor("# Keys")
        try terminal.resize(rows: 16, columns: 40)
        try await terminal.waitFor("      open a link, press a button, flip")
        terminal.send(TerminalKeys.end)
        screen = try await terminal.waitFor("other key closes it.")
        #expect(!screen.contains("# Keys"), "the key map scrolled")
        terminal.send("x")
        try await terminal.waitFor(">[7] More from Aiko Tanaka")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("a long list scrolls to keep the focused row in view")
    func scrolling() async throws {
        let terminal = try startCookbook(rows: 12, columns: 80)
        try await terminal.waitFor(">[1] Curry Rice")
        for _ in 1...12 { terminal.send("j") }
        let screen = try await terminal.waitFor(">[13]")
        #expect(!screen.contains("[1] Curry Rice"), "the top of the list scrolled away")
        #expect(screen.lines[10].hasSuffix("──"), "the status line shows the position")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("NO_COLOR turns styles off; the focus still shows as >")
    func noColor() async throws {
        let terminal = try startCookbook(environment: ["NO_COLOR": "1"])
        try await terminal.waitFor(">[1] Curry Rice")
        #expect(!terminal.output.contains("\u{1B}[7m"))
        #expect(!terminal.output.contains("\u{1B}[1;7m"))
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("--open starts on the screen the link names, at the terminal too")
    func openLink() async throws {
        let terminal = try startCookbook(["--open", "cookbook://recipes/1"])
        let screen = try await terminal.waitFor("## Ingredients")
        #expect(screen.lines[1] == "Feed › Curry Rice")
        terminal.send(TerminalKeys.escape)
        try await terminal.waitUntil("back on Feed") { $0.lines[1] == "Feed" }
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("changes not being saved: a banner on every screen; after q, status 4 and how many changes were lost")
    func notSavingBanner() async throws {
        let file = temporaryDataDirectory()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let terminal = try TerminalSession(cookbook, ["--data-dir", file], rows: 24, columns: 100)
        var screen = try await terminal.waitFor("## Popular")
        #expect(screen.lines[2].hasPrefix("! Not saving: the data directory is a file, not a directory; changes are kept in memory"))
        // A problem found meanwhile goes to the status line, not over the frame.
        try await terminal.waitUntil("the event log's warning on the status line, wrapped above the key hints") { screen in
            screen.lines.contains { $0.hasPrefix("! cannot write the event log") } && screen.lines[23].hasSuffix("? help  q quit")
        }
        terminal.send("3")
        // Typed once the field is on screen, as a person would: keys that arrive while the list
        // still loads are commands (k moves the focus), not text.
        try await terminal.waitUntil("the Shopping list tab with its field") { screen in
            screen.lines[0].contains("[Shopping list]") && screen.lines.contains { $0.contains("+ Add item:") }
        }
        terminal.send("/", "milk", TerminalKeys.enter)
        screen = try await terminal.waitFor("Added “milk”.")
        #expect(screen.lines[2].hasPrefix("! Not saving:"), "the banner stays on every screen")
        terminal.send(TerminalKeys.escape, "q")
        #expect(try await terminal.waitForExit() == 4)
        // Given back first, then said where it stays: on the shell's screen.
        #expect(terminal.isCooked)
        let shell = terminal.screen
        #expect(!shell.isAlternateScreen && shell.isCursorVisible)
        let afterwards = terminal.output.components(separatedBy: TerminalSequences.showCursor).last ?? ""
        #expect(afterwards.hasSuffix("cookbook: 1 change made in this run was not saved.\r\n"), "\(afterwards)")
        #expect(afterwards.contains("cookbook: cannot write the event log"), "warnings shown meanwhile are said again: \(afterwards)")
        #expect(shell.contains("cookbook: 1 change made in this run was not saved."))
    }

    @Test("RecipeSearchSandbox runs full screen too: search, open the placeholder, back")
    func sandbox() async throws {
        let terminal = try TerminalSession(ProductProcess(name: "RecipeSearchSandbox"), rows: 24, columns: 80)
        var screen = try await terminal.waitFor("# Search")
        #expect(screen.lines[0] == "[RecipeSearch]")
        terminal.send("/", "curry", TerminalKeys.enter)
        try await terminal.waitFor("Thai Green Curry")
        terminal.send(TerminalKeys.down, TerminalKeys.enter)
        screen = try await terminal.waitFor("Screens.RecipeDetails(recipeID: 1)")
        #expect(screen.lines[1].hasPrefix("Search › "))
        terminal.send(TerminalKeys.escape)
        try await terminal.waitUntil("back on Search") { $0.lines[1] == "Search" }
        terminal.send(TerminalKeys.controlC)
        #expect(try await terminal.waitForExit() == 130)
        expectRestored(terminal)
    }

    @Test("a sandbox's failure scenario shows the error and “r retry”; r retries only there")
    func sandboxFailure() async throws {
        let failing = try TerminalSession(ProductProcess(name: "RecipeDetailsSandbox"), ["--scenario", "failure"], rows: 24, columns: 80)
        let screen = try await failing.waitFor("Couldn't load recipe 1")
        #expect(screen.contains("  r retry"))
        #expect(screen.lines.last?.hasPrefix("r retry") == true)
        failing.send("r", "?")
        try await failing.waitFor("# Keys")  // keys are handled in order: r was handled before ?
        #expect(!failing.output.contains("nothing to retry"))
        failing.send("q")
        #expect(try await failing.waitForExit() == 0)

        let working = try TerminalSession(ProductProcess(name: "RecipeDetailsSandbox"), rows: 24, columns: 80)
        try await working.waitFor("## Ingredients")
        working.send("r")
        try await working.waitFor("! nothing to retry")
        working.send("q")
        #expect(try await working.waitForExit() == 0)
    }
}
