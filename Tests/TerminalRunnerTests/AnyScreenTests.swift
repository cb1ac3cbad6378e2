import Core
import Testing

@testable import TerminalRunner

/// A screen named by its own row type, as a feature's is, that counts how often its content is made.
@MainActor
private final class CountingScreen: Screen {
    enum Row: Hashable, Sendable {
        case recipe(Int)
        case more
        case query
    }

    var onChange: (@MainActor () -> Void)?
    private(set) var translations = 0
    private(set) var events: [ScreenEvent<Row>] = []
    var recipes = [1, 2] {
        didSet { onChange?() }
    }
    /// The field's text; a change is not said, so only the runner's hold knows of an edit.
    private(set) var query = ""

    var content: ScreenContent<Row> {
        translations += 1
        return ScreenContent(
            title: "Counting",
            sections: [
                ScreenSection(
                    id: "recipes", rows: recipes.map { ScreenRow(id: .recipe($0), .link(title: "Recipe \($0)", subtitle: nil)) }),
                ScreenSection(id: "more", rows: [ScreenRow(id: .more, .button("More"))]),
                ScreenSection(id: "search", rows: [ScreenRow(id: .query, .textField(label: "Search", text: query, placeholder: ""))]),
            ])
    }

    func appear() async {}

    func edit(_ field: Row, text: String) {
        if field == .query { query = text }
    }

    func handle(_ event: ScreenEvent<Row>) async -> Navigation? {
        events.append(event)
        if case .activate(.more) = event { recipes.append(recipes.count + 1) }
        return nil
    }
}

@MainActor
@Suite("The runner's hold of a screen")
struct AnyScreenTests {
    @Test("events the runner sends by key reach the screen as its own rows")
    func eventsCarryTheScreensRows() async {
        let screen = CountingScreen()
        let erased = screen.erased

        let second = erased.content.numberedRows[1].id
        _ = await erased.handle(.activate(row: second))
        _ = await erased.handle(.choose(row: second, option: 2))
        _ = await erased.handle(.retry)

        #expect(screen.events == [.activate(row: .recipe(2)), .choose(row: .recipe(2), option: 2), .retry])
    }

    @Test("a key of another screen's rows is no row here: the event is dropped")
    func foreignKeysAreDropped() async {
        let screen = CountingScreen()
        let erased = screen.erased

        #expect(await erased.handle(.activate(row: RowKey("recipe-2"))) == nil)
        #expect(await erased.handle(.delete(row: RowKey(2))) == nil)

        #expect(screen.events.isEmpty)
    }

    @Test("keys are equal when their rows are, across content made at different times")
    func keysCompareByRow() async {
        let erased = CountingScreen().erased
        let before = erased.content.numberedRows.map(\.id)

        _ = await erased.handle(.activate(row: RowKey(CountingScreen.Row.more)))

        #expect(Array(erased.content.numberedRows.map(\.id).prefix(2)) == Array(before.prefix(2)))
        #expect(RowKey(CountingScreen.Row.recipe(1)) == RowKey(CountingScreen.Row.recipe(1)))
        #expect(RowKey(CountingScreen.Row.recipe(1)) != RowKey(CountingScreen.Row.recipe(2)))
        #expect(RowKey(1) != RowKey(CountingScreen.Row.recipe(1)), "the same payload in another type is another row")
    }

    @Test("the content is made once per change, however often it is read")
    func contentIsMadeOncePerChange() async {
        let screen = CountingScreen()
        let erased = screen.erased

        for _ in 0..<5 { _ = erased.content }
        #expect(screen.translations == 1)

        screen.recipes = [3]
        #expect(erased.content.numberedRows.map(\.label) == ["Recipe 3", "More"], "a change said by onChange is seen")
        _ = erased.content
        #expect(screen.translations == 2)

        _ = await erased.handle(.activate(row: erased.content.numberedRows[1].id))
        #expect(erased.content.numberedRows.map(\.label) == ["Recipe 3", "Recipe 2", "More"])
        #expect(screen.translations == 3)
    }

    @Test("text typed through the runner is the screen's at once, as its own row, and the next content shows it")
    func editsReachTheScreenAndTheContent() {
        let screen = CountingScreen()
        let erased = screen.erased
        let field = RowKey(CountingScreen.Row.query)
        _ = erased.content

        erased.edit(field, text: "cur")
        #expect(screen.query == "cur")
        #expect(erased.content.row(id: field)?.element == .textField(label: "Search", text: "cur", placeholder: ""))
        #expect(screen.translations == 2, "the edit made the kept content out of date, once")

        erased.edit(RowKey("query"), text: "x")
        #expect(screen.query == "cur", "a key of another screen's rows names no field here")
    }

    @Test("a screen erased twice is held once, and the runner hears its changes")
    func erasedOnce() {
        let screen = CountingScreen()
        let erased = screen.erased
        var heard = 0
        erased.onChange = { heard += 1 }

        #expect(erased.erased === erased)
        screen.recipes = []
        #expect(heard == 1)
    }

    @Test("a stack holds the screen it resolved through the environment, erased once")
    func stacksHoldErasedScreens() async {
        let screen = CountingScreen()
        let stack = stack("Counting", root: screen)
        await stack.start()

        #expect(stack.topScreen?.base === screen)
        for _ in 0..<3 { _ = stack.path }
        _ = stack.topScreen?.content
        #expect(screen.translations == 1, "breadcrumbs and frames read the one content")
    }
}
