import Core

/// What the full-screen UI knows when a key arrives: enough to decide what the key means.
public struct KeyContext: Sendable {
    /// The row with keyboard focus, if any.
    public var focused: ScreenRow<RowKey>?
    public var tabCount: Int
    public var selectedTab: Int
    /// Whether the tab's stack has a screen to go back to.
    public var canGoBack: Bool
    /// Whether the screen shows an error that `retry` may fix.
    public var canRetry: Bool
    public var showsHelp: Bool

    public init(
        focused: ScreenRow<RowKey>? = nil, tabCount: Int = 1, selectedTab: Int = 0, canGoBack: Bool = false,
        canRetry: Bool = false, showsHelp: Bool = false
    ) {
        self.focused = focused
        self.tabCount = tabCount
        self.selectedTab = selectedTab
        self.canGoBack = canGoBack
        self.canRetry = canRetry
        self.showsHelp = showsHelp
    }

    /// Keys type into the focused field: a text field that is enabled.
    public var isEditing: Bool {
        guard let focused, focused.isEnabled, case .textField = focused.element else { return false }
        return true
    }
}

/// What a key asks the full-screen UI to do.
public enum KeyAction: Equatable, Sendable {
    case none
    case quit(Runner.ExitCode)
    /// Moves the focus to the next (+1) or previous (-1) interactive row.
    case moveFocus(Int)
    /// Scrolls a page down (+1) or up (-1), moving the focus along.
    case page(Int)
    case focusFirst
    case focusLast
    /// Sends an event to the visible screen.
    case send(ScreenEvent<RowKey>)
    /// Changes the text of the focused field where the UI keeps it (the screen gets an `.edit`
    /// with the whole text), so a key costs the same however long the text is.
    case editField(row: RowKey, FieldEdit)
    /// Leaves the focused text field (keys are commands again).
    case leaveField
    /// Focuses the first text field, to type a search.
    case focusTextField
    case back
    case selectTab(Int)
    case toggleHelp
    /// Repaints the whole screen (Ctrl-L).
    case redraw
    /// Stops the program until the shell continues it (Ctrl-Z).
    case suspend
    /// Explains why nothing happened, in the status line.
    case explain(String)
}

/// One key's change to a text field.
public enum FieldEdit: Hashable, Sendable {
    case insert(Character)
    /// Backspace: the last character goes.
    case deleteBackward
    /// Ctrl-U: the whole text goes.
    case clear

    /// `text` changed in place.
    public func apply(to text: inout String) {
        switch self {
        case .insert(let character): text.append(character)
        case .deleteBackward: if !text.isEmpty { text.removeLast() }
        case .clear: text = ""
        }
    }
}

/// The key map of the full-screen UI, as a pure function so it can be tested without a terminal.
public enum KeyBindings {
    /// Every binding, as the help overlay and docs/terminal.md list them.
    public static let help: [(keys: String, meaning: String)] = [
        ("↑ ↓  j k", "move between rows; where text lies between them, scroll it a line"),
        ("Enter", "open a link, press a button, flip a toggle, submit a field, next option of a picker"),
        ("Space", "flip a toggle"),
        ("← →", "previous / next option of a picker"),
        ("typing", "edits the focused text field; Backspace deletes a character"),
        ("/", "go to the search field"),
        ("Esc", "leave the text field; otherwise go back"),
        ("Backspace", "go back (when not in a text field)"),
        ("Tab  Shift-Tab", "next / previous tab"),
        ("1-9", "go to tab N (not in a text field)"),
        ("d  Delete", "delete the focused item"),
        ("r", "retry after an error"),
        ("PgUp PgDn Home End", "scroll a page; top / bottom of the screen"),
        ("?", "show or hide this help (↑↓ PgUp PgDn scroll it)"),
        ("q  Ctrl-C", "quit (q: not in a text field)"),
        ("Ctrl-Z", "stop; the shell's fg continues"),
    ]

    public static func action(for key: Key, in context: KeyContext) -> KeyAction {
        if key == .interrupt { return .quit(.interrupted) }
        if key == .control("l") { return .redraw }
        if key == .control("z") { return .suspend }
        if context.showsHelp {
            // The key map scrolls as a screen does; any other key closes it.
            switch key {
            case .character("q"): return .quit(.success)
            case .character("j"): return .moveFocus(1)
            case .character("k"): return .moveFocus(-1)
            case .up, .down, .pageUp, .pageDown, .home, .end: return navigationAction(for: key, in: context) ?? .toggleHelp
            default: return .toggleHelp
            }
        }
        if context.isEditing, let field = context.focused {
            return editingAction(for: key, field: field, in: context)
        }
        return commandAction(for: key, in: context)
    }

    /// Keys while a text field has the focus: printable keys type.
    private static func editingAction(for key: Key, field: ScreenRow<RowKey>, in context: KeyContext) -> KeyAction {
        let text = if case .textField(_, let text, _) = field.element { text } else { "" }
        switch key {
        case .character(let character):
            return .editField(row: field.id, .insert(character))
        case .backspace:
            return text.isEmpty ? .none : .editField(row: field.id, .deleteBackward)
        case .control("u"):
            return text.isEmpty ? .none : .editField(row: field.id, .clear)
        case .enter:
            return .send(.submit(row: field.id, text: text))
        case .escape:
            return .leaveField
        default:
            return navigationAction(for: key, in: context) ?? .none
        }
    }

    /// Keys when no text field has the focus: letters are commands.
    private static func commandAction(for key: Key, in context: KeyContext) -> KeyAction {
        if let action = navigationAction(for: key, in: context) { return action }
        let focused = context.focused
        switch key {
        case .character("q"):
            return .quit(.success)
        case .character("j"):
            return .moveFocus(1)
        case .character("k"):
            return .moveFocus(-1)
        case .character("?"):
            return .toggleHelp
        case .character("/"):
            return .focusTextField
        case .character("r"):
            return context.canRetry ? .send(.retry) : .explain("nothing to retry")
        case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
            guard let number = digit.wholeNumberValue, number <= context.tabCount else {
                return .explain("there is no tab \(digit)")
            }
            return .selectTab(number - 1)
        case .escape, .backspace:
            return context.canGoBack ? .back : .none
        case .enter:
            guard let focused else { return .none }
            if let refusal = refusal(focused) { return refusal }
            switch focused.element {
            case .link, .button: return .send(.activate(row: focused.id))
            case .toggle: return .send(.toggle(row: focused.id))
            case .textField(_, let text, _): return .send(.submit(row: focused.id, text: text))
            case .picker(_, let options, let selected):
                return options.isEmpty ? .none : .send(.choose(row: focused.id, option: (selected + 1) % options.count))
            case .text: return .none
            }
        case .character(" "):
            guard let focused, case .toggle = focused.element else { return .none }
            return refusal(focused) ?? .send(.toggle(row: focused.id))
        case .left, .right:
            guard let focused, case .picker(_, let options, let selected) = focused.element, !options.isEmpty else { return .none }
            if let refusal = refusal(focused) { return refusal }
            let step = key == .right ? 1 : options.count - 1
            return .send(.choose(row: focused.id, option: (selected + step) % options.count))
        case .character("d"), .delete:
            guard let focused else { return .none }
            guard focused.isDeletable else { return .explain("“\(focused.label)” cannot be deleted") }
            return refusal(focused) ?? .send(.delete(row: focused.id))
        default:
            return .none
        }
    }

    /// Keys that mean the same in a text field and outside one.
    private static func navigationAction(for key: Key, in context: KeyContext) -> KeyAction? {
        switch key {
        case .up: .moveFocus(-1)
        case .down: .moveFocus(1)
        case .pageUp: .page(-1)
        case .pageDown: .page(1)
        case .home: .focusFirst
        case .end: .focusLast
        case .tab: context.tabCount > 1 ? .selectTab((context.selectedTab + 1) % context.tabCount) : KeyAction.none
        case .backTab: context.tabCount > 1 ? .selectTab((context.selectedTab + context.tabCount - 1) % context.tabCount) : KeyAction.none
        default: nil
        }
    }

    private static func refusal(_ row: ScreenRow<RowKey>) -> KeyAction? {
        row.isEnabled ? nil : .explain(RowLookup.lockedMessage(row))
    }
}
