import Core

/// Carries out script commands on a session: the engine behind script files, piped input
/// and the line prompt.
@MainActor
public final class ScriptInterpreter {
    public enum Outcome: Equatable {
        /// Carry on; `showScreen` says whether the screen changed and is worth printing.
        case proceed(showScreen: Bool)
        /// Carry on after printing this text.
        case print(String)
        case quit
    }

    public let tabBar: TabBar
    /// How commands wait for the work they start: to its end, or until it waits on held time.
    public let pacer: ScriptPacer

    /// The columns printed screens are wrapped to; nil (the default): unwrapped, the same text
    /// in any window. `expect` reads the unwrapped text whatever it is.
    public var width: Int?

    public init(tabBar: TabBar, pacer: ScriptPacer = ScriptPacer(), width: Int? = nil) {
        self.tabBar = tabBar
        self.pacer = pacer
        self.width = width
    }

    /// The visible screen as script mode prints it, under the tab bar and breadcrumb: wrapped
    /// to `width` when one is asked for.
    public var screenText: String { SessionText.render(tabBar, width: width) }

    /// The visible screen's words, unwrapped: what `expect` and `expect-not` look for, so that a
    /// width never splits what they find.
    var unwrappedText: String { SessionText.render(tabBar) }

    /// Carries out one command. Commands that only look (`expect`, `snapshot`…) see the screen as
    /// it is, loading or not; `wait` and every command that acts on the screen first let held time
    /// pass until the screen's work is done, as a person would wait before pressing a key.
    public func execute(_ command: ScriptCommand) async throws(CommandFailure) -> Outcome {
        switch command {
        case .expect, .expectNot, .snapshot, .help, .width, .quit:
            break
        default:
            await pacer.finish()
        }
        switch command {
        case .tab(let name):
            guard let index = tabBar.tabIndex(named: name) else {
                throw CommandFailure("there is no tab “\(name)”; tabs: \(tabBar.tabs.map(\.title).joined(separator: ", "))")
            }
            await pacer.step { await self.tabBar.select(tabAt: index) }
        case .type(let text):
            let field = try textField()
            let limit = ScreenElement.maximumFieldLength
            let count = text.count
            guard count <= limit else {
                throw CommandFailure("“\(field.label)” holds at most \(limit) characters, and this text has \(count): shorten it")
            }
            let screen = try visibleScreen()
            screen.edit(field.id, text: text)
            await send(screen.submission(of: text, from: field))
        case .select(let reference):
            let row = try row(reference)
            switch row.element {
            case .link, .button: await send(.activate(row: row.id))
            case .toggle: await send(.toggle(row: row.id))
            case .textField: throw CommandFailure("“\(row.label)” is a text field: use `type TEXT`")
            case .picker: throw CommandFailure("“\(row.label)” is a picker: use `set \"\(row.label)\" OPTION`")
            case .text: throw CommandFailure("“\(row.label)” cannot be selected")
            }
        case .toggle(let reference):
            let row = try row(reference)
            guard case .toggle = row.element else { throw CommandFailure("“\(row.label)” is not a toggle") }
            await send(.toggle(row: row.id))
        case .set(let reference, let option):
            let row = try row(reference)
            guard case .picker(let label, let options, _) = row.element else { throw CommandFailure("“\(row.label)” is not a picker") }
            // A name wins over a number, so options that are numbers ("2", "4") can be named.
            let index = options.firstIndex { $0.lowercased() == option.lowercased() } ?? Int(option).map { $0 - 1 }
            guard let index, options.indices.contains(index) else {
                throw CommandFailure("“\(label)” has no option “\(option)”; options: \(options.joined(separator: ", "))")
            }
            await send(.choose(row: row.id, option: index))
        case .delete(let reference):
            let row = try row(reference)
            guard row.isDeletable else { throw CommandFailure("“\(row.label)” cannot be deleted") }
            await send(.delete(row: row.id))
        case .back:
            guard tabBar.current.stack.count > 1 else {
                throw CommandFailure("already at the first screen of “\(tabBar.current.title)”")
            }
            let stack = tabBar.current
            await pacer.step { await stack.pop() }
        case .retry:
            guard case .failed(let failure) = try visibleScreen().content.status, failure.canRetry else {
                throw CommandFailure("nothing to retry: the screen shows no error that can be retried")
            }
            await send(.retry)
        case .wait:
            break
        case .width(let columns):
            width = columns
        case .expect(let text):
            let screen = unwrappedText
            guard screen.contains(text) else {
                throw CommandFailure("expected “\(text)” on the screen, but it shows:\n\(screen)")
            }
            return .proceed(showScreen: false)
        case .expectNot(let text):
            let screen = unwrappedText
            guard !screen.contains(text) else {
                throw CommandFailure("expected no “\(text)” on the screen, but it shows:\n\(screen)")
            }
            return .proceed(showScreen: false)
        case .snapshot:
            return .print(screenText)
        case .help:
            return .print("Commands:\n\(ScriptCommand.referenceText)\n")
        case .quit:
            return .quit
        }
        return .proceed(showScreen: true)
    }

    private func visibleScreen() throws(CommandFailure) -> AnyScreen {
        guard let screen = tabBar.visibleScreen else { throw CommandFailure("no screen is shown yet") }
        return screen
    }

    /// Sends events to the visible screen, one after the other; the coordinator of its stack
    /// carries out the navigation each asks for: one step of work, paced.
    private func send(_ events: ScreenEvent<RowKey>...) async {
        await pacer.step {
            for event in events {
                let stack = self.tabBar.current
                guard let screen = stack.topScreen, let navigation = await screen.handle(event) else { continue }
                await stack.route(navigation)
            }
        }
    }

    private func textField() throws(CommandFailure) -> ScreenRow<RowKey> {
        let rows = try visibleScreen().content.interactiveRows
        guard let field = rows.first(where: { if case .textField = $0.element { true } else { false } }) else {
            throw CommandFailure("this screen has no text field to type into")
        }
        guard field.isEnabled else { throw CommandFailure(RowLookup.lockedMessage(field)) }
        return field
    }

    private func row(_ reference: String) throws(CommandFailure) -> ScreenRow<RowKey> {
        let content = try visibleScreen().content
        let row = try RowLookup.find(reference, numbered: content.numberedRows, named: content.interactiveRows)
        guard row.isEnabled else { throw CommandFailure(RowLookup.lockedMessage(row)) }
        return row
    }
}

/// A command that could not be carried out, in words for the person who wrote it.
public struct CommandFailure: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Finds the row a script names, by number or by label.
enum RowLookup {
    /// A number picks the n-th numbered row. Text picks the row whose label equals it
    /// (any case), else the only row whose label contains it, among every interactive row.
    static func find(_ reference: String, numbered rows: [ScreenRow<RowKey>], named: [ScreenRow<RowKey>]) throws(CommandFailure)
        -> ScreenRow<RowKey>
    {
        let numbered = Array(zip(1..., rows))
        if let number = Int(reference) {
            guard rows.indices.contains(number - 1) else {
                throw CommandFailure("there is no row \(number); this screen has \(rows.count) numbered rows\(listing(numbered))")
            }
            return rows[number - 1]
        }
        // Every interactive row in reading order, with its number (0 for text fields).
        var number = 0
        let labelled = named.map { row in
            if row.isNumbered { number += 1 }
            return (row.isNumbered ? number : 0, row)
        }
        let wanted = reference.lowercased()
        if let exact = named.first(where: { $0.label.lowercased() == wanted }) { return exact }
        let partial = labelled.filter { $0.1.label.lowercased().contains(wanted) }
        switch partial.count {
        case 1: return partial[0].1
        case 0: throw CommandFailure("no row is labelled “\(reference)”\(listing(labelled))")
        default: throw CommandFailure("“\(reference)” matches several rows; be more precise or use a number\(listing(partial))")
        }
    }

    static func lockedMessage(_ row: ScreenRow<RowKey>) -> String {
        "“\(row.label)” is locked" + (row.note.map { ": \($0)" } ?? "")
    }

    /// Rows as the screen shows them; number 0 stands for an unnumbered text field.
    private static func listing(_ rows: [(Int, ScreenRow<RowKey>)]) -> String {
        rows.isEmpty ? "" : ":\n" + rows.map { "  [\($0.0 == 0 ? "✎" : String($0.0))] \($0.1.label)" }.joined(separator: "\n")
    }
}

/// The plain text of a whole session: tab bar and breadcrumb over the visible screen. Every
/// text in it is made safe for one terminal line (`TerminalText`), so a value cannot add a line
/// that looks like the runner's own, nor drive the terminal.
///
/// With a width, every line is wrapped to it (`Paragraph`), under its lead: the header's lines
/// under `Tabs: ` and `Path: `, the screen's as the full screen wraps them.
enum SessionText {
    @MainActor
    static func render(_ tabBar: TabBar, width: Int? = nil) -> String {
        var header: [Paragraph] = []
        if let banner = tabBar.notices.banner { header.append(Paragraph("! ", TerminalText.safe(banner))) }
        if tabBar.tabs.count > 1 {
            header.append(
                Paragraph(
                    "Tabs: ",
                    tabBar.tabs.enumerated().map { index, tab in
                        let title = TerminalText.safe(tab.title)
                        return index == tabBar.selectedIndex ? "[\(title)]" : title
                    }.joined(separator: " | ")))
        }
        let path = tabBar.current.path.map { TerminalText.safe($0) }
        if path.count > 1 { header.append(Paragraph("Path: ", path.joined(separator: " › "))) }
        let body: String
        if let content = tabBar.visibleScreen?.content {
            body = width.map { content.wrappedText(width: $0) } ?? content.safeForTerminal.plainText()
        } else {
            body = "(nothing to show yet)\n"
        }
        let lines = header.flatMap { $0.lines(width: width ?? .max) }
        return lines.isEmpty ? body : lines.joined(separator: "\n") + "\n" + body
    }
}
