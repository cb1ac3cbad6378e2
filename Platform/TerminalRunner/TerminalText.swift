import Core

/// The one step between text and the terminal. Recipe titles from a web API or a dataset,
/// deep-link values, typed text and file names all pass through it before they are drawn, so
/// no text can move the cursor, clear the screen, set the window title, write to the
/// clipboard (OSC 52) or reorder what is shown: only the runner writes escape sequences.
///
/// - C0 controls and DEL become their visible pictures (`␛`, `␀`, `␡` …): `ESC]0;x` shows
///   as `␛]0;x`; a tab becomes a space; a line break becomes `␤` unless line breaks are kept.
/// - C1 controls (U+0080–U+009F, which some terminals obey as 8-bit escapes: U+009B is CSI)
///   and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069:
///   they reorder the rest of the line, "Trojan Source") become `�`.
/// - Invisible characters that show nothing but make different texts look the same (zero-width
///   space, word joiner, BOM, the direction marks) are dropped; they would also throw off
///   width counting (a character counted, no column taken). Joiners inside emoji stay.
public enum TerminalText {
    /// `text` safe to show: on one line, or keeping its line breaks (output written line by line).
    public static func safe(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Printable ASCII needs nothing (most text): no walk through the scalars.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 <= 0x7E) || (keepingLineBreaks && $0 == 0x0A) }) { return text }
        guard text.unicodeScalars.contains(where: { replacement(for: $0, keepingLineBreaks: keepingLineBreaks) != nil }) else {
            return text
        }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = replacement(for: scalar, keepingLineBreaks: keepingLineBreaks) {
                safe.append(contentsOf: replacement.unicodeScalars)
            } else {
                safe.append(scalar)
            }
        }
        return String(safe)
    }

    /// What a scalar is shown as; nil when it is shown as itself.
    private static func replacement(for scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> String? {
        switch scalar.value {
        case 0x0A: keepingLineBreaks ? nil : "␤"
        case 0x09: " "
        case 0x00...0x1F: String(Character(Unicode.Scalar(0x2400 + scalar.value) ?? "�"))
        case 0x7F: "␡"
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: "�"
        case 0x2028, 0x2029: keepingLineBreaks ? "\n" : "␤"
        case 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2060...0x2064, 0xFEFF: ""
        default: nil
        }
    }
}

extension ScreenContent {
    /// The content with every text a screen shows made safe for one terminal line, for the
    /// plain-text rendering (the full screen makes each drawn span safe as it is made).
    var safeForTerminal: ScreenContent {
        func safe(_ text: String) -> String { TerminalText.safe(text) }
        var content = self
        content.title = safe(title)
        content.notice = notice.map(safe)
        content.status = status.safeForTerminal
        for sectionIndex in content.sections.indices {
            content.sections[sectionIndex].title = content.sections[sectionIndex].title.map(safe)
            for rowIndex in content.sections[sectionIndex].rows.indices {
                content.sections[sectionIndex].rows[rowIndex] = content.sections[sectionIndex].rows[rowIndex].mappingTexts(safe)
            }
        }
        return content
    }
}

extension ScreenRow {
    /// The row with `transform` applied to every text it shows: its element's, detail and note.
    func mappingTexts(_ transform: (String) -> String) -> ScreenRow {
        var row = self
        row.detail = detail.map(transform)
        row.note = note.map(transform)
        row.element =
            switch element {
            case .text(let text): .text(transform(text))
            case .link(let title, let subtitle): .link(title: transform(title), subtitle: subtitle.map(transform))
            case .button(let label): .button(transform(label))
            case .textField(let label, let text, let placeholder):
                .textField(label: transform(label), text: transform(text), placeholder: transform(placeholder))
            case .toggle(let label, let isOn): .toggle(label: transform(label), isOn: isOn)
            case .picker(let label, let options, let selected):
                .picker(label: transform(label), options: options.map(transform), selected: selected)
            }
        return row
    }
}

extension ScreenStatus {
    fileprivate var safeForTerminal: ScreenStatus {
        switch self {
        case .ready: .ready
        case .loading(let message): .loading(TerminalText.safe(message))
        case .empty(let message): .empty(TerminalText.safe(message))
        case .failed(let failure):
            .failed(
                ScreenFailure(
                    message: TerminalText.safe(failure.message), recovery: failure.recovery.map { TerminalText.safe($0) },
                    canRetry: failure.canRetry))
        }
    }
}

extension String {
    /// The text followed by spaces up to `width` columns, for help columns that line up.
    public func padded(toWidth width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
    }
}
