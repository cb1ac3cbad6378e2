import TerminalRunner
import Testing

@Suite("StyledLine and ColorSupport")
struct StyledTextTests {
    @Test("fitting cuts by columns (wide letters and emoji take two) and ends a cut line with …")
    func fitted() {
        #expect(StyledLine("Curry Rice").fitted(to: 20).text == "Curry Rice")
        #expect(StyledLine("Curry Rice").fitted(to: 10).text == "Curry Rice")
        #expect(StyledLine("Curry Rice").fitted(to: 6).text == "Curry…")
        #expect(StyledLine("カレーライス").fitted(to: 12).text == "カレーライス")
        #expect(StyledLine("カレーライス").fitted(to: 5).text == "カレ…")
        #expect(StyledLine("カレーライス").fitted(to: 4).text == "カ…", "a wide letter that would pass the edge goes")
        #expect(StyledLine("Curry 🍛 rice").fitted(to: 9).text == "Curry 🍛…")
        #expect(StyledLine("Curry 🍛 rice").fitted(to: 8).text == "Curry …", "an emoji that would pass the edge goes")
        #expect(StyledLine("Curry").fitted(to: 0).text == "")
    }

    @Test("padding a cut line of wide letters fills the column a wide letter could not take")
    func paddedWide() {
        let line = StyledLine("カレーライス", .reverse).fitted(to: 6, padded: true)
        #expect(line.text == "カレ… ")
    }

    @Test("fitting keeps the styles of the spans it keeps, across a cut")
    func fittedSpans() {
        let line = StyledLine([Span("Search › ", []), Span("Curry Rice", .bold)])
        #expect(line.fitted(to: 12).spans == [Span("Search › ", []), Span("Cu…", .bold)])
        #expect(line.fitted(to: 9).spans == [Span("Search ›…", [])])
    }

    @Test("padding fills the width in the last span's style")
    func padded() {
        let line = StyledLine(">[1] Curry", .reverse).fitted(to: 12, padded: true)
        #expect(line.text == ">[1] Curry  ")
        #expect(line.spans.allSatisfy { $0.style == .reverse })
    }

    @Test("rendering writes SGR sequences only with colour")
    func rendered() {
        let line = StyledLine([Span("plain "), Span("bold", .bold), Span(" err", [.bold, .red])])
        #expect(line.rendered(colour: false) == "plain bold err")
        #expect(line.rendered(colour: true) == "plain \u{1B}[1mbold\u{1B}[0m\u{1B}[1;31m err\u{1B}[0m")
    }

    @Test(
        "colour follows NO_COLOR and TERM",
        arguments: [
            ([:], false),
            (["TERM": "xterm-256color"], true),
            (["TERM": "dumb"], false),
            (["TERM": ""], false),
            (["TERM": "xterm", "NO_COLOR": "1"], false),
            (["TERM": "xterm", "NO_COLOR": ""], true),
            (["TERM": "screen", "NO_COLOR": "yes please"], false),
        ] as [([String: String], Bool)])
    func colorSupport(environment: [String: String], enabled: Bool) {
        #expect(ColorSupport.isEnabled(environment: environment) == enabled)
    }
}
