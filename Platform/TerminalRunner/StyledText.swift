/// How a piece of text is drawn. The full-screen UI uses few: bold for titles and the
/// selected tab, reverse for the focused row, dim for rules and locked rows, red for errors.
public struct TextStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1 << 0)
    public static let dim = TextStyle(rawValue: 1 << 1)
    public static let reverse = TextStyle(rawValue: 1 << 2)
    public static let red = TextStyle(rawValue: 1 << 3)

    /// The SGR parameters, in a fixed order.
    var sgrParameters: [String] {
        var codes: [String] = []
        if contains(.bold) { codes.append("1") }
        if contains(.dim) { codes.append("2") }
        if contains(.reverse) { codes.append("7") }
        if contains(.red) { codes.append("31") }
        return codes
    }
}

/// A run of text in one style. Its text is safe for the terminal (`TerminalText`): every
/// line of the full screen is made of spans, so nothing drawn can carry an escape sequence.
public struct Span: Hashable, Sendable {
    public private(set) var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = []) {
        self.text = TerminalText.safe(text)
        self.style = style
    }

    /// A span of text already made safe (`Paragraph.lines` makes what it lays out safe): not
    /// read a second time.
    init(safe text: String, _ style: TextStyle = []) {
        self.text = text
        self.style = style
    }
}

/// One line of the screen: spans, never wider than the terminal once `fitted(to:)`.
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral {
    public var spans: [Span]

    public init(_ spans: [Span]) { self.spans = spans }
    public init(_ text: String, _ style: TextStyle = []) { self.init([Span(text, style)]) }
    /// A line of a wrapped paragraph, already safe for the terminal.
    init(safe text: String, _ style: TextStyle = []) { self.init([Span(safe: text, style)]) }
    public init(stringLiteral text: String) { self.init(text) }

    /// The characters shown, without styles: what tests and `expect` compare.
    public var text: String {
        guard spans.count != 1 else { return spans[0].text }
        var text = ""
        for span in spans { text += span.text }
        return text
    }

    /// Cut to `width` columns, ending with "…" when something was cut; `padded` fills the rest
    /// with spaces in the last span's style (a full-width bar for reverse video). Widths are
    /// display widths (`DisplayWidth`): a wide letter or an emoji takes two columns. The full
    /// screen wraps text before it makes lines of it; this is the edge no line may pass (the UI
    /// also turns the terminal's autowrap off).
    public func fitted(to width: Int, padded: Bool = false) -> StyledLine {
        let width = max(0, width)
        if !padded {
            // No more bytes than columns, so no more columns than that: nothing to cut (and this
            // costs no walk through the text, which a wide window redrawn per key adds up to).
            var bytes = 0
            var hasEmptySpan = false
            for span in spans {
                bytes += span.text.utf8.count
                hasEmptySpan = hasEmptySpan || span.text.isEmpty
            }
            if bytes <= width { return hasEmptySpan ? StyledLine(spans.filter { !$0.text.isEmpty }) : self }
        }
        var remaining = width
        var fitted: [Span] = []
        // Measuring walks the text (grapheme breaking): measure each span once.
        let widths = spans.map { $0.text.displayWidth }
        let cut = widths.reduce(0, +) > width
        for (span, spanWidth) in zip(spans, widths) where remaining > 0 {
            if !cut || spanWidth < remaining {
                fitted.append(span)
                remaining -= spanWidth
            } else {
                // This span reaches the edge of a line that is too long: end it with "…".
                let head = span.text.prefix(columns: remaining - 1)
                fitted.append(Span(String(head.text) + "…", span.style))
                remaining -= head.width + 1
                break
            }
        }
        if padded, remaining > 0 {
            fitted.append(Span(String(repeating: " ", count: remaining), fitted.last?.style ?? []))
        }
        return StyledLine(fitted.filter { !$0.text.isEmpty })
    }

    /// The line as terminal output: with SGR sequences when `colour` is on, plain otherwise.
    public func rendered(colour: Bool) -> String {
        guard colour else { return text }
        return spans.map { span in
            let codes = span.style.sgrParameters
            return codes.isEmpty ? span.text : "\u{1B}[\(codes.joined(separator: ";"))m\(span.text)\u{1B}[0m"
        }.joined()
    }
}

extension StringProtocol {
    /// The longest start of the text at most `columns` wide, and its width. It reads no further
    /// than the first character past that.
    func prefix(columns: Int) -> (text: SubSequence, width: Int) {
        var width = 0
        var end = startIndex
        while end < endIndex {
            let next = width + DisplayWidth.of(self[end])
            if next > columns { break }
            width = next
            end = index(after: end)
        }
        return (self[startIndex..<end], width)
    }

    /// The longest end of the text at most `columns` wide, and its width.
    func suffix(columns: Int) -> (text: SubSequence, width: Int) {
        var width = 0
        var start = endIndex
        while start > startIndex {
            let before = index(before: start)
            let next = width + DisplayWidth.of(self[before])
            if next > columns { break }
            width = next
            start = before
        }
        return (self[start..<endIndex], width)
    }
}

extension String {
    /// At most `width` columns, ending with "…" when cut. It reads no more than `width + 1`
    /// characters, so cutting a text of megabytes costs what cutting a short one does.
    func clipped(toWidth width: Int) -> String {
        guard width < .max, utf8.count > width else { return self }
        let whole = prefix(columns: width)
        guard whole.text.endIndex < endIndex else { return self }
        return width <= 1 ? String(whole.text) : String(prefix(columns: width - 1).text) + "…"
    }

    /// At most `width` columns of the end, starting with "…" when cut: a field being typed
    /// into shows where the typing is.
    func clippedFromStart(toWidth width: Int) -> String {
        guard width < .max, utf8.count > width else { return self }
        let whole = suffix(columns: width)
        guard whole.text.startIndex > startIndex else { return self }
        return width <= 1 ? String(whole.text) : "…" + String(suffix(columns: width - 1).text)
    }
}

/// Whether to use colour and text attributes, from the environment: `NO_COLOR` with any
/// non-empty value turns them off (https://no-color.org), and so does a `TERM` that is
/// unset, empty or `dumb`.
public enum ColorSupport {
    public static func isEnabled(environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }
}
