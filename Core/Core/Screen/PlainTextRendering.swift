extension ScreenContent {
    /// The screen as plain text: deterministic (no width, no colour, no clock), so it is
    /// what scripts `expect` and snapshot tests compare. Rows that can be selected are
    /// numbered `[n]` in reading order, text fields are marked `[✎]`; `focusedRow` is marked with `>`.
    public func plainText(focusedRow: Row? = nil) -> String {
        var lines = ["# \(title)"]
        var number = 0
        // A section with no rows shows nothing: "## New" with nothing under it would read as the
        // heading of the next section's rows. A translator that wants to say why a section is empty
        // gives it a row saying so.
        for section in sections where !section.rows.isEmpty {
            lines.append("")
            if let title = section.title { lines.append("## \(title)") }
            for row in section.rows {
                let marker = row.id == focusedRow ? ">" : " "
                if row.isNumbered {
                    number += 1
                    lines.append("\(marker)[\(number)] \(row.plainText)")
                } else if row.isInteractive {
                    lines.append("\(marker)[✎] \(row.plainText)")
                } else {
                    lines.append("\(marker)    \(row.plainText)")
                }
            }
        }
        if let statusText = status.plainText {
            lines.append("")
            lines.append(contentsOf: statusText)
        }
        if let notice {
            lines.append("")
            lines.append("* \(notice)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ScreenRow {
    /// The row's text without its number: the element, then detail and note.
    public var plainText: String {
        var text = element.plainText
        if let detail { text += " · \(detail)" }
        if !isEnabled { text += " (locked\(note.map { ": \($0)" } ?? ""))" } else if let note { text += " (\(note))" }
        return text
    }
}

extension ScreenElement {
    public var plainText: String {
        switch self {
        case .text(let text):
            return text
        case .link(let title, let subtitle):
            return subtitle.map { "\(title) — \($0)" } ?? title
        case .button(let label):
            return "<\(label)>"
        case .textField(let label, let text, let placeholder):
            return text.isEmpty ? "\(label): [\(placeholder)]" : "\(label): \"\(text)\""
        case .toggle(let label, let isOn):
            return "\(isOn ? "[x]" : "[ ]") \(label)"
        case .picker(let label, let options, let selected):
            let choice = options.indices.contains(selected) ? options[selected] : "?"
            return "\(label): ‹\(choice)› of \(options.joined(separator: " | "))"
        }
    }
}

extension ScreenStatus {
    /// Lines for loading, empty and error states; nil when ready.
    public var plainText: [String]? {
        switch self {
        case .ready:
            return nil
        case .loading(let message):
            return ["… \(message)"]
        case .empty(let message):
            return ["(empty) \(message)"]
        case .failed(let failure):
            var lines = ["! \(failure.message)"]
            if let recovery = failure.recovery { lines.append("  \(recovery)") }
            if failure.canRetry { lines.append("  (retry to try again)") }
            return lines
        }
    }
}
