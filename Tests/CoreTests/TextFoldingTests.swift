import Core
import CoreTesting
import Testing

@testable import Core

@Suite("Text folding: the one normalisation of search")
struct TextFoldingTests {
    @Test(
        "case, accents, width, ligatures and invisible characters fold away",
        arguments: [
            ("Crème Brûlée", "creme brulee"),
            ("CAFÉ", "cafe"),
            ("Cafe\u{0301}", "cafe"),
            ("Ｃａｆｅ　ＴＯＦＵ", "cafe tofu"),
            ("ﬂour", "flour"),
            ("Straße", "strasse"),
            ("Straw\u{200B}berry", "strawberry"),
            ("short\u{00AD}cake", "shortcake"),
            ("Phở Bò", "pho bo"),
            ("ΣΟΦΟΣ σοφος", "σοφοσ σοφοσ"),
            ("İstanbul", "istanbul"),
            ("½ tsp", "1⁄2 tsp"),
            ("ｶﾚｰ", "カレー"),
        ])
    func folds(_ text: String, _ folded: String) {
        #expect(TextFolding.folded(text) == folded)
    }

    @Test("Hangul syllables decompose into their letters, so half a syllable is the start of one")
    func hangul() {
        #expect(TextFolding.folded("밥").unicodeScalars.map(\.value) == [0x1107, 0x1161, 0x11B8])
        #expect(TextFolding.folded("비빔밥").unicodeScalars.starts(with: TextFolding.folded("비비").unicodeScalars))
    }

    @Test("words are the runs of letters and digits; what is folded away joins the letters around it")
    func words() {
        #expect(TextFolding.words(in: "  Stir-fry (½ cup), cook's  \t TOFU!") == ["stir", "fry", "1", "2", "cup", "cook", "s", "tofu"])
        #expect(TextFolding.words(in: "Ca\u{200B}fé") == ["cafe"])
        #expect(TextFolding.words(in: "m² 10kg") == ["m2", "10kg"])
        // A vowel sign (a spacing mark) stays in its word.
        #expect(TextFolding.words(in: "का खा") == ["का", "खा"])
        #expect(TextFolding.words(in: "??? — …").isEmpty)
    }

    @Test("ASCII text is split byte by byte into the words the general folding gives")
    func asciiWords() {
        let ascii = (0..<128).compactMap { Unicode.Scalar($0) }.map { String(Character($0)) }
        for first in ascii {
            for second in ascii {
                let text = "A" + first + "b" + second + "9"
                #expect(TextFolding.asciiWords(in: text) == TextFolding.foldedWords(in: text), "\(Array(text.utf8))")
            }
        }
        #expect(TextFolding.words(in: "Crème brulee") == TextFolding.foldedWords(in: "Crème brulee"))
    }

    @Test("blank is nothing but white space and what folds away")
    func blank() {
        #expect(TextFolding.isBlank(""))
        #expect(TextFolding.isBlank(" \t\n\u{3000}"))
        #expect(TextFolding.isBlank("\u{200B}\u{00AD} \u{FEFF}"))
        #expect(!TextFolding.isBlank("?"))
        #expect(!TextFolding.isBlank(" a "))
    }

    @Test("folding twice changes nothing, for every scalar: a folded query meets a folded index")
    func foldingIsStable() {
        var unstable: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let once = TextFolding.folded(String(Character(scalar)))
            if TextFolding.folded(once) != once { unstable.append(String(value, radix: 16)) }
        }
        #expect(unstable.isEmpty, "folds again: \(unstable.prefix(20))")
    }

    @Test("what a folded word holds never splits it again, for every scalar")
    func foldedWordsStayWhole() {
        var split: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let words = TextFolding.words(in: "a" + String(Character(scalar)) + "b")
            guard words.count == 1, let word = words.first else { continue }
            if TextFolding.words(in: word) != [word] { split.append(String(value, radix: 16)) }
        }
        #expect(split.isEmpty, "\(split.prefix(20))")
    }

    @Test("the generated table reads back: ranges, several scalars, nothing")
    func table() {
        let table = TextFolding.parseTable("C0-C2:61 DF:73.73\n  200B: nonsense FFFF-FFFE:61")
        #expect(table[0xC1] == ["a"])
        #expect(table[0xDF] == ["s", "s"])
        #expect(table[0x200B] == [])
        #expect(table.count == 5)
        #expect(TextFolding.table.count > 9_000)
    }
}
