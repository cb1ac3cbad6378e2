import Core

/// Breaks text into lines no wider than a number of terminal columns, at spaces, and around East
/// Asian wide letters (which are written without spaces: a line may end after any of them). A
/// separator between words (`|`, `·`, `—`) ends a line rather than starting one. A word wider than
/// a whole line (a URL) is broken at the edge rather than left to run over it.
/// Widths are display widths (`DisplayWidth`): 日本 takes four columns, `é` one however it is
/// spelt.
///
/// One pass over the text: each character is measured once (twice in a word that is broken at
/// the edge), so wrapping costs time in proportion to the text's length, whatever the width.
enum TextWrap {
    /// The lines of `text` when the first has `first` columns of room and every other `rest`: at
    /// most `maxLines`, the last ending with "…" when the text says more (or `isCut`: it is the
    /// start of a longer text). Spaces where a line
    /// breaks are dropped; spaces the text starts with are kept (they indent it). Always at least
    /// one line. It stops reading once `maxLines` are full.
    static func lines(_ text: String, first: Int, rest: Int, maxLines: Int = .max, isCut: Bool = false) -> [String] {
        var breaker = Breaker(room: max(1, first), nextRoom: max(1, rest), maxLines: max(1, maxLines))
        // The word being read is text[wordStart..<index], after `gap` spaces.
        var wordStart = text.startIndex
        var wordWidth = 0
        var gap = 0
        // The last words, held back until the next shows whether it is to be kept with them: `last`
        // is the last of them as written.
        var held: (words: String, width: Int, gap: Int, last: String)?
        func flush(upTo end: String.Index) {
            if wordStart < end {
                let word = String(text[wordStart..<end])
                if let previous = held, gap > 0,
                    separators.contains(word)
                        || (keepsWithNext(previous.last) && !(isQuantity(previous.last) && isQuantity(word))
                            && previous.width + gap + wordWidth <= 16)
                {
                    // "Any | Breakfast", "Curry — Aiko": the line breaks after the separator, never
                    // before; "45 min", "½ apple", "≤ 300 kcal": a number stays with what it counts.
                    held = (
                        previous.words + String(repeating: " ", count: gap) + word, previous.width + gap + wordWidth, previous.gap, word
                    )
                } else {
                    if let previous = held { breaker.add(previous.words, width: previous.width, afterSpaces: previous.gap) }
                    held = (word, wordWidth, gap, word)
                }
                gap = 0
            }
            wordStart = end
            wordWidth = 0
        }
        // What came before the character, where no space did.
        var afterWide = false
        var afterOpening = false
        let utf8 = text.utf8
        var index = text.startIndex
        while index < text.endIndex, !breaker.isFull {
            // An ASCII byte followed by another (or the end) is a whole character: most text is read
            // a byte at a time, and only other characters are told apart by grapheme breaking.
            let byte = utf8[index]
            let next: String.Index
            let character: Character?
            if byte < 0x80, utf8.index(after: index) == text.endIndex || utf8[utf8.index(after: index)] < 0x80 {
                next = utf8.index(after: index)
                character = nil
            } else {
                next = text.index(after: index)
                character = text[index]
            }
            if character == nil ? byte == UInt8(ascii: " ") : character == " " {
                flush(upTo: index)
                gap += 1
                wordStart = next
                afterWide = false
                afterOpening = false
                index = next
                continue
            }
            guard let character else {
                if afterWide, !afterOpening { flush(upTo: index) }
                wordWidth += 1
                afterWide = false
                afterOpening = false
                index = next
                continue
            }
            let width = DisplayWidth.of(character)
            let isWide = width == 2 && DisplayWidth.isWide(character)
            // A line may break before and after a wide letter (it is a word of its own), but not
            // before closing punctuation (、。」) nor after opening punctuation (「（).
            if isWide || afterWide, !closing.contains(character), !afterOpening { flush(upTo: index) }
            wordWidth += width
            afterWide = isWide
            afterOpening = opening.contains(character)
            index = next
        }
        flush(upTo: index)
        if let last = held { breaker.add(last.words, width: last.width, afterSpaces: last.gap) }
        return breaker.finish(isCut: isCut)
    }

    /// The lines being made: words are added whole where they fit, else on the next line.
    private struct Breaker {
        var lines: [String] = []
        var line = ""
        var width = 0
        var room: Int
        let nextRoom: Int
        let maxLines: Int
        /// Set when the text needs a line past `maxLines`: the rest is left out.
        private(set) var isFull = false

        init(room: Int, nextRoom: Int, maxLines: Int) {
            self.room = room
            self.nextRoom = nextRoom
            self.maxLines = maxLines
        }

        mutating func add(_ word: String, width wordWidth: Int, afterSpaces spaces: Int) {
            guard !isFull else { return }
            // Spaces the text starts with indent it; spaces after a break are dropped.
            let gap = line.isEmpty && !lines.isEmpty ? 0 : spaces
            if width + gap + wordWidth <= room {
                line += String(repeating: " ", count: gap) + word
                width += gap + wordWidth
                return
            }
            if wordWidth <= nextRoom || width + gap >= room {
                // On a line of its own, where it fits whole (or starts at the edge).
                if width > 0 { breakLine() }
                guard !isFull else { return }
                if wordWidth <= room {
                    line = word
                    width = wordWidth
                    return
                }
            } else {
                // Wider than any line (a URL): it starts here and is broken at the edge.
                line += String(repeating: " ", count: gap)
                width += gap
            }
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if width > 0, width + characterWidth > room { breakLine() }
                guard !isFull else { return }
                line.append(character)
                width += characterWidth
            }
        }

        mutating func breakLine() {
            guard lines.count + 1 < maxLines else {
                isFull = true
                return
            }
            lines.append(line)
            line = ""
            width = 0
            room = nextRoom
        }

        func finish(isCut: Bool) -> [String] {
            guard isFull || isCut else { return lines + [line] }
            return lines + [TextWrap.ellipsized(line, room: room)]
        }
    }

    /// The line ending with "…", cut to leave it room.
    static func ellipsized(_ line: String, room: Int) -> String {
        line.displayWidth < room ? line + "…" : String(line.prefix(columns: max(0, room - 1)).text) + "…"
    }

    /// The columns a text's own bullet or number takes (`• `, `- `, `12. `, `3) `): its lines
    /// after the first hang under the text that follows it. 0 when it has none.
    static func bulletWidth(_ text: some StringProtocol) -> Int {
        var digits = 0
        for (offset, character) in text.prefix(5).enumerated() {
            if offset == 0, bullets.contains(character) {
                return text.dropFirst().first == " " ? 1 + DisplayWidth.of(character) : 0
            }
            if character.isASCII, character.isNumber {
                digits += 1
                continue
            }
            guard digits > 0, character == "." || character == ")" else { return 0 }
            return text.dropFirst(offset + 1).first == " " ? offset + 2 : 0
        }
        return 0
    }

    private static let bullets: Set<Character> = ["•", "-", "*", "–", "·", "‣", "◦"]
    /// Words that separate the words around them (`Any | Breakfast`, `45 min · 720 kcal`): a line
    /// ends with one rather than starting with it.
    private static let separators: Set<String> = ["|", "·", "—", "–", "-", "›", "/", "•"]
    /// Whether a word is a number (`45`, `1.5`, `½`, `1/2`).
    static func isQuantity(_ word: String) -> Bool {
        word.utf8.count <= 8 && word.unicodeScalars.allSatisfy { quantityScalars.contains($0) }
            && word.unicodeScalars.contains { $0.properties.numericType != nil }
    }

    private static let quantityScalars = Set("0123456789.,/½⅓⅔¼¾⅛".unicodeScalars)

    /// Whether a word stays on the line of the word after it: a number, or a mark that qualifies
    /// the number after it (`≤ 300`, `~ 20`).
    static func keepsWithNext(_ word: String) -> Bool {
        isQuantity(word) || ["≤", "≥", "<", ">", "~", "±", "≈"].contains(word)
    }

    /// Wide punctuation no line starts with, and wide punctuation no line ends with.
    private static let closing: Set<Character> = ["、", "。", "，", "．", "：", "；", "？", "！", "）", "」", "』", "】", "〕", "〉", "》", "ー", "・"]
    private static let opening: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《"]
}

/// A paragraph of a screen as the terminal shows it: a lead (the row's number or mark, `# `,
/// `! `) and its text, in one style. Its lines after the first hang under the text, past the lead
/// and the text's own bullet or number, so a wrapped step reads as one step.
struct Paragraph: Equatable {
    var lead: String
    var text: String
    var style: TextStyle = []
    /// The row it shows, for focus; nil for titles, statuses and blank lines.
    var row: RowKey? = nil
    /// A text field keeps one line (cut at the edge): it is where typing goes, not text to read.
    var wraps = true

    init(_ lead: String, _ text: String = "", _ style: TextStyle = [], row: RowKey? = nil, wraps: Bool = true) {
        self.lead = lead
        self.text = text
        self.style = style
        self.row = row
        self.wraps = wraps
    }

    /// A blank line between parts of the screen.
    static let blank = Paragraph("")

    /// The most lines a paragraph takes: a text longer than that (a title of megabytes from a web
    /// API) shows its start, ending with "…", and costs no more to lay out than that start.
    static let maximumLines = 200

    /// Its lines at `width` columns, at most `maxLines`; one line, whole, when `width` is
    /// `Int.max` (no width asked). The text is made safe for the terminal (`TerminalText`).
    func lines(width: Int, maxLines: Int = Paragraph.maximumLines) -> [String] {
        guard width < .max else { return [lead + TerminalText.safe(text)] }
        guard wraps else { return [(lead + TerminalText.safe(text.clipped(toWidth: width))).clipped(toWidth: width)] }
        let leadWidth = lead.displayWidth
        // No more columns than bytes (nor once made safe): a text that short fits as it is, unmeasured.
        if text.utf8.count <= width - leadWidth { return [lead + TerminalText.safe(text)] }
        // The hanging indent leaves at least half the line to the text.
        let hanging = min(leadWidth + TextWrap.bulletWidth(text), width / 2)
        // No line holds more characters than columns: what is past that many is never shown, and
        // is not read (nor made safe).
        let limit = maxLines * max(1, width)
        var shown = text
        var isCut = false
        if text.utf8.count > limit {
            let head = text.prefix(limit + 1)
            isCut = head.count > limit
            shown = String(head.prefix(limit))
        }
        let wrapped = TextWrap.lines(
            TerminalText.safe(shown), first: width - leadWidth, rest: width - hanging, maxLines: maxLines, isCut: isCut)
        let indent = String(repeating: " ", count: hanging)
        return wrapped.enumerated().map { index, line in index == 0 ? lead + line : indent + line }
    }
}
