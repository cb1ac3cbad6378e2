import Core
import CoreTesting
import Testing

@testable import TerminalRunner

/// The listing of every interactive row of `FakeScreen`, as failures show it.
private let allRows = """
    :
      [✎] Search
      [1] Vegetarian only
      [2] Category
      [3] Curry Rice
      [4] Vegetable Curry
      [5] Export
    """

private let numberedRows = """
    :
      [1] Vegetarian only
      [2] Category
      [3] Curry Rice
      [4] Vegetable Curry
      [5] Export
    """

@Suite("ScriptInterpreter")
@MainActor
struct ScriptInterpreterTests {
    let details = StaticScreen("Curry Rice", rows: [ScreenRow<RowKey>(id: "step", .text("Cook the rice."))])
    let screen: FakeScreen
    let interpreter: ScriptInterpreter

    init() async {
        screen = FakeScreen(next: details)
        interpreter = ScriptInterpreter(tabBar: await startedTabBar(screen))
    }

    func run(_ line: String) async throws -> ScriptInterpreter.Outcome {
        let command = try #require(try ScriptCommand.parse(line))
        return try await interpreter.execute(command)
    }

    func failure(_ line: String) async throws -> String {
        try await failure(in: interpreter, line)
    }

    func failure(in interpreter: ScriptInterpreter, _ line: String) async throws -> String {
        let command = try #require(try ScriptCommand.parse(line))
        do {
            _ = try await interpreter.execute(command)
        } catch {
            return error.message
        }
        Issue.record("`\(line)` should have failed")
        return ""
    }

    // MARK: width

    @Test("width N prints screens wrapped to N columns from then on; width off unwraps them; expect reads the words unwrapped")
    func width() async throws {
        let long = StaticScreen(
            "Curry Rice",
            rows: [
                ScreenRow<RowKey>(id: "step", .text("5. Pour in the water, bring to a boil, skim off the foam and simmer for 20 minutes."))
            ])
        let interpreter = ScriptInterpreter(tabBar: await startedTabBar(long, title: "Feed"))
        let unwrapped = "# Curry Rice\n\n     5. Pour in the water, bring to a boil, skim off the foam and simmer for 20 minutes.\n"
        #expect(interpreter.screenText == unwrapped)

        let outcome = try await interpreter.execute(.width(30))
        #expect(outcome == .proceed(showScreen: true))
        #expect(
            interpreter.screenText
                == "# Curry Rice\n\n     5. Pour in the water,\n        bring to a boil, skim\n        off the foam and\n        simmer for 20 minutes.\n"
        )
        let found = try await interpreter.execute(.expect("skim off the foam and simmer"))
        #expect(found == .proceed(showScreen: false), "expect reads the words unwrapped")
        let refusal = try await failure(in: interpreter, "expect-not off the foam")
        #expect(refusal == "expected no “off the foam” on the screen, but it shows:\n\(unwrapped)")

        _ = try await interpreter.execute(.width(nil))
        #expect(interpreter.screenText == unwrapped)
    }

    @Test("with a width the header wraps too, under “Tabs: ” and “Path: ”")
    func widthHeader() async throws {
        let tabBar = TabBar(
            stack("Feed", root: StaticScreen("Feed")),
            [stack("Shopping list", root: StaticScreen("List")), stack("Favorites", root: StaticScreen("Favorites"))])
        await tabBar.start()
        #expect(SessionText.render(tabBar, width: 30).hasPrefix("Tabs: [Feed] | Shopping list |\n      Favorites\n# Feed\n"))
    }

    // MARK: select

    @Test("select by number activates that row")
    func selectByNumber() async throws {
        #expect(try await run("select 4") == .proceed(showScreen: true))
        #expect(screen.events == [.activate(row: "recipe-2")])
    }

    @Test("select by exact label, in any case")
    func selectByExactLabel() async throws {
        _ = try await run("select vegetable curry")
        #expect(screen.events == [.activate(row: "recipe-2")])
    }

    @Test("select by a unique part of a label")
    func selectByPartialLabel() async throws {
        _ = try await run("select rice")
        #expect(screen.events == [.activate(row: "recipe-1")])
    }

    @Test("selecting a link that opens a screen pushes it")
    func selectPushes() async throws {
        _ = try await run("open Curry Rice")

        #expect(interpreter.tabBar.visibleScreen?.base === details)
        #expect(interpreter.tabBar.current.path == ["Search", "Curry Rice"])
        #expect(details.appearCount == 1)
    }

    @Test("select on a toggle flips it")
    func selectToggle() async throws {
        _ = try await run("select 1")
        #expect(screen.events == [.toggle(row: "vegetarian")])
        #expect(interpreter.screenText.contains("[1] [x] Vegetarian only"))
    }

    @Test("a reference matching several rows fails and lists them, numbered")
    func ambiguousReference() async throws {
        #expect(
            try await failure("select curry") == """
                “curry” matches several rows; be more precise or use a number:
                  [3] Curry Rice
                  [4] Vegetable Curry
                """)
        #expect(
            try await failure("select veg") == """
                “veg” matches several rows; be more precise or use a number:
                  [1] Vegetarian only
                  [4] Vegetable Curry
                """)
        #expect(screen.events.isEmpty)
    }

    @Test("an unknown label fails and lists every row, numbered")
    func unknownLabel() async throws {
        #expect(try await failure("select lasagne") == "no row is labelled “lasagne”" + allRows)
        #expect(screen.events.isEmpty)
    }

    @Test("a number past the rows fails and says how many there are", arguments: ["9", "0", "-1"])
    func unknownNumber(number: String) async throws {
        #expect(try await failure("select \(number)") == "there is no row \(number); this screen has 5 numbered rows" + numberedRows)
    }

    @Test("a locked row is refused with its note, by number and by label", arguments: ["select 5", "select Export", "select exp"])
    func lockedRow(line: String) async throws {
        #expect(try await failure(line) == "“Export” is locked: Premium")
        #expect(screen.events.isEmpty)
    }

    @Test("select refuses text fields and pickers, pointing at the right command")
    func selectWrongKind() async throws {
        #expect(try await failure("select Search") == "“Search” is a text field: use `type TEXT`")
        #expect(try await failure("select 2") == "“Category” is a picker: use `set \"Category\" OPTION`")
        #expect(screen.events.isEmpty)
    }

    // MARK: type

    @Test("type edits then submits the first text field")
    func typeEditsAndSubmits() async throws {
        #expect(try await run("type green curry") == .proceed(showScreen: true))

        #expect(screen.events == [.submit(row: "query", text: "green curry")])
        #expect(screen.query == "green curry")
        #expect(interpreter.screenText.contains(#"[✎] Search: "green curry""#))
        #expect(interpreter.screenText.contains("* Searched for “green curry”"))
    }

    @Test("type takes a text of up to 1,000 characters; a longer one is refused in words and nothing is sent")
    func typeWithinTheLimit() async throws {
        let longest = String(repeating: "é", count: 1_000)
        #expect(try await run("type \(longest)") == .proceed(showScreen: true))
        #expect(screen.events == [.submit(row: "query", text: longest)])

        #expect(
            try await failure("type \(longest)x") == "“Search” holds at most 1000 characters, and this text has 1001: shorten it")
        #expect(screen.events.count == 1, "nothing more was sent")
        #expect(screen.query == longest, "nor typed")
    }

    @Test("type fails on a screen without a text field")
    func typeWithoutField() async throws {
        _ = try await run("select 3")
        #expect(try await failure("type x") == "this screen has no text field to type into")
        #expect(try await failure("search x") == "this screen has no text field to type into")
        #expect(details.events.isEmpty)
    }

    @Test("type refuses a locked text field")
    func typeLockedField() async throws {
        let locked = StaticScreen(
            "Locked",
            rows: [
                ScreenRow<RowKey>(id: "q", .textField(label: "Search", text: "", placeholder: ""), isEnabled: false, note: "Offline")
            ])
        let interpreter = ScriptInterpreter(tabBar: await startedTabBar(locked))

        await #expect(throws: CommandFailure("“Search” is locked: Offline")) { _ = try await interpreter.execute(.type("x")) }
        #expect(locked.events.isEmpty)
    }

    // MARK: set and toggle

    @Test("set chooses an option by name, in any case", arguments: [("Dessert", 2), ("main course", 1), ("ALL", 0)])
    func setByName(option: String, index: Int) async throws {
        _ = try await run("set Category \"\(option)\"")
        #expect(screen.events == [.choose(row: "category", option: index)])
    }

    @Test("set chooses an option by its 1-based number, on a row named by number")
    func setByNumber() async throws {
        _ = try await run("set 2 2")
        #expect(screen.events == [.choose(row: "category", option: 1)])
        #expect(interpreter.screenText.contains("Category: ‹Main course›"))
    }

    @Test("set with an option the picker lacks lists its options", arguments: ["Soup", "4", "0"])
    func setBadOption(option: String) async throws {
        #expect(try await failure("set Category \(option)") == "“Category” has no option “\(option)”; options: All, Main course, Dessert")
        #expect(screen.events.isEmpty)
    }

    @Test("set on something that is not a picker fails")
    func setNotPicker() async throws {
        #expect(try await failure(#"set "Curry Rice" 1"#) == "“Curry Rice” is not a picker")
    }

    @Test("toggle flips a toggle")
    func toggle() async throws {
        _ = try await run("toggle vegetarian")
        _ = try await run("toggle 1")
        #expect(screen.events == [.toggle(row: "vegetarian"), .toggle(row: "vegetarian")])
        #expect(!screen.vegetarianOnly)
    }

    @Test("toggle on something that is not a toggle fails, sending nothing")
    func toggleNotToggle() async throws {
        #expect(try await failure("toggle Curry Rice") == "“Curry Rice” is not a toggle")
        #expect(try await failure("toggle Search") == "“Search” is not a toggle")
        #expect(screen.events.isEmpty)
    }

    // MARK: back and retry

    @Test("back at the first screen fails")
    func backAtRoot() async throws {
        #expect(try await failure("back") == "already at the first screen of “Search”")
        #expect(interpreter.tabBar.visibleScreen?.base === screen)
    }

    @Test("back after a push returns to the previous screen")
    func backAfterPush() async throws {
        _ = try await run("select Curry Rice")
        #expect(try await run("back") == .proceed(showScreen: true))
        #expect(interpreter.tabBar.visibleScreen?.base === screen)
        #expect(interpreter.tabBar.current.stack.count == 1)
    }

    @Test(
        "retry fails unless the screen shows a retryable error",
        arguments: [
            ScreenStatus.ready,
            .loading("Loading"),
            .empty("Nothing"),
            .failed(ScreenFailure(message: "No such recipe", canRetry: false)),
        ])
    func retryRefused(status: ScreenStatus) async throws {
        screen.status = status
        #expect(try await failure("retry") == "nothing to retry: the screen shows no error that can be retried")
        #expect(screen.events.isEmpty)
    }

    @Test("retry sends .retry when the screen failed and can retry")
    func retry() async throws {
        screen.status = .failed(ScreenFailure(message: "Offline", canRetry: true))
        #expect(try await run("retry") == .proceed(showScreen: true))
        #expect(screen.events == [.retry])
        #expect(!interpreter.screenText.contains("Offline"))
    }

    // MARK: expect

    @Test("expect passes when the screen shows the text, without reprinting")
    func expectPasses() async throws {
        #expect(try await run("expect Curry Rice — Aiko Tanaka") == .proceed(showScreen: false))
        #expect(try await run("expect-not Lasagne") == .proceed(showScreen: false))
    }

    @Test("expect fails when the text is missing, showing the screen")
    func expectFails() async throws {
        #expect(try await failure("expect Lasagne") == "expected “Lasagne” on the screen, but it shows:\n" + interpreter.screenText)
    }

    @Test("expect-not fails when the text is shown, showing the screen")
    func expectNotFails() async throws {
        #expect(
            try await failure("expect-not Vegetable") == "expected no “Vegetable” on the screen, but it shows:\n" + interpreter.screenText)
    }

    @Test("expect is case-sensitive")
    func expectCaseSensitive() async throws {
        #expect(try await failure("expect curry rice").hasPrefix("expected “curry rice” on the screen"))
    }

    // MARK: tabs, quit, snapshot, help

    @Test("tab switches by name in any case, and by number")
    func tabs() async throws {
        let favorites = StaticScreen("Favorites")
        let tabBar = TabBar(
            stack("Search", root: screen),
            [stack("Favorites", root: favorites)]
        )
        await tabBar.start()
        let interpreter = ScriptInterpreter(tabBar: tabBar)
        #expect(favorites.appearCount == 0)

        #expect(try await interpreter.execute(.tab("favorites")) == .proceed(showScreen: true))
        #expect(tabBar.visibleScreen?.base === favorites)
        #expect(favorites.appearCount == 1)

        _ = try await interpreter.execute(.tab("1"))
        #expect(tabBar.visibleScreen?.base === screen)
        _ = try await interpreter.execute(.tab("2"))
        #expect(tabBar.selectedIndex == 1)
        #expect(favorites.appearCount == 2, "coming back to a tab refreshes its screen")
    }

    @Test("an unknown tab fails and lists the tabs", arguments: ["Shopping", "3", "0"])
    func unknownTab(name: String) async throws {
        let tabBar = TabBar(
            stack("Search", root: StaticScreen("S")),
            [stack("Favorites", root: StaticScreen("F"))]
        )
        await tabBar.start()

        await #expect(throws: CommandFailure("there is no tab “\(name)”; tabs: Search, Favorites")) {
            _ = try await ScriptInterpreter(tabBar: tabBar).execute(.tab(name))
        }
        #expect(tabBar.selectedIndex == 0)
    }

    @Test("quit ends the session")
    func quit() async throws {
        #expect(try await run("quit") == .quit)
        #expect(try await run("exit") == .quit)
    }

    @Test("snapshot prints the screen text")
    func snapshot() async throws {
        #expect(try await run("snapshot") == .print(interpreter.screenText))
        #expect(try await run("show") == .print(screen.content.plainText()))
    }

    @Test("help prints every command")
    func help() async throws {
        #expect(try await run("help") == .print("Commands:\n\(ScriptCommand.referenceText)\n"))
    }

    @Test("commands before anything is shown fail politely")
    func beforeStart() async {
        let tabBar = TabBar(stack("Search", root: StaticScreen("S")))
        let interpreter = ScriptInterpreter(tabBar: tabBar)

        await #expect(throws: CommandFailure("no screen is shown yet")) { _ = try await interpreter.execute(.select("1")) }
        await #expect(throws: CommandFailure("no screen is shown yet")) { _ = try await interpreter.execute(.retry) }
        #expect(interpreter.screenText == "(nothing to show yet)\n")
    }
}

@Suite("RowLookup")
struct RowLookupTests {
    let rows = [
        ScreenRow<RowKey>(id: "a", .link(title: "Curry", subtitle: nil)),
        ScreenRow<RowKey>(id: "b", .link(title: "Curry Rice", subtitle: nil)),
        ScreenRow<RowKey>(id: "c", .button("2 eggs")),
    ]

    @Test("an exact label wins over labels that merely contain it")
    func exactBeatsPartial() throws {
        #expect(try RowLookup.find("curry", numbered: rows, named: rows).id == "a")
        #expect(try RowLookup.find("Curry Rice", numbered: rows, named: rows).id == "b")
    }

    @Test("a label starting with a number is found by label")
    func labelWithLeadingNumber() throws {
        #expect(try RowLookup.find("2 eggs", numbered: rows, named: rows).id == "c")
        #expect(try RowLookup.find("2", numbered: rows, named: rows).id == "b")
    }

    @Test("no rows: the failure has no listing")
    func noRows() {
        #expect(throws: CommandFailure("there is no row 1; this screen has 0 numbered rows")) {
            try RowLookup.find("1", numbered: [], named: [])
        }
        #expect(throws: CommandFailure("no row is labelled “x”")) { try RowLookup.find("x", numbered: [], named: []) }
    }

    @Test("the locked message includes the note only when there is one")
    func lockedMessage() {
        #expect(RowLookup.lockedMessage(ScreenRow<RowKey>(id: "x", .button("Export"), isEnabled: false)) == "“Export” is locked")
        #expect(
            RowLookup.lockedMessage(ScreenRow<RowKey>(id: "x", .button("Export"), isEnabled: false, note: "Premium"))
                == "“Export” is locked: Premium")
    }
}
