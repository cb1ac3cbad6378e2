import Core
import Testing

@testable import TerminalRunner

@Suite("KeyBindings: what each key does in the full-screen UI")
struct KeyBindingsTests {
    let link = ScreenRow<RowKey>(id: "recipe-1", .link(title: "Curry Rice", subtitle: nil))
    let button = ScreenRow<RowKey>(id: "export", .button("Export"))
    let toggle = ScreenRow<RowKey>(id: "veg", .toggle(label: "Vegetarian only", isOn: false))
    let picker = ScreenRow<RowKey>(id: "category", .picker(label: "Category", options: ["All", "Main", "Dessert"], selected: 2))
    let field = ScreenRow<RowKey>(id: "query", .textField(label: "Search", text: "cur", placeholder: "keyword"))
    let locked = ScreenRow<RowKey>(id: "sort", .button("Sort"), isEnabled: false, note: "Premium")
    let item = ScreenRow<RowKey>(id: "item-1", .toggle(label: "2 onions", isOn: false), isDeletable: true)

    func action(
        _ key: Key, on row: ScreenRow<RowKey>? = nil, text: String = "", tabs: Int = 4, selected: Int = 0, canGoBack: Bool = true,
        canRetry: Bool = false, help: Bool = false
    ) -> KeyAction {
        var focused = row
        if case .textField(let label, _, let placeholder)? = row?.element {
            focused?.element = .textField(label: label, text: text, placeholder: placeholder)
        }
        return KeyBindings.action(
            for: key,
            in: KeyContext(
                focused: focused, tabCount: tabs, selectedTab: selected, canGoBack: canGoBack, canRetry: canRetry,
                showsHelp: help))
    }

    @Test("Enter activates links and buttons, flips toggles, submits fields, cycles pickers")
    func enter() {
        #expect(action(.enter, on: link) == .send(.activate(row: "recipe-1")))
        #expect(action(.enter, on: button) == .send(.activate(row: "export")))
        #expect(action(.enter, on: toggle) == .send(.toggle(row: "veg")))
        #expect(action(.enter, on: field, text: "cur") == .send(.submit(row: "query", text: "cur")))
        #expect(action(.enter, on: picker) == .send(.choose(row: "category", option: 0)), "after the last option comes the first")
        #expect(action(.enter) == .none)
    }

    @Test("Space flips toggles only; ← → step through a picker's options")
    func spaceAndArrows() {
        #expect(action(.character(" "), on: toggle) == .send(.toggle(row: "veg")))
        #expect(action(.character(" "), on: link) == .none)
        #expect(action(.right, on: picker) == .send(.choose(row: "category", option: 0)))
        #expect(action(.left, on: picker) == .send(.choose(row: "category", option: 1)))
        #expect(action(.left, on: link) == .none)
    }

    @Test("↑ ↓ j k move the focus; PgUp PgDn Home End scroll")
    func movement() {
        #expect(action(.down, on: link) == .moveFocus(1))
        #expect(action(.character("j")) == .moveFocus(1))
        #expect(action(.up) == .moveFocus(-1))
        #expect(action(.character("k"), on: link) == .moveFocus(-1))
        #expect(action(.pageDown) == .page(1))
        #expect(action(.pageUp) == .page(-1))
        #expect(action(.home) == .focusFirst)
        #expect(action(.end) == .focusLast)
    }

    @Test("in a text field, printable keys type and Backspace deletes a character")
    func typing() {
        #expect(action(.character("r"), on: field, text: "cur") == .editField(row: "query", .insert("r")))
        #expect(action(.character("q"), on: field, text: "cur") == .editField(row: "query", .insert("q")), "q types, it does not quit")
        #expect(action(.character("j"), on: field, text: "") == .editField(row: "query", .insert("j")))
        #expect(
            action(.character("1"), on: field, text: "") == .editField(row: "query", .insert("1")), "digits type, they do not switch tabs")
        #expect(action(.character("é"), on: field, text: "caf") == .editField(row: "query", .insert("é")))
        #expect(action(.backspace, on: field, text: "cur") == .editField(row: "query", .deleteBackward))
        #expect(action(.backspace, on: field, text: "") == .none, "Backspace in an empty field does not go back")
        #expect(action(.control("u"), on: field, text: "cur") == .editField(row: "query", .clear))
        var text = "caf"
        for edit: FieldEdit in [.insert("é"), .insert("s"), .deleteBackward] { edit.apply(to: &text) }
        #expect(text == "café")
        FieldEdit.clear.apply(to: &text)
        #expect(text.isEmpty)
    }

    @Test("in a text field, Esc leaves it; arrows and Tab still work")
    func fieldNavigation() {
        #expect(action(.escape, on: field, text: "cur") == .leaveField)
        #expect(action(.down, on: field) == .moveFocus(1))
        #expect(action(.tab, on: field) == .selectTab(1))
        #expect(action(.delete, on: field, text: "cur") == .none)
    }

    @Test("a locked text field does not take typing")
    func lockedField() {
        let lockedField = ScreenRow<RowKey>(
            id: "q", .textField(label: "Search", text: "", placeholder: ""), isEnabled: false, note: "Offline")
        #expect(action(.character("q"), on: lockedField) == .quit(.success))
        #expect(action(.enter, on: lockedField) == .explain("“Search” is locked: Offline"))
    }

    @Test("Esc and Backspace go back when there is somewhere to go")
    func back() {
        #expect(action(.escape, on: link) == .back)
        #expect(action(.backspace, on: link) == .back)
        #expect(action(.escape, on: link, canGoBack: false) == .none)
    }

    @Test("Tab and Shift-Tab cycle tabs; digits pick one; a single tab ignores them")
    func tabs() {
        #expect(action(.tab, selected: 3) == .selectTab(0))
        #expect(action(.backTab, selected: 0) == .selectTab(3))
        #expect(action(.character("2")) == .selectTab(1))
        #expect(action(.character("4")) == .selectTab(3))
        #expect(action(.character("5")) == .explain("there is no tab 5"))
        #expect(action(.tab, tabs: 1) == .none)
    }

    @Test("q and Ctrl-C quit; Ctrl-C as interrupted, even while typing")
    func quit() {
        #expect(action(.character("q"), on: link) == .quit(.success))
        #expect(action(.interrupt) == .quit(.interrupted))
        #expect(action(.interrupt, on: field, text: "cur") == .quit(.interrupted))
        #expect(Runner.ExitCode.interrupted.rawValue == 130)
    }

    @Test("/ goes to the search field, ? shows help, Ctrl-L repaints, Ctrl-Z stops")
    func commands() {
        #expect(action(.character("/"), on: link) == .focusTextField)
        #expect(action(.character("?")) == .toggleHelp)
        #expect(action(.control("l"), on: field) == .redraw)
        #expect(action(.control("z"), on: field) == .suspend, "Ctrl-Z stops, even in a text field")
    }

    @Test("while help is shown ↑↓ j k PgUp PgDn Home End scroll it, any other key closes it, and q still quits")
    func help() {
        #expect(action(.character("?"), help: true) == .toggleHelp)
        #expect(action(.escape, help: true) == .toggleHelp)
        #expect(action(.enter, on: link, help: true) == .toggleHelp)
        #expect(action(.down, on: link, help: true) == .moveFocus(1))
        #expect(action(.character("k"), help: true) == .moveFocus(-1))
        #expect(action(.pageDown, help: true) == .page(1))
        #expect(action(.end, help: true) == .focusLast)
        #expect(action(.character("q"), help: true) == .quit(.success))
    }

    @Test("d and Delete delete deletable rows only")
    func delete() {
        #expect(action(.character("d"), on: item) == .send(.delete(row: "item-1")))
        #expect(action(.delete, on: item) == .send(.delete(row: "item-1")))
        #expect(action(.character("d"), on: link) == .explain("“Curry Rice” cannot be deleted"))
        #expect(action(.character("d")) == .none)
    }

    @Test("r retries only a retryable failure")
    func retry() {
        #expect(action(.character("r"), canRetry: true) == .send(.retry))
        #expect(action(.character("r"), canRetry: false) == .explain("nothing to retry"))
    }

    @Test("locked rows explain themselves instead of acting")
    func lockedRows() {
        #expect(action(.enter, on: locked) == .explain("“Sort” is locked: Premium"))
        let lockedToggle = ScreenRow<RowKey>(id: "t", .toggle(label: "Pro", isOn: false), isEnabled: false)
        #expect(action(.character(" "), on: lockedToggle) == .explain("“Pro” is locked"))
    }

    @Test("the help lists every key the map answers")
    func helpListsKeys() {
        let keys = KeyBindings.help.map(\.keys).joined(separator: " ")
        for name in [
            "Enter", "Space", "Esc", "Backspace", "Tab", "Shift-Tab", "1-9", "/", "?", "d", "Delete", "r", "q", "Ctrl-C", "j", "k", "PgUp",
            "PgDn",
        ] {
            #expect(keys.contains(name), "help misses \(name)")
        }
    }
}
