import Core
import Testing

@testable import TerminalRunner

@Suite("TextWrap and DisplayWidth: lines at word boundaries, measured in terminal columns")
struct TextWrapTests {
    func wrap(_ text: String, _ width: Int, maxLines: Int = .max) -> [String] {
        TextWrap.lines(text, first: width, rest: width, maxLines: maxLines)
    }

    @Test("words wrap at spaces; no line is wider than the room; every word is kept, in order")
    func words() {
        let text = "Pour in the water, bring to a boil, skim off the foam and simmer for 20 minutes until the vegetables are tender."
        let lines = wrap(text, 30)
        #expect(
            lines == [
                "Pour in the water, bring to a", "boil, skim off the foam and", "simmer for 20 minutes until",
                "the vegetables are tender.",
            ])
        #expect(lines.joined(separator: " ") == text)
        #expect(wrap("short", 30) == ["short"])
        #expect(wrap("", 30) == [""])
    }

    @Test("the first line may have less room than the others (it holds the row's number)")
    func firstLine() {
        #expect(TextWrap.lines("one two three four", first: 8, rest: 14) == ["one two", "three four"])
    }

    @Test("spaces the text starts with are kept; runs of spaces inside a line stay; spaces at a break go")
    func spaces() {
        #expect(wrap("  indented text", 40) == ["  indented text"])
        #expect(wrap("a  b", 40) == ["a  b"])
        #expect(wrap("aaaa     bbbb", 6) == ["aaaa", "bbbb"])
        #expect(wrap("trailing   ", 40) == ["trailing"])
    }

    @Test("a separator between words ends a line rather than starting one")
    func separators() {
        #expect(wrap("Any | Breakfast | Main course", 12) == ["Any |", "Breakfast |", "Main course"])
        #expect(wrap("Curry Rice — Aiko Tanaka · 45 min", 14) == ["Curry Rice —", "Aiko Tanaka ·", "45 min"])
        #expect(wrap("| leading", 40) == ["| leading"], "a text may start with one")
    }

    @Test("a number stays on the line of the word it counts")
    func quantities() {
        #expect(wrap("simmer for 20 minutes", 14) == ["simmer for", "20 minutes"])
        #expect(wrap("Curry · 45 min · 620 kcal", 12) == ["Curry ·", "45 min ·", "620 kcal"])
        #expect(wrap("add ½ apple, grated", 10) == ["add", "½ apple,", "grated"])
        #expect(wrap("2 3 4 5 6", 4) == ["2 3", "4 5", "6"], "numbers in a row are not one word")
        #expect(wrap("Any | ≤ 300 kcal | ≤ 500 kcal", 14) == ["Any |", "≤ 300 kcal |", "≤ 500 kcal"])
    }

    @Test("a word wider than a line (a URL) starts where it is and is broken at the edge, never past it")
    func longWords() {
        let url = "https://example.com/recipes/curry-rice/with/a/long/path"
        let lines = wrap("See \(url) for more", 20)
        #expect(lines == ["See https://example.", "com/recipes/curry-ri", "ce/with/a/long/path", "for more"])
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(wrap("Supercalifragilistic", 8) == ["Supercal", "ifragili", "stic"])
    }

    @Test("a word that fits a line of its own goes to the next line rather than being broken")
    func wholeWords() {
        #expect(wrap("a wonderful", 8) == ["a wonder", "ful"], "wider than any line: broken where it starts")
        #expect(wrap("tiny extraordinary", 13) == ["tiny", "extraordinary"])
    }

    @Test("CJK text breaks between letters by their two columns; no line starts with 、 or 。 nor ends with 「")
    func cjk() {
        let lines = wrap("ご飯を炊きます。豚肉を一口大に切ります。", 10)
        #expect(lines.allSatisfy { $0.displayWidth <= 10 })
        #expect(lines == ["ご飯を炊き", "ます。豚肉", "を一口大に", "切ります。"])
        #expect(wrap("あいうえ。お", 8) == ["あいう", "え。お"], "。 stays with the letter before it")
        #expect(wrap("あい「うえ」", 6) == ["あい", "「う", "え」"], "「 stays with the letter after it")
        #expect(wrap("Curry カレー rice", 9) == ["Curry カ", "レー rice"])
    }

    @Test("emoji take two columns and combining accents none; a grapheme is never split")
    func widths() {
        #expect("🍛".displayWidth == 2)
        #expect("👍🏽".displayWidth == 2)
        #expect("👨‍👩‍👧".displayWidth == 2)
        #expect("🇯🇵".displayWidth == 2)
        #expect("❤️".displayWidth == 2, "a text symbol shown as a picture (U+FE0F)")
        #expect("❤".displayWidth == 1)
        #expect("e\u{301}".displayWidth == 1)
        #expect("Crème Brûlée".displayWidth == 12)
        #expect("日本語".displayWidth == 6)
        #expect("한국어".displayWidth == 6)
        #expect("ＡＢ".displayWidth == 4)
        #expect("½ apple".displayWidth == 7)
        let lines = wrap("🍛🍛🍛🍛🍛 e\u{301}e\u{301}e\u{301}", 6)
        #expect(lines == ["🍛🍛🍛", "🍛🍛", "e\u{301}e\u{301}e\u{301}"])
    }

    @Test("at most maxLines: the last ends with “…” and the rest is not read")
    func maximumLines() {
        let lines = wrap(String(repeating: "word ", count: 1000), 12, maxLines: 3)
        #expect(lines == ["word word", "word word", "word word…"])
        #expect(wrap("one two", 12, maxLines: 1) == ["one two"], "a text that fits says nothing more")
        #expect(wrap("one two three", 9, maxLines: 1) == ["one two…"])
    }

    @Test("a text's own bullet or number sets its hanging indent")
    func bullets() {
        #expect(TextWrap.bulletWidth("• 400 g pork") == 2)
        #expect(TextWrap.bulletWidth("5. Pour in the water") == 3)
        #expect(TextWrap.bulletWidth("12) Serve") == 4)
        #expect(TextWrap.bulletWidth("- a dash") == 2)
        #expect(TextWrap.bulletWidth("2 eggs") == 0)
        #expect(TextWrap.bulletWidth("3.5 kg flour") == 0)
        #expect(TextWrap.bulletWidth("-5 °C") == 0)
        #expect(TextWrap.bulletWidth("Curry") == 0)
    }

    @Test("a paragraph's lines hang under its text, past its lead and its bullet or number")
    func paragraph() {
        let step = Paragraph("     ", "5. Pour in the water, bring to a boil, skim off the foam.")
        #expect(step.lines(width: 30) == ["     5. Pour in the water,", "        bring to a boil, skim", "        off the foam."])
        let row = Paragraph(" [12] ", "Chickpea and Spinach Curry — Priya Sharma · 40 min")
        #expect(row.lines(width: 30) == [" [12] Chickpea and Spinach", "      Curry — Priya Sharma ·", "      40 min"])
        #expect(Paragraph("# ", "Title").lines(width: .max) == ["# Title"], "no width: one line")
        let field = Paragraph(" [✎] ", "Search: \"a very long query indeed\"", wraps: false)
        #expect(field.lines(width: 20) == [" [✎] Search: \"a ver…"], "a field keeps one line")
    }

    @Test("a paragraph is made safe for the terminal before it is measured")
    func safety() {
        #expect(Paragraph("* ", "bad\u{1B}[2Jtext\u{200B}here").lines(width: 40) == ["* bad␛[2Jtexthere"])
    }

    @Test("time grows with the text's length, not faster: sixteen times the text, not 256 times the time")
    func linear() {
        let words = ["simmer", "カレー", "🍛", "https://example.com/a/very/long/path/indeed", "e\u{301}", "until", "tender."]
        func text(_ count: Int) -> String { (0..<count).map { words[$0 % words.count] }.joined(separator: " ") }
        let small = text(5_000)
        let large = text(80_000)
        let clock = ContinuousClock()
        func wrap(_ text: String) -> Duration { clock.measure { _ = TextWrap.lines(text, first: 40, rest: 34) } }
        _ = wrap(small)
        // The two sizes take turns, and each keeps its fastest run: a machine busy with other tests
        // (CI runs them in parallel on two cores) slows both alike, not one of them.
        var fastestSmall = Duration.seconds(Int64.max)
        var fastestLarge = Duration.seconds(Int64.max)
        for _ in 0..<5 {
            fastestSmall = min(fastestSmall, wrap(small))
            fastestLarge = min(fastestLarge, wrap(large))
        }
        let ratio = fastestLarge / fastestSmall
        // Linear work takes about 16 times as long and quadratic 256 times; a loaded machine has
        // been seen to double the ratio, which the margin allows.
        #expect(ratio < 64, "wrapping 16× the text took \(ratio)× the time")
    }
}
