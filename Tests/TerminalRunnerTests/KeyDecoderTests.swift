import TerminalRunner
import Testing

@Suite("KeyDecoder: bytes from a raw-mode terminal to keys")
struct KeyDecoderTests {
    func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.flush()
    }

    @Test("printable ASCII and space are characters")
    func ascii() {
        #expect(
            keys("q j/?1 ~") == [
                .character("q"), .character(" "), .character("j"), .character("/"), .character("?"), .character("1"), .character(" "),
                .character("~"),
            ])
    }

    @Test("control bytes: Enter (CR or LF), Tab, Backspace (DEL or BS), Ctrl-C, other Ctrl-letters")
    func controls() {
        #expect(
            keys("\r\n\t\u{7F}\u{08}\u{03}\u{0C}\u{15}") == [
                .enter, .enter, .tab, .backspace, .backspace, .interrupt, .control("l"), .control("u"),
            ])
    }

    @Test(
        "arrows in both cursor modes, with or without modifiers",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .down),
        ])
    func arrows(bytes: String, key: Key) {
        #expect(keys(bytes) == [key])
    }

    @Test(
        "editing keys and Shift-Tab",
        arguments: [
            ("\u{1B}[3~", Key.delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
            ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            ("\u{1B}[Z", .backTab), ("\u{1B}[15~", .unknown), ("\u{1B}[200~", .unknown),
        ])
    func editingKeys(bytes: String, key: Key) {
        #expect(keys(bytes) == [key])
    }

    @Test("UTF-8 text is one key per character")
    func unicode() {
        #expect(keys("é日🍛") == [.character("é"), .character("日"), .character("🍛")])
    }

    @Test("sequences and characters split across chunks are put back together")
    func splitChunks() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.decode(Array("[".utf8)) == [])
        #expect(decoder.decode(Array("Bx".utf8)) == [.down, .character("x")])
        #expect(!decoder.hasPending)

        let curry = Array("🍛".utf8)
        #expect(decoder.decode(curry.prefix(2)) == [])
        #expect(decoder.decode(curry.dropFirst(2)) == [.character("🍛")])
    }

    @Test("a lone ESC waits: more bytes make a sequence, silence (flush) makes it Escape")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.flush() == [])
    }

    @Test("ESC before another key is Escape then that key (Esc pressed quickly, or Alt+key)")
    func escapeThenKey() {
        #expect(keys("\u{1B}q") == [.escape, .character("q")])
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    @Test("several keys in one chunk, as pasted or typed fast")
    func manyKeysInOneChunk() {
        #expect(
            keys("curry\r\u{1B}[B\r") == [
                .character("c"), .character("u"), .character("r"), .character("r"), .character("y"), .enter, .down, .enter,
            ])
    }

    @Test("invalid UTF-8 is skipped, the rest still decodes")
    func invalidBytes() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xFF, 0x80, UInt8(ascii: "a"), 0xC3, UInt8(ascii: "b")]) == [.character("a"), .character("b")])
    }

    @Test("a C1 control sent as UTF-8 (U+009B is CSI) is not a typed character")
    func c1Controls() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xC2, 0x9B, UInt8(ascii: "2"), 0xC2, 0x85, 0xC2, 0xA0]) == [.character("2"), .character("\u{A0}")])
    }

    @Test("an unfinished sequence at the end is dropped on flush, after an Escape")
    func unfinishedSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)) == [])
        #expect(decoder.flush() == [.escape])
    }

    @Test("an endless run of sequence parameters is no key: it is dropped after 32 bytes, not read again with every chunk")
    func endlessParameters() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        keys += decoder.decode(Array("\u{1B}[".utf8))
        for _ in 0..<1_000 { keys += decoder.decode(Array("1;".utf8)) }
        #expect(!decoder.hasPending || keys.contains(.unknown))
        keys += decoder.decode(Array("A".utf8))
        #expect(keys.first == .unknown)
        #expect(keys.filter { $0 == .unknown }.count == 1, "one unknown key for the sequence, then its parameters as typed text")
        #expect(keys.last == .character("A"))
    }
}
