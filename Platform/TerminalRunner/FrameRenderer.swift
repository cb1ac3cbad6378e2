import Core

/// Everything one frame of the full-screen UI shows, as plain values.
public struct FrameInput: Sendable {
    public var rows: Int
    public var columns: Int
    public var tabs: [String]
    public var selectedTab: Int
    /// The breadcrumb: titles of the tab's stack, root first.
    public var path: [String]
    /// Nil before the first screen is shown.
    public var content: ScreenContent?
    public var focusedRow: ScreenRow.ID?
    /// The first body line shown, as last drawn; moved if needed to show the focused row.
    public var scrollOffset: Int
    public var canGoBack: Bool
    /// Advances while the screen is loading.
    public var spinnerFrame: Int
    public var showsHelp: Bool
    /// A message from the runner ("“Export” is locked: Premium"); wins over the screen's notice.
    public var message: String?
    /// A condition that lasts ("Not saving: …"), drawn under the breadcrumb in place of the rule.
    public var banner: String?

    public init(
        rows: Int, columns: Int, tabs: [String], selectedTab: Int = 0, path: [String] = [], content: ScreenContent?,
        focusedRow: ScreenRow.ID? = nil, scrollOffset: Int = 0, canGoBack: Bool = false,
        spinnerFrame: Int = 0, showsHelp: Bool = false, message: String? = nil, banner: String? = nil
    ) {
        self.rows = rows
        self.columns = columns
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.path = path
        self.content = content
        self.focusedRow = focusedRow
        self.scrollOffset = scrollOffset
        self.canGoBack = canGoBack
        self.spinnerFrame = spinnerFrame
        self.showsHelp = showsHelp
        self.message = message
        self.banner = banner
    }
}

/// A laid-out frame: exactly `rows` lines, none wider than `columns`.
public struct Frame: Equatable, Sendable {
    public var lines: [StyledLine]
    /// The first body line shown; the session keeps it for the next frame.
    public var scrollOffset: Int
    /// How many body lines fit between the header and the footer.
    public var bodyHeight: Int

    /// The lines without styles: what the person reads.
    public var text: [String] { lines.map { $0.text } }

    /// The lines as terminal output, with or without SGR sequences.
    public func rendered(colour: Bool) -> [String] { lines.map { $0.rendered(colour: colour) } }
}

/// Lays out the full-screen UI: a header (tab bar, breadcrumb, rule or banner), the screen's body
/// scrolled to keep the focused row visible, a status line (message, notice or scroll
/// position) and a footer of key hints for the focused row. Pure: same input, same frame.
public enum FrameRenderer {
    /// Lines above and below the body: tab bar, breadcrumb, rule / status line, key hints.
    static let headerHeight = 3
    static let footerHeight = 2

    public static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// How many body lines fit in a terminal this many rows high.
    public static func bodyHeight(rows: Int) -> Int { max(1, rows - headerHeight - footerHeight) }

    public static func render(_ input: FrameInput) -> Frame {
        let width = max(1, input.columns)
        let height = max(1, input.rows)
        let bodyHeight = bodyHeight(rows: height)

        let body: [StyledLine]
        var focusLine: Int?
        if input.showsHelp {
            body = helpLines()
        } else if let content = input.content {
            let laidOut = Body(content, focusedRow: input.focusedRow, spinnerFrame: input.spinnerFrame, width: width)
            body = laidOut.lines
            focusLine = input.focusedRow.flatMap { laidOut.rowLines[$0] }
        } else {
            body = [StyledLine("\(spinner[abs(input.spinnerFrame) % spinner.count]) Starting…", .dim)]
        }

        let movement = FocusMovement(rowLines: focusLine.map { [$0] } ?? [], lineCount: body.count, height: bodyHeight)
        let scroll = movement.reveal(Viewport(focus: focusLine == nil ? nil : 0, top: input.scrollOffset)).top
        let visible = body.dropFirst(scroll).prefix(bodyHeight)

        // Every line is cut to the width as it is made (fitting twice changes nothing); the
        // rule is made exactly as wide.
        let underHeader =
            input.banner.map { StyledLine("! \($0.clipped(toWidth: width))", [.bold, .red, .reverse]).fitted(to: width, padded: true) }
            ?? rule(width: width)
        var lines: [StyledLine] = [
            tabBar(input, width: width).fitted(to: width), breadcrumb(input, width: width).fitted(to: width), underHeader,
        ]
        for (offset, line) in visible.enumerated() {
            let isFocused = focusLine == scroll + offset
            lines.append(line.fitted(to: width, padded: isFocused))
        }
        lines += Array(repeating: StyledLine([]), count: bodyHeight - visible.count)
        lines.append(statusLine(input, scroll: scroll, shown: visible.count, total: body.count, width: width).fitted(to: width))
        lines.append(StyledLine(keyHints(input).joined(separator: "  "), .dim).fitted(to: width))

        // A terminal too short for header and footer shows the top of the frame.
        return Frame(lines: Array(lines.prefix(height)), scrollOffset: scroll, bodyHeight: bodyHeight)
    }

    // MARK: - Header

    /// Every tab, the selected one in brackets (and bold reverse); the others are padded to
    /// the same width, so titles never shift when the selection moves.
    static func tabBar(_ input: FrameInput, width: Int = .max) -> StyledLine {
        var spans: [Span] = []
        for (index, title) in input.tabs.lazy.map({ $0.clipped(toWidth: width) }).enumerated() {
            if index > 0 { spans.append(Span(" ")) }
            spans.append(index == input.selectedTab ? Span("[\(title)]", [.bold, .reverse]) : Span(" \(title) "))
        }
        return StyledLine(spans)
    }

    static func breadcrumb(_ input: FrameInput, width: Int = .max) -> StyledLine {
        guard let last = input.path.last else { return StyledLine([]) }
        let parents = input.path.dropLast().map { "\($0.clipped(toWidth: width)) › " }.joined()
        return StyledLine([Span(parents.clipped(toWidth: width)), Span(last.clipped(toWidth: width), .bold)])
    }

    static func rule(width: Int) -> StyledLine {
        StyledLine(String(repeating: "─", count: width), .dim)
    }

    // MARK: - Body

    static func helpLines() -> [StyledLine] {
        let width = KeyBindings.help.map(\.keys.count).max() ?? 0
        return [StyledLine("# Keys", .bold), ""]
            + KeyBindings.help.map { StyledLine("  \($0.keys.padded(toWidth: width))  \($0.meaning)") }
            + ["", StyledLine("Press any key to close this help.", .dim)]
    }

    // MARK: - Footer

    /// The runner's message, else the screen's notice, else a rule showing the scroll position.
    static func statusLine(_ input: FrameInput, scroll: Int, shown: Int, total: Int, width: Int) -> StyledLine {
        if let message = input.message { return StyledLine("! \(message.clipped(toWidth: width))", .bold) }
        if !input.showsHelp, let notice = input.content?.notice { return StyledLine("* \(notice.clipped(toWidth: width))", .bold) }
        guard total > shown else { return rule(width: width) }
        let position = " \(scroll + 1)–\(scroll + shown) of \(total) "
        let dashes = max(0, width - position.count - 2)
        return StyledLine(String(repeating: "─", count: dashes) + position + "──", .dim)
    }

    /// What the keys do here, most specific first: the focused row's keys, then the rest.
    public static func keyHints(_ input: FrameInput) -> [String] {
        if input.showsHelp { return ["any key: close help", "q quit"] }
        var hints: [String] = []
        let focused = input.focusedRow.flatMap { input.content?.row(id: $0) }
        var isEditing = false
        if let focused {
            if !focused.isEnabled {
                hints.append("locked" + (focused.note.map { ": \($0)" } ?? ""))
            } else {
                switch focused.element {
                case .link: hints.append("Enter open")
                case .button: hints.append("Enter press")
                case .toggle: hints.append("Space toggle")
                case .picker: hints.append("Enter/←→ change")
                case .textField:
                    isEditing = true
                    hints.append("type to edit")
                    hints.append("Enter submit")
                    hints.append("Esc leave field")
                case .text: break
                }
                if focused.isDeletable { hints.append("d delete") }
            }
        }
        if case .failed(let failure) = input.content?.status, failure.canRetry, !isEditing { hints.append("r retry") }
        hints.append("↑↓ move")
        if input.canGoBack, !isEditing { hints.append("Esc back") }
        if input.tabs.count > 1 { hints.append("Tab next tab") }
        if !isEditing {
            let hasTextField =
                input.content?.sections.contains { section in
                    section.rows.contains { if case .textField = $0.element { true } else { false } }
                } ?? false
            if hasTextField {
                hints.append("/ search")
            }
            hints.append("? help")
            hints.append("q quit")
        }
        return hints
    }
}

/// The screen's body as lines, laid out like `ScreenContent.plainText(focusedRow:)` (same
/// numbers, same `[✎]` marks, same `>`) with styles, the typing cursor in the focused field,
/// a spinner while loading and "r retry" on errors. The notice is not here: the status line
/// shows it, so it is seen however far the body is scrolled.
///
/// Every text is cut to `width` characters before a line is made of it (a focused field keeps
/// its end, where the cursor is), so laying out a frame takes the same time however long a
/// title or a field is.
public struct Body: Sendable {
    public var lines: [StyledLine] = []
    /// The line of every interactive row.
    public var rowLines: [ScreenRow.ID: Int] = [:]

    public init(_ content: ScreenContent, focusedRow: ScreenRow.ID? = nil, spinnerFrame: Int = 0, width: Int = .max) {
        func clip(_ text: String) -> String { text.clipped(toWidth: width) }
        lines.append(StyledLine("# \(clip(content.title))", .bold))
        var number = 0
        // A section with no rows shows nothing, as in plain text: a heading with nothing under it
        // would read as the heading of whatever follows.
        for section in content.sections where !section.rows.isEmpty {
            lines.append("")
            if let title = section.title { lines.append(StyledLine("## \(clip(title))", .bold)) }
            for row in section.rows {
                let isFocused = row.id == focusedRow
                let label: String
                if row.isNumbered {
                    number += 1
                    label = "[\(number)]"
                } else if row.isInteractive {
                    label = "[✎]"
                } else {
                    label = "   "
                }
                var text = row.mappingTexts(clip).plainText
                if isFocused, row.isEnabled, case .textField(let fieldLabel, let fieldText, _) = row.element {
                    // The field being typed into: the end of its text and a cursor, even when empty.
                    let start = ">\(label) \(clip(fieldLabel)): "
                    let room = width == .max ? .max : max(1, width - start.count - 1)
                    text = "\(clip(fieldLabel)): \(fieldText.clippedFromStart(toWidth: room))▏"
                }
                var style: TextStyle = row.isEnabled ? [] : .dim
                if isFocused { style.insert(.reverse) }
                if row.isInteractive { rowLines[row.id] = lines.count }
                lines.append(StyledLine("\(isFocused ? ">" : " ")\(label) \(text)", style))
            }
        }
        switch content.status {
        case .ready:
            break
        case .loading(let message):
            let spinner = FrameRenderer.spinner
            lines.append("")
            lines.append(StyledLine("\(spinner[abs(spinnerFrame) % spinner.count]) \(clip(message))"))
        case .empty(let message):
            lines.append("")
            lines.append(StyledLine("(empty) \(clip(message))", .dim))
        case .failed(let failure):
            lines.append("")
            lines.append(StyledLine("! \(clip(failure.message))", [.bold, .red]))
            if let recovery = failure.recovery { lines.append(StyledLine("  \(clip(recovery))")) }
            if failure.canRetry { lines.append(StyledLine("  r retry", .bold)) }
        }
    }

    /// The lines of the interactive rows, in reading order: what `FocusMovement` moves over.
    public func lines(of rows: [ScreenRow]) -> [Int] {
        rows.map { rowLines[$0.id] ?? 0 }
    }
}
