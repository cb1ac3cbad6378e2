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
    public var content: ScreenContent<RowKey>?
    public var focusedRow: RowKey?
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
        rows: Int, columns: Int, tabs: [String], selectedTab: Int = 0, path: [String] = [], content: ScreenContent<RowKey>?,
        focusedRow: RowKey? = nil, scrollOffset: Int = 0, canGoBack: Bool = false,
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
    /// The index of the first body line: the header's height, which grows with a wrapped tab bar
    /// or banner.
    public var bodyTop: Int

    /// The lines without styles: what the person reads.
    public var text: [String] { lines.map { $0.text } }

    /// The lines as terminal output, with or without SGR sequences.
    public func rendered(colour: Bool) -> [String] { lines.map { $0.rendered(colour: colour) } }
}

/// Lays out the full-screen UI: a header (tab bar, breadcrumb, rule or banner), the screen's body
/// wrapped to the window's width and scrolled to keep the focused row visible, a status area
/// (message, notice or scroll position) and a line of key hints for the focused row. Pure: same
/// input, same frame.
public enum FrameRenderer {
    public static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// How many body lines fit between the header and the status area of this frame: the window's
    /// rows less the header's and the status area's, which grow with a long banner or notice.
    public static func bodyHeight(_ input: FrameInput) -> Int {
        let width = max(1, input.columns)
        let height = max(1, input.rows)
        let header = header(input, width: width, height: height).count
        let status = statusText(input).map { statusLines($0, width: width, height: height, header: header).count } ?? 1
        return max(1, height - header - status - 1)
    }

    public static func render(_ input: FrameInput) -> Frame {
        let width = max(1, input.columns)
        let height = max(1, input.rows)
        let header = header(input, width: width, height: height)
        let status = statusText(input).map { statusLines($0, width: width, height: height, header: header.count) }
        let bodyHeight = max(1, height - header.count - (status?.count ?? 1) - 1)

        let body: [StyledLine]
        var focus: (line: Int, height: Int)?
        if input.showsHelp {
            body = helpLines(width: width)
        } else if let content = input.content {
            let laidOut = Body(content, focusedRow: input.focusedRow, spinnerFrame: input.spinnerFrame, width: width)
            body = laidOut.lines
            focus = input.focusedRow.flatMap { row in laidOut.rowLines[row].map { ($0, laidOut.rowHeights[row] ?? 1) } }
        } else {
            body = [StyledLine("\(spinner[abs(input.spinnerFrame) % spinner.count]) Starting…", .dim)]
        }

        let movement = FocusMovement(
            rowLines: focus.map { [$0.line] } ?? [], rowHeights: focus.map { [$0.height] } ?? [], lineCount: body.count, height: bodyHeight)
        let scroll = movement.reveal(Viewport(focus: focus == nil ? nil : 0, top: input.scrollOffset)).top
        let visible = body.dropFirst(scroll).prefix(bodyHeight)

        // Every line is cut to the width as it is made (fitting twice changes nothing); rules are
        // made exactly as wide, and the focused row is a bar across the window, all its lines.
        var lines = header
        for (offset, line) in visible.enumerated() {
            let isFocused = focus.map { (scroll + offset) >= $0.line && (scroll + offset) < $0.line + $0.height } ?? false
            lines.append(line.fitted(to: width, padded: isFocused))
        }
        lines += Array(repeating: StyledLine([]), count: bodyHeight - visible.count)
        lines += status ?? [position(scroll: scroll, shown: visible.count, total: body.count, width: width)]
        lines.append(StyledLine(fittingHints(keyHints(input), width: width), .dim).fitted(to: width))

        // A terminal too short for header and footer shows the top of the frame.
        return Frame(lines: Array(lines.prefix(height)), scrollOffset: scroll, bodyHeight: bodyHeight, bodyTop: header.count)
    }

    // MARK: - Header

    /// The tab bar, the breadcrumb, and under them a rule or the banner, wrapped (at most a
    /// quarter of the window: a banner that says more ends with "…").
    static func header(_ input: FrameInput, width: Int, height: Int) -> [StyledLine] {
        let underHeader =
            input.banner.map { banner in
                Paragraph("! ", banner).lines(width: width, maxLines: max(1, height / 4))
                    .map { StyledLine($0, [.bold, .red, .reverse]).fitted(to: width, padded: true) }
            } ?? [rule(width: width)]
        return tabBar(input, width: width).map { $0.fitted(to: width) } + [breadcrumb(input, width: width).fitted(to: width)]
            + underHeader
    }

    /// Every tab, the selected one in brackets (and bold reverse); the others are padded to the
    /// same width, so titles never shift when the selection moves. When that is wider than the
    /// window the padding goes, and tabs that still do not fit go on the next line.
    static func tabBar(_ input: FrameInput, width: Int = .max) -> [StyledLine] {
        let titles = input.tabs.map { $0.clipped(toWidth: max(1, width - 2)) }
        func tab(_ index: Int, padded: Bool) -> Span {
            index == input.selectedTab
                ? Span("[\(titles[index])]", [.bold, .reverse]) : Span(padded ? " \(titles[index]) " : titles[index])
        }
        var spans: [Span] = []
        for index in titles.indices {
            if index > 0 { spans.append(Span(" ")) }
            spans.append(tab(index, padded: true))
        }
        let line = StyledLine(spans)
        guard width < .max, line.text.displayWidth > width else { return [line] }
        var lines: [StyledLine] = []
        var current: [Span] = []
        var used = 0
        for index in titles.indices {
            let span = tab(index, padded: false)
            let spanWidth = span.text.displayWidth
            if !current.isEmpty, used + 1 + spanWidth > width {
                lines.append(StyledLine(current))
                current = []
                used = 0
            }
            if !current.isEmpty {
                current.append(Span(" "))
                used += 1
            }
            current.append(span)
            used += spanWidth
        }
        return lines + [StyledLine(current)]
    }

    /// The titles of the tab's stack on one line, the last in bold. When they do not fit, the
    /// earliest give way first: `… › Curry Rice`.
    static func breadcrumb(_ input: FrameInput, width: Int = .max) -> StyledLine {
        guard let last = input.path.last else { return StyledLine([]) }
        let current = last.clipped(toWidth: width)
        let parents = input.path.dropLast().map { "\($0.clipped(toWidth: width)) › " }
        // The nearest parents that fit beside the current title, "… › " for the ones before them;
        // a current title too long for even that is cut to leave "… › " room.
        for kept in stride(from: parents.count, through: 0, by: -1) {
            let text = (kept < parents.count ? "… › " : "") + parents.suffix(kept).joined()
            if width == .max || text.displayWidth + current.displayWidth <= width {
                return StyledLine([Span(text), Span(current, .bold)])
            }
        }
        return StyledLine([Span("… › "), Span(last.clipped(toWidth: max(1, width - 4)), .bold)])
    }

    static func rule(width: Int) -> StyledLine {
        StyledLine(String(repeating: "─", count: width), .dim)
    }

    // MARK: - Body

    /// The key map, wrapped: the meanings in a column beside the keys when the window leaves them
    /// room, else each under its keys.
    static func helpLines(width: Int = .max) -> [StyledLine] {
        let keysWidth = KeyBindings.help.map(\.keys.displayWidth).max() ?? 0
        let isTable = width == .max || width - keysWidth - 4 >= 28
        var lines: [StyledLine] = [StyledLine("# Keys", .bold), ""]
        for binding in KeyBindings.help {
            if isTable {
                lines += Paragraph("  \(binding.keys.padded(toWidth: keysWidth))  ", binding.meaning).lines(width: width).map {
                    StyledLine($0)
                }
            } else {
                lines.append(StyledLine("  \(binding.keys)", .bold))
                lines += Paragraph("      ", binding.meaning).lines(width: width).map { StyledLine($0) }
            }
        }
        return lines + [""]
            + Paragraph("", "↑↓ and PgUp PgDn scroll this help; any other key closes it.").lines(width: width).map {
                StyledLine($0, .dim)
            }
    }

    // MARK: - Footer

    /// The runner's message, else the screen's notice: what the status area says, with its lead.
    static func statusText(_ input: FrameInput) -> (lead: String, text: String)? {
        if let message = input.message { return ("! ", message) }
        if !input.showsHelp, let notice = input.content?.notice { return ("* ", notice) }
        return nil
    }

    /// The status text wrapped, in bold: at most a third of the rows the header leaves, the last
    /// ending with "…" when it says more.
    static func statusLines(_ status: (lead: String, text: String), width: Int, height: Int, header: Int) -> [StyledLine] {
        let room = max(1, (height - header - 1) / 3)
        return Paragraph(status.lead, status.text).lines(width: width, maxLines: room).map { StyledLine($0, .bold).fitted(to: width) }
    }

    /// A rule showing the scroll position when the body is longer than the window.
    static func position(scroll: Int, shown: Int, total: Int, width: Int) -> StyledLine {
        guard total > shown else { return rule(width: width) }
        let position = " \(scroll + 1)–\(scroll + shown) of \(total) "
        let dashes = max(0, width - position.count - 2)
        return StyledLine(String(repeating: "─", count: dashes) + position + "──", .dim).fitted(to: width)
    }

    /// The hints that fit the width whole, most specific first (one that does not fit is left
    /// out); `? help`, which lists them all, is kept at the end.
    static func fittingHints(_ hints: [String], width: Int) -> String {
        let joined = hints.joined(separator: "  ")
        guard joined.displayWidth > width else { return joined }
        let help = hints.last { $0 == "? help" }
        let others = hints.filter { $0 != "? help" }
        var shown: [String] = []
        var used = help.map { $0.displayWidth + 2 } ?? 0
        for hint in others {
            guard used + hint.displayWidth + (shown.isEmpty ? 0 : 2) <= width else { continue }
            used += hint.displayWidth + (shown.isEmpty ? 0 : 2)
            shown.append(hint)
        }
        return (shown + (help.map { [$0] } ?? [])).joined(separator: "  ")
    }

    /// What the keys do here, most specific first: the focused row's keys, then the rest.
    public static func keyHints(_ input: FrameInput) -> [String] {
        if input.showsHelp { return ["↑↓ scroll", "any other key closes", "q quit"] }
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
