import Core

/// A screen's content as paragraphs, laid out as `ScreenContent.plainText(focusedRow:)` lays it
/// out (the same numbers, `[✎]` marks and `>`), so that the full screen and script mode at a width
/// wrap the very text script mode prints. Every text is made safe for the terminal
/// (`TerminalText`) as it is laid out (`Paragraph.lines`), before it is measured.
enum ScreenParagraphs {
    enum Face: Equatable {
        /// What script mode prints: `… loading`, `(retry to try again)`, the notice last.
        case plain
        /// The full screen's body: a spinner, `r retry`, styles; the notice is on the status
        /// line, and the focused field shows the end of its text and the cursor.
        case fullScreen(spinnerFrame: Int)
    }

    static func make(_ content: ScreenContent<RowKey>, focusedRow: RowKey? = nil, face: Face, width: Int = .max) -> [Paragraph] {
        func safe(_ text: String) -> String { TerminalText.safe(text) }
        let isFullScreen = face != .plain
        var paragraphs = [Paragraph("# ", content.title, .bold)]
        var number = 0
        // A section with no rows shows nothing, as in plain text: a heading with nothing under it
        // would read as the heading of whatever follows.
        for section in content.sections where !section.rows.isEmpty {
            paragraphs.append(.blank)
            if let title = section.title { paragraphs.append(Paragraph("## ", title, .bold)) }
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
                let lead = "\(isFocused ? ">" : " ")\(label) "
                let text: String
                let isField: Bool
                if case .textField(let fieldLabel, let fieldText, _) = row.element {
                    // A field keeps one line, so only what fits of it is read: typing into a long
                    // text costs what typing into a short one does.
                    isField = true
                    if isFullScreen, isFocused, row.isEnabled {
                        // The field being typed into: the end of its text and a cursor, even when empty.
                        let label = safe(fieldLabel.clipped(toWidth: width))
                        let room = width == .max ? .max : max(1, width - "\(lead)\(label): ".displayWidth - 1)
                        text = "\(label): \(safe(fieldText.clippedFromStart(toWidth: room)))▏"
                    } else {
                        text = row.mappingTexts { safe($0.clipped(toWidth: width)) }.plainText
                    }
                } else {
                    isField = false
                    text = row.plainText
                }
                var style: TextStyle = row.isEnabled ? [] : .dim
                if isFocused, isFullScreen { style.insert(.reverse) }
                paragraphs.append(Paragraph(lead, text, style, row: row.isInteractive ? row.id : nil, wraps: !isField))
            }
        }
        paragraphs += status(content.status, face: face)
        if !isFullScreen, let notice = content.notice {
            paragraphs += [.blank, Paragraph("* ", notice)]
        }
        return paragraphs
    }

    private static func status(_ status: ScreenStatus, face: Face) -> [Paragraph] {
        switch (status, face) {
        case (.ready, _):
            return []
        case (.loading(let message), .plain):
            return [.blank, Paragraph("… ", message)]
        case (.loading(let message), .fullScreen(let frame)):
            let spinner = FrameRenderer.spinner
            return [.blank, Paragraph("\(spinner[abs(frame) % spinner.count]) ", message)]
        case (.empty(let message), _):
            return [.blank, Paragraph("(empty) ", message, face == .plain ? [] : .dim)]
        case (.failed(let failure), _):
            var paragraphs = [Paragraph.blank, Paragraph("! ", failure.message, face == .plain ? [] : [.bold, .red])]
            if let recovery = failure.recovery { paragraphs.append(Paragraph("  ", recovery)) }
            if failure.canRetry {
                paragraphs.append(face == .plain ? Paragraph("  ", "(retry to try again)") : Paragraph("  ", "r retry", .bold))
            }
            return paragraphs
        }
    }
}

extension ScreenContent<RowKey> {
    /// The screen as script mode prints it, wrapped to `width` columns: what a script that asked
    /// for a width (`--width`, `width N`) sees. At `Int.max` it is `plainText()` made safe for
    /// the terminal, line for line.
    func wrappedText(width: Int) -> String {
        ScreenParagraphs.make(self, face: .plain, width: width).flatMap { $0.lines(width: width) }.joined(separator: "\n") + "\n"
    }
}

/// The screen's body as lines: its paragraphs (`ScreenParagraphs`) wrapped to the width, with
/// styles, the typing cursor in the focused field, a spinner while loading and "r retry" on
/// errors. The notice is not here: the status line shows it, so it is seen however far the body is
/// scrolled.
public struct Body: Sendable {
    public var lines: [StyledLine] = []
    /// The first line of every interactive row.
    public var rowLines: [RowKey: Int] = [:]
    /// How many lines each interactive row takes once wrapped.
    public var rowHeights: [RowKey: Int] = [:]

    public init(_ content: ScreenContent<RowKey>, focusedRow: RowKey? = nil, spinnerFrame: Int = 0, width: Int = .max) {
        for paragraph in ScreenParagraphs.make(content, focusedRow: focusedRow, face: .fullScreen(spinnerFrame: spinnerFrame), width: width)
        {
            let start = lines.count
            for line in paragraph.lines(width: width) { lines.append(StyledLine(safe: line, paragraph.style)) }
            if let row = paragraph.row {
                rowLines[row] = start
                rowHeights[row] = lines.count - start
            }
        }
    }

    /// The lines of the interactive rows, in reading order: what `FocusMovement` moves over.
    public func lines(of rows: [ScreenRow<RowKey>]) -> [Int] {
        rows.map { rowLines[$0.id] ?? 0 }
    }

    /// How many lines each of the rows takes, in the same order.
    public func heights(of rows: [ScreenRow<RowKey>]) -> [Int] {
        rows.map { rowHeights[$0.id] ?? 1 }
    }
}
