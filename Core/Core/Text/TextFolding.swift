/// Text as search compares it: compatibility-decomposed (NFKD: "ﬁ" is "fi", "Ｃａｆｅ" is
/// "Cafe", "½" is "1⁄2"), case-folded ("Straße" is "strasse"), without accents and other
/// combining marks, and without invisible format characters (a zero-width space, a soft hyphen).
/// "Crème Brûlée", "CREME BRULEE" and "cre\u{200B}me brulee" all fold to "creme brulee".
///
/// The one normalisation of the workspace: what a keyword query looks for and what it is looked
/// for in are folded by it, on every backend (SQLite stores its words and searches them with its
/// full-text index), so the two sides cannot disagree. Each scalar folds on its own, so the fold
/// of a text is the folds of its scalars, in order; the table of what each scalar folds to is
/// generated from Foundation's Unicode data by `Tools/workspace folding`.
public enum TextFolding {
    /// `text` folded; everything that is not folded away stays, spaces and punctuation too.
    public static func folded(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            forEachFolded(scalar) { result.append($0) }
        }
        return String(result)
    }

    /// The folded words of `text`, in order: the runs of letters, digits and spacing marks
    /// between everything else (spaces, punctuation, symbols). "Stir-fry (½ cup)" is
    /// `["stir", "fry", "1", "2", "cup"]`; a character folded away joins the letters around it
    /// ("Ca\u{200B}fe" is `["cafe"]`).
    public static func words(in text: String) -> [String] {
        text.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(in: text) : foldedWords(in: text)
    }

    /// `words(in:)` of ASCII text, byte by byte: most recipes are ASCII, and folding them is the
    /// first search's work over every recipe.
    static func asciiWords(in text: String) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 0x20)
            default:
                guard !word.isEmpty else { continue }
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// `words(in:)` of any text, scalar by scalar.
    static func foldedWords(in text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            forEachFolded(scalar) { folded in
                if isWordScalar(folded) {
                    word.append(folded)
                } else if !word.isEmpty {
                    words.append(String(word))
                    word = String.UnicodeScalarView()
                }
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// Whether `text` shows nothing: only white space and characters folded away (format
    /// characters, combining marks on nothing).
    public static func isBlank(_ text: String) -> Bool {
        var blank = true
        for scalar in text.unicodeScalars where blank {
            forEachFolded(scalar) { folded in
                if !folded.properties.isWhitespace { blank = false }
            }
        }
        return blank
    }

    /// Whether a folded scalar belongs to a word: a letter, a digit or other number, a private
    /// use character or a spacing mark (the vowel signs of Indic scripts). Everything else
    /// separates words.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
            .otherNumber, .privateUse, .spacingMark:
            return true
        default:
            return false
        }
    }

    /// Calls `body` with what `scalar` folds to: nothing, itself, or other scalars.
    @inline(__always)
    static func forEachFolded(_ scalar: Unicode.Scalar, _ body: (Unicode.Scalar) -> Void) {
        let value = scalar.value
        if value < 0x80 {
            // ASCII, most of every recipe: only capitals change.
            body(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
        } else if Hangul.syllables.contains(value) {
            Hangul.decompose(value, body)
        } else if let folded = table[value] {
            folded.forEach(body)
        } else {
            body(scalar)
        }
    }

    /// What each scalar that changes folds to (nothing, for one folded away), read once from
    /// the generated `tableSource`.
    static let table: [UInt32: [Unicode.Scalar]] = parseTable(tableSource)

    /// Reads the generated table: entries `FROM:TO` or `FIRST-LAST:TO` (every scalar of the range
    /// folds to the same), hexadecimal, `TO` being scalars joined by `.`, empty for nothing.
    static func parseTable(_ source: String) -> [UInt32: [Unicode.Scalar]] {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(12_000)
        for entry in source.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let colon = entry.firstIndex(of: ":") else { continue }
            let range = entry[..<colon].split(separator: "-").compactMap { UInt32($0, radix: 16) }
            let target = entry[entry.index(after: colon)...].split(separator: ".").compactMap {
                UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
            }
            guard let first = range.first, let last = range.last, first <= last else { continue }
            for value in first...last { table[value] = target }
        }
        return table
    }

    /// Hangul syllables decompose by arithmetic, not by table (Unicode's algorithm): each is a
    /// leading consonant, a vowel and perhaps a trailing consonant.
    enum Hangul {
        static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3
        private static let vowelCount: UInt32 = 21
        private static let trailingCount: UInt32 = 28

        static func decompose(_ value: UInt32, _ body: (Unicode.Scalar) -> Void) {
            let index = value - syllables.lowerBound
            let leading = 0x1100 + index / (vowelCount * trailingCount)
            let vowel = 0x1161 + (index % (vowelCount * trailingCount)) / trailingCount
            let trailing = index % trailingCount
            for part in [leading, vowel, 0x11A7 + trailing] where part != 0x11A7 {
                if let scalar = Unicode.Scalar(part) { body(scalar) }
            }
        }
    }
}
