/// How many terminal columns text takes: a character of East Asian wide or fullwidth letters
/// (日本, 한국, ＡＢ) and an emoji shown as a picture (🍛, ❤️, 🇯🇵) take two, a combining mark
/// takes none (it is part of its letter's character: `e` + U+0301 is one column), everything
/// else one. Terminals follow the same rule (`wcwidth`), so a line measured here is the width
/// it is drawn at.
enum DisplayWidth {
    /// The columns one character takes: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        // A text-style symbol asked to show as a picture (U+FE0F): ❤️, ☺️, 1️⃣.
        if properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// Whether a character is an East Asian wide or fullwidth letter: text in such letters is
    /// written without spaces, and a line may break before or after any of them.
    static func isWide(_ character: Character) -> Bool {
        guard !character.isASCII, let first = character.unicodeScalars.first else { return false }
        return isWide(first.value)
    }

    /// East Asian wide and fullwidth letters (Unicode's EastAsianWidth W and F), the ranges
    /// `wcwidth` gives two columns; emoji are told by their properties above.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Sorted and disjoint, for the binary search.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo leading consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut
        0x1B000...0x1B2FF,  // Kana supplement and extensions, Nüshu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B–F
        0x30000...0x3FFFD,  // CJK extensions G–H
    ]
}

extension StringProtocol {
    /// The columns the text takes at a terminal (see `DisplayWidth`).
    var displayWidth: Int {
        // No more columns than bytes (a two-column character is three or four UTF-8 bytes), and
        // ASCII is one column a byte: no walk through the characters for most text.
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.count }
        var width = 0
        for character in self { width += DisplayWidth.of(character) }
        return width
    }
}
