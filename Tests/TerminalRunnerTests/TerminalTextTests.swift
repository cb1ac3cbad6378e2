import Core
import CoreTesting
import Testing

@testable import TerminalRunner

/// Hostile text: what a web API, a dataset, a deep link or a person could put where the app
/// shows text. Each one drives a terminal if written to it as is.
enum HostileText {
    static let samples: [String] = [
        "\u{1B}[2J\u{1B}[H",  // clear the screen, cursor home
        "\u{1B}]0;pwned\u{07}",  // set the window title
        "\u{1B}]52;c;cm0gLXJmIH4=\u{07}",  // write to the clipboard (OSC 52)
        "\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\",  // a hidden hyperlink
        "\u{1B}P+q544e\u{1B}\\",  // DCS: ask the terminal to answer
        "\u{9B}31mred\u{9B}0m",  // CSI as a C1 control
        "\u{9D}0;title\u{9C}",  // OSC and ST as C1 controls
        "abc\rxyz",  // carriage return: write over the line
        "line one\nline two",  // a line break inside a value
        "back\u{08}\u{08}\u{08}\u{08}space",
        "nul\u{0}byte",
        "del\u{7F}ete",
        "\u{202E}txt.exe",  // right-to-left override
        "\u{2066}isolated\u{2069}",
        "Be\u{200B}ef\u{FEFF}",  // zero-width space, BOM
        "tab\there",
    ]

    /// Every control (C0 but the line break, DEL, C1), bidirectional control and escape
    /// sequence in `output` that the runner did not write itself: SGR (`ESC [ … m`) and, for
    /// full-screen output, cursor and erase sequences are the runner's own.
    static func foreignControls(in output: String, runnerSequences: Bool = false) -> [String] {
        var found: [String] = []
        var scalars = output.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                // The runner writes CSI sequences only: parameters, then a final byte it uses.
                guard scalars.first == "[" else {
                    found.append("ESC \(scalars.first.map { String($0) } ?? "")")
                    continue
                }
                scalars.removeFirst()
                let parameters = scalars.prefix { ("0"..."9").contains($0) || $0 == ";" || $0 == "?" }
                scalars.removeFirst(parameters.count)
                let final = scalars.popFirst()
                let allowed: Set<Unicode.Scalar> = runnerSequences ? ["m", "H", "K", "J", "h", "l"] : ["m"]
                if let final, allowed.contains(final) { continue }
                found.append("CSI \(String(String.UnicodeScalarView(parameters)))\(final.map { String($0) } ?? "")")
            } else if scalar.value < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            {
                found.append(String(format: "U+%04X", scalar.value))
            }
        }
        return found
    }
}

@Suite("TerminalText: one sanitizing step for all text that reaches the terminal")
struct TerminalTextTests {
    @Test(
        "controls become visible pictures, C1 and bidi controls �, invisible characters go",
        arguments: [
            ("\u{1B}]0;pwned\u{07}", "␛]0;pwned␇"),
            ("\u{1B}[2J", "␛[2J"),
            ("\u{9B}31m", "�31m"),
            ("abc\rxyz", "abc␍xyz"),
            ("one\ntwo", "one␤two"),
            ("nul\u{0}byte", "nul␀byte"),
            ("del\u{7F}", "del␡"),
            ("tab\there", "tab here"),
            ("\u{202E}txt.exe", "�txt.exe"),
            ("\u{2066}x\u{2069}", "�x�"),
            ("Be\u{200B}ef\u{FEFF}\u{200E}", "Beef"),
        ])
    func replacements(_ text: String, _ shown: String) {
        #expect(TerminalText.safe(text) == shown)
    }

    @Test("ordinary text is left alone: ASCII, accents, CJK, emoji with joiners and skin tones, combining marks")
    func ordinaryText() {
        for text in ["Curry Rice", "Crème brûlée — 35 min · 620 kcal", "日本の料理", "👩‍🍳 🍛 👍🏽", "e\u{301}", "“quoted” ‹choice› ─ ▏ ␛"] {
            #expect(TerminalText.safe(text) == text)
        }
    }

    @Test("kept line breaks stay, and only they")
    func keptLineBreaks() {
        #expect(TerminalText.safe("a\nb\r\n\u{1B}[2Jc", keepingLineBreaks: true) == "a\nb␍\n␛[2Jc")
        #expect(TerminalText.safe("a\u{2028}b", keepingLineBreaks: true) == "a\nb")
    }

    @Test("a span's text is safe, so every line of the full screen is")
    func spans() {
        #expect(Span("\u{1B}]0;x\u{07}").text == "␛]0;x␇")
        #expect(StyledLine("a\u{9B}2Jb", .bold).rendered(colour: true) == "\u{1B}[1ma�2Jb\u{1B}[0m")
    }
}

/// Hostile text in every place a screen shows text, through everything that draws it.
@Suite("hostile text through the renderer")
@MainActor
struct HostileTextRenderingTests {
    /// A screen whose every text is `text`.
    static func content(_ text: String) -> ScreenContent<RowKey> {
        ScreenContent<RowKey>(
            title: text,
            sections: [
                ScreenSection<RowKey>(
                    id: "all", title: text,
                    rows: [
                        ScreenRow<RowKey>(id: "text", .text(text), detail: text),
                        ScreenRow<RowKey>(id: "link", .link(title: text, subtitle: text), note: text),
                        ScreenRow<RowKey>(id: "button", .button(text)),
                        ScreenRow<RowKey>(id: "field", .textField(label: text, text: text, placeholder: text)),
                        ScreenRow<RowKey>(id: "toggle", .toggle(label: text, isOn: true)),
                        ScreenRow<RowKey>(id: "picker", .picker(label: text, options: [text, text], selected: 0)),
                        ScreenRow<RowKey>(id: "locked", .button(text), isEnabled: false, note: text),
                    ])
            ],
            status: .failed(ScreenFailure(message: text, recovery: text, canRetry: true)),
            notice: text
        )
    }

    @Test("the full screen draws no escape sequence of the text's, and every line fits", arguments: HostileText.samples)
    func fullScreen(_ text: String) {
        for focus in ["link", "field", "locked"] {
            let input = FrameInput(
                rows: 30, columns: 60, tabs: [text, "Search"], path: [text, text], content: Self.content(text), focusedRow: RowKey(focus),
                canGoBack: true, message: focus == "link" ? text : nil, banner: text)
            let frame = FrameRenderer.render(input)
            let output = FrameDiff.output(from: [], to: frame.rendered(colour: true))
            #expect(HostileText.foreignControls(in: output, runnerSequences: true).isEmpty, "\(output.debugDescription)")
            #expect(frame.lines.allSatisfy { $0.text.count <= 60 })
            #expect(frame.lines.count == 30)
        }
    }

    func tabBar(showing text: String) async -> TabBar {
        let screen = StaticScreen("")
        screen.content = Self.content(text)
        let tabBar = TabBar(stack(text, root: screen), [stack("Search", root: StaticScreen("Search"))])
        tabBar.notices.banner = text
        await tabBar.start()
        return tabBar
    }

    @Test("script output shows the text's controls as pictures, one value a line", arguments: HostileText.samples)
    func scriptOutput(_ text: String) async {
        let output = SessionText.render(await tabBar(showing: text))
        #expect(HostileText.foreignControls(in: output).isEmpty, "\(output.debugDescription)")
        let plain = SessionText.render(await tabBar(showing: "plain"))
        #expect(output.split(separator: "\n").count == plain.split(separator: "\n").count, "a line break in a value adds no line")
    }
}
