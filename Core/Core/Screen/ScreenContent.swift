/// What a screen shows, as plain values: no terminal, no UIKit. The terminal runner is one
/// consumer; an iOS target could be another. Equal content renders to equal text.
public struct ScreenContent<Row: Hashable & Sendable>: Hashable, Sendable {
    public var title: String
    /// Always shown, even while loading: search fields, filters, results.
    public var sections: [ScreenSection<Row>]
    /// Loading, empty and error states, shown after the sections.
    public var status: ScreenStatus
    /// A short confirmation of the last action ("Added 6 items to the shopping list").
    public var notice: String?

    public init(title: String, sections: [ScreenSection<Row>] = [], status: ScreenStatus = .ready, notice: String? = nil) {
        self.title = title
        self.sections = sections
        self.status = status
        self.notice = notice
    }

    // Closures, not key paths, in these lookups: a key path into a generic type is built at run
    // time at every call, and would be most of what a key costs.

    /// Rows the user can act on, in reading order: where keyboard focus can go.
    public var interactiveRows: [ScreenRow<Row>] {
        sections.flatMap { $0.rows }.filter { $0.isInteractive }
    }

    /// Rows picked by number: links, buttons, toggles, pickers. Text fields are left out
    /// (text is typed, not selected), so `select 1` after a search opens the first result.
    /// Their 1-based position is the number the plain-text rendering shows.
    public var numberedRows: [ScreenRow<Row>] {
        interactiveRows.filter { $0.isNumbered }
    }

    /// The row with this id, if the screen shows one.
    public func row(id: Row) -> ScreenRow<Row>? {
        sections.lazy.flatMap { $0.rows }.first { $0.id == id }
    }
}

public enum ScreenStatus: Hashable, Sendable {
    case ready
    case loading(String)
    /// Nothing to show, and why, e.g. "No recipes match “xyz”."
    case empty(String)
    case failed(ScreenFailure)
}

/// An error said in plain words: what happened and what to do.
public struct ScreenFailure: Hashable, Sendable {
    public var message: String
    public var recovery: String?
    /// Whether a `retry` event may succeed (a network failure: yes; a missing recipe: no).
    public var canRetry: Bool

    public init(message: String, recovery: String? = nil, canRetry: Bool) {
        self.message = message
        self.recovery = recovery
        self.canRetry = canRetry
    }

    /// What happened and what to do, in one line: for notices after an action.
    public var messageWithRecovery: String {
        guard let recovery else { return message }
        return (message.hasSuffix(".") ? message : message + ".") + " " + recovery
    }
}

public struct ScreenSection<Row: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    public var id: String
    public var title: String?
    public var rows: [ScreenRow<Row>]

    public init(id: String, title: String? = nil, rows: [ScreenRow<Row>]) {
        self.id = id
        self.title = title
        self.rows = rows
    }
}

/// A row, named by its screen's `Row` (a case, such as `.recipe(id)`), which events carry back.
public struct ScreenRow<Row: Hashable & Sendable>: Hashable, Sendable, Identifiable {
    public var id: Row
    public var element: ScreenElement
    /// Secondary text at the end of the row ("35 min · 620 kcal").
    public var detail: String?
    /// A disabled row is shown but ignores events; `note` says why ("Premium").
    public var isEnabled: Bool
    public var note: String?
    /// Whether the row answers `.delete` (a shopping-list item, a favorite).
    public var isDeletable: Bool
    /// For a text field: Enter hands its text over to be saved and leaves the field empty for
    /// the next one ("+ Add item"), rather than keeping it (a search). The UI empties it at
    /// Enter (`edit(_:text:)` with no text), so keys typed while the screen saves belong to the
    /// next entry; the screen saves the text `.submit` carries and leaves the field to the UI.
    public var clearsOnSubmit: Bool

    public init(
        id: Row, _ element: ScreenElement, detail: String? = nil, isEnabled: Bool = true, note: String? = nil, isDeletable: Bool = false,
        clearsOnSubmit: Bool = false
    ) {
        self.id = id
        self.element = element
        self.detail = detail
        self.isEnabled = isEnabled
        self.note = note
        self.isDeletable = isDeletable
        self.clearsOnSubmit = clearsOnSubmit
    }

    public var isInteractive: Bool {
        if case .text = element { return false }
        return true
    }

    /// Whether the row gets a number in plain text (see `ScreenContent.numberedRows`).
    public var isNumbered: Bool {
        switch element {
        case .text, .textField: false
        case .link, .button, .toggle, .picker: true
        }
    }

    /// The words a person would use to name this row ("Curry Rice", "Vegetarian only").
    public var label: String {
        switch element {
        case .text(let text): text
        case .link(let title, _): title
        case .button(let label): label
        case .textField(let label, _, _): label
        case .toggle(let label, _): label
        case .picker(let label, _, _): label
        }
    }
}

/// The kinds of row. Each interactive kind answers to particular events (see `ScreenEvent`).
public enum ScreenElement: Hashable, Sendable {
    /// Static text: an ingredient, a step.
    case text(String)
    /// Opens something: answers `.activate`.
    case link(title: String, subtitle: String?)
    /// Does something here: answers `.activate`.
    case button(String)
    /// Editable text: the screen's `edit(_:text:)` takes what is typed, `.submit` answers Enter.
    case textField(label: String, text: String, placeholder: String)
    /// On or off: answers `.toggle`.
    case toggle(label: String, isOn: Bool)
    /// One of several options: answers `.choose`.
    case picker(label: String, options: [String], selected: Int)

    /// The most characters a text field holds (a search, a shopping-list item): a runner takes no
    /// more, saying so, and a link's value is refused past it, so every text a screen is given
    /// has a bound.
    public static let maximumFieldLength = 1_000
}
