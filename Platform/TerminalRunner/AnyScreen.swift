import Core

/// A row of any screen, as the runner names it: the screen's own `Row` value behind one type, so
/// one runner serves every screen. Keys are equal when their rows are: the same case of the same
/// screen's row type.
public struct RowKey: Hashable, Sendable, CustomStringConvertible {
    /// The screen's own row.
    public let row: any Hashable & Sendable

    public init(_ row: some Hashable & Sendable) {
        self.row = row
    }

    public static func == (lhs: RowKey, rhs: RowKey) -> Bool {
        lhs.row.isEqual(to: rhs.row)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(row)
    }

    public var description: String { String(describing: row) }
}

extension Hashable {
    fileprivate func isEqual(to other: any Hashable) -> Bool {
        (other as? Self) == self
    }
}

/// A screen as the runner holds it: rows named by `RowKey`, and its content computed once per
/// change, however often a frame, a key, a script command or a breadcrumb reads it.
///
/// The runner makes one when a screen comes on a stack (`erased`); it takes over the screen's
/// `onChange`, so that it knows when the content it keeps is out of date.
@MainActor
public final class AnyScreen: Screen {
    /// The screen itself, for what only its type says (a placeholder, a feature's own screen).
    public let base: any Screen
    public var onChange: (@MainActor () -> Void)?

    private let translate: @MainActor () -> ScreenContent<RowKey>
    private let send: @MainActor (ScreenEvent<RowKey>) async -> Navigation?
    private let editText: @MainActor (RowKey, String) -> Void
    private var cached: ScreenContent<RowKey>?

    init<S: Screen>(_ screen: S) {
        base = screen
        if let keyed = screen as? any Screen<RowKey> {
            // Already named by keys (a runner's test screen): nothing to map.
            translate = { keyed.content }
            send = { await keyed.handle($0) }
            editText = { keyed.edit($0, text: $1) }
        } else {
            translate = { screen.content.map(RowKey.init) }
            send = { event in
                // A key always holds a row of the screen that showed it; any other is no row of this screen.
                guard let typed = event.compactMap({ $0.row as? S.Row }) else { return nil }
                return await screen.handle(typed)
            }
            editText = { field, text in
                if let row = field.row as? S.Row { screen.edit(row, text: text) }
            }
        }
        screen.onChange = { [weak self] in
            self?.cached = nil
            self?.onChange?()
        }
    }

    public var content: ScreenContent<RowKey> {
        if let cached { return cached }
        let content = translate()
        cached = content
        return content
    }

    public func appear() async {
        await base.appear()
        cached = nil
    }

    /// Passes the event on as the screen's own; the content may change meanwhile, said or not.
    public func handle(_ event: ScreenEvent<RowKey>) async -> Navigation? {
        let navigation = await send(event)
        cached = nil
        return navigation
    }

    /// Passes the text on to the screen's field; the next read of `content` shows it, said or not.
    public func edit(_ field: RowKey, text: String) {
        editText(field, text)
        cached = nil
    }

    /// Enter in `field` with `text` in it: the event that hands the text over. A field that
    /// clears on submit is emptied now, not when the screen gets to the event, so what is typed
    /// from here on is the next entry.
    func submission(of text: String, from field: ScreenRow<RowKey>) -> ScreenEvent<RowKey> {
        if field.clearsOnSubmit { edit(field.id, text: "") }
        return .submit(row: field.id, text: text)
    }
}

extension Screen {
    /// The screen as the runner holds it: itself if it is one already, else wrapped once.
    public var erased: AnyScreen {
        self as? AnyScreen ?? AnyScreen(self)
    }
}

extension ScreenContent {
    /// The same content with every row named by `transform` of its name.
    func map<Other>(_ transform: (Row) -> Other) -> ScreenContent<Other> {
        ScreenContent<Other>(
            title: title,
            sections: sections.map { section in
                ScreenSection(
                    id: section.id, title: section.title,
                    rows: section.rows.map { row in
                        ScreenRow(
                            id: transform(row.id), row.element, detail: row.detail, isEnabled: row.isEnabled, note: row.note,
                            isDeletable: row.isDeletable, clearsOnSubmit: row.clearsOnSubmit)
                    })
            },
            status: status, notice: notice)
    }
}

extension ScreenEvent {
    /// The same event with its row named by `transform` of its name; nil when `transform` gives none.
    func compactMap<Other>(_ transform: (Row) -> Other?) -> ScreenEvent<Other>? {
        switch self {
        case .activate(let row): transform(row).map { .activate(row: $0) }
        case .toggle(let row): transform(row).map { .toggle(row: $0) }
        case .submit(let row, let text): transform(row).map { .submit(row: $0, text: text) }
        case .choose(let row, let option): transform(row).map { .choose(row: $0, option: option) }
        case .delete(let row): transform(row).map { .delete(row: $0) }
        case .retry: .retry
        case .flowFinished(let result): .flowFinished(result)
        }
    }
}
