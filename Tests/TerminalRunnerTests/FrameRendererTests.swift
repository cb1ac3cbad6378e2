import Core
import Testing

@testable import TerminalRunner

@Suite("FrameRenderer: header, body, status line and key hints laid out in a fixed size")
struct FrameRendererTests {
    static let search = ScreenContent<RowKey>(
        title: "Search",
        sections: [
            ScreenSection<RowKey>(
                id: "query", rows: [ScreenRow<RowKey>(id: "query", .textField(label: "Search", text: "curry", placeholder: "keyword"))]),
            ScreenSection<RowKey>(
                id: "results", title: "Results",
                rows: [
                    ScreenRow<RowKey>(id: "count", .text("2 recipes")),
                    ScreenRow<RowKey>(id: "recipe-1", .link(title: "Curry Rice", subtitle: "Aiko Tanaka")),
                    ScreenRow<RowKey>(id: "recipe-2", .link(title: "Vegetable Curry", subtitle: nil)),
                    ScreenRow<RowKey>(id: "sort", .button("Sort"), isEnabled: false, note: "Premium"),
                ]),
        ]
    )

    func input(_ content: ScreenContent<RowKey>? = search, rows: Int = 14, columns: Int = 40, focus: RowKey? = "recipe-1", top: Int = 0)
        -> FrameInput
    {
        FrameInput(
            rows: rows, columns: columns, tabs: ["Feed", "Search", "Favorites"], selectedTab: 1, path: ["Search", "Curry Rice"],
            content: content, focusedRow: focus, scrollOffset: top, canGoBack: true
        )
    }

    @Test(
        "5 MB texts: every line fits, each text shows its first 200 lines ending with “…”, the focused field its end and the cursor, fast")
    func longTexts() {
        let huge = String(repeating: "long title ", count: 500_000)
        let content = ScreenContent<RowKey>(
            title: huge,
            sections: [
                ScreenSection<RowKey>(
                    id: "main", title: huge,
                    rows: [
                        ScreenRow<RowKey>(id: "field", .textField(label: "Search", text: huge + "END", placeholder: "")),
                        ScreenRow<RowKey>(id: "link", .link(title: huge, subtitle: huge), detail: huge),
                    ])
            ], status: .failed(ScreenFailure(message: huge, recovery: huge, canRetry: true)), notice: huge)
        let clock = ContinuousClock()
        let start = clock.now
        let frame = FrameRenderer.render(input(content, rows: 20, columns: 40, focus: "field"))
        let body = Body(content, focusedRow: "field", width: 40)
        let elapsed = clock.now - start

        #expect(frame.text.allSatisfy { $0.displayWidth <= 40 })
        #expect(body.lines.count < 6 * Paragraph.maximumLines, "each text is cut at \(Paragraph.maximumLines) lines")
        #expect(body.lines[0].text == "# long title long title long title long")
        #expect(body.lines[Paragraph.maximumLines - 1].text.hasSuffix("…"), "the title's last line says there is more")
        #expect(frame.text.contains(">[✎] Search: …long title long title END▏"))
        #expect(frame.text.contains("* long title long title long title long"), "the notice wraps on the status line")
        #expect(elapsed < .seconds(60), "laying out megabytes costs what their first lines cost (quadratic: hours): \(elapsed)")
    }

    @Test("cutting a text reads only as much of it as fits")
    func clipping() {
        #expect("short".clipped(toWidth: 10) == "short")
        #expect("exactly10!".clipped(toWidth: 10) == "exactly10!")
        #expect("eleven chars".clipped(toWidth: 10) == "eleven ch…")
        #expect("é日本🍛👍🏽e\u{301}xyz".clipped(toWidth: 5) == "é日…", "日 and 本 take two columns each")
        #expect("é日本🍛👍🏽e\u{301}xyz".clipped(toWidth: 12) == "é日本🍛👍🏽e\u{301}x…")
        #expect("日本".clipped(toWidth: 4) == "日本")
        #expect("日本語".clippedFromStart(toWidth: 4) == "…語")
        #expect("eleven chars".clippedFromStart(toWidth: 10) == "…ven chars")
        #expect("abc".clippedFromStart(toWidth: 1) == "c")
        #expect("abc".clipped(toWidth: 0) == "")
    }

    @Test("a whole frame: tabs, breadcrumb, rule, body with numbers and focus, rule, key hints")
    func wholeFrame() {
        let frame = FrameRenderer.render(input())
        #expect(
            frame.text == [
                " Feed  [Search]  Favorites ",
                "Search › Curry Rice",
                "────────────────────────────────────────",
                "# Search",
                "",
                " [✎] Search: \"curry\"",
                "",
                "## Results",
                "     2 recipes",
                ">[1] Curry Rice — Aiko Tanaka           ",
                " [2] Vegetable Curry",
                " [3] <Sort> (locked: Premium)",
                "────────────────────────────────────────",
                "Enter open  ↑↓ move  Esc back  ? help",
            ])
        #expect(frame.lines.count == 14)
        #expect(frame.lines.allSatisfy { $0.text.count <= 40 })
    }

    @Test("styles: the selected tab in bold reverse, the focused row in reverse to the edge, locked rows dim")
    func styles() {
        let frame = FrameRenderer.render(input())
        #expect(frame.lines[0].spans.contains(Span("[Search]", [.bold, .reverse])))
        #expect(frame.lines[9].spans.allSatisfy { $0.style == .reverse })
        #expect(frame.lines[9].text.count == 40, "the focus bar spans the width")
        #expect(frame.lines[11].spans.first?.style == .dim)
        #expect(frame.lines[3].spans.first?.style == .bold)
    }

    @Test("without colour the output has no escape sequences; with colour it does")
    func colour() {
        let frame = FrameRenderer.render(input())
        #expect(frame.rendered(colour: false) == frame.text)
        #expect(!frame.rendered(colour: false).joined().contains("\u{1B}"))
        #expect(frame.rendered(colour: true)[9].hasPrefix("\u{1B}[7m>[1] Curry Rice"))
        #expect(frame.rendered(colour: true)[0].contains("\u{1B}[1;7m[Search]\u{1B}[0m"))
    }

    @Test("the body reads like the script mode's plain text: same numbers, marks and focus")
    func bodyMatchesPlainText() {
        for focus in [nil, "recipe-2", "count"] as [RowKey?] {
            var content = Self.search
            content.status = .empty("Nothing else")
            let plain = content.plainText(focusedRow: focus).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .dropLast()
            #expect(Body(content, focusedRow: focus).lines.map(\.text) == Array(plain))
        }
    }

    @Test("the focused text field shows a cursor after what was typed")
    func fieldCursor() {
        let frame = FrameRenderer.render(input(columns: 60, focus: "query"))
        #expect(frame.text.contains { $0.hasPrefix(">[✎] Search: curry▏") })
        #expect(frame.text.last?.hasPrefix("type to edit  Enter submit  Esc leave field") == true)
    }

    @Test("a long row wraps under its text, and its focus bar covers all its lines")
    func wrapping() {
        var content = Self.search
        content.sections[1].rows[1] = ScreenRow<RowKey>(
            id: "recipe-1", .link(title: "Chickpea and Spinach Curry with Rice and Naan", subtitle: "Priya Sharma"))
        let frame = FrameRenderer.render(input(content, columns: 30, focus: "recipe-1"))
        #expect(
            Array(frame.text[9...11]) == [
                ">[1] Chickpea and Spinach     ", "     Curry with Rice and      ", "     Naan — Priya Sharma      ",
            ])
        #expect(frame.lines[9...11].allSatisfy { $0.spans.allSatisfy { $0.style == .reverse } })
        #expect(frame.lines.allSatisfy { $0.text.count <= 30 })
    }

    @Test("a long list scrolls to keep the focused row in view, with a position in the status line")
    func scrolling() {
        let rows = (1...40).map { ScreenRow<RowKey>(id: RowKey("r\($0)"), .link(title: "Recipe \($0)", subtitle: nil)) }
        let content = ScreenContent<RowKey>(title: "Long", sections: [ScreenSection<RowKey>(id: "s", rows: rows)])
        let frame = FrameRenderer.render(input(content, rows: 12, focus: "r30"))
        #expect(frame.bodyHeight == 7)
        #expect(frame.text[3] == " [24] Recipe 24")
        #expect(frame.text[9].hasPrefix(">[30] Recipe 30"), "scrolled just enough: the focus is on the last body line")
        #expect(frame.scrollOffset == 25)
        #expect(frame.text[10].hasSuffix(" 26–32 of 42 ──"))

        let top = FrameRenderer.render(input(content, rows: 12, focus: "r1", top: frame.scrollOffset))
        #expect(top.scrollOffset == 1, "going back up shows the line above the focused row")
        #expect(top.text[3] == "")
        #expect(top.text[4].hasPrefix(">[1] Recipe 1"))
    }

    @Test("loading shows a spinner that turns with the frame number")
    func spinner() {
        var content = Self.search
        content.status = .loading("Searching for “curry”…")
        let first = FrameRenderer.render(input(content, rows: 20, focus: nil))
        var next = input(content, rows: 20, focus: nil)
        next.spinnerFrame = 1
        let second = FrameRenderer.render(next)
        #expect(first.text.contains("⠋ Searching for “curry”…"))
        #expect(second.text.contains("⠙ Searching for “curry”…"))
    }

    @Test("a retryable error shows its message and “r retry”, and the hints say so")
    func failure() {
        var content = Self.search
        content.status = .failed(ScreenFailure(message: "Couldn't search: offline", recovery: "Check your connection.", canRetry: true))
        let frame = FrameRenderer.render(input(content, rows: 20, columns: 60, focus: "recipe-1"))
        #expect(frame.text.contains("! Couldn't search: offline"))
        #expect(frame.text.contains("  Check your connection."))
        #expect(frame.text.contains("  r retry"))
        #expect(frame.text.last?.contains("r retry") == true)

        content.status = .failed(ScreenFailure(message: "No such recipe", canRetry: false))
        let final = FrameRenderer.render(input(content, rows: 20, columns: 60))
        #expect(!final.text.joined().contains("r retry"))
    }

    @Test("the status line shows the runner's message first, else the screen's notice, wrapped under its mark")
    func statusLine() {
        var content = Self.search
        content.notice = "Added 5 items"
        #expect(FrameRenderer.render(input(content)).text[12] == "* Added 5 items")
        var withMessage = input(content)
        withMessage.message = "“Sort” is locked: Premium"
        #expect(FrameRenderer.render(withMessage).text[12] == "! “Sort” is locked: Premium")
        #expect(!FrameRenderer.render(input(content)).text[3...11].joined().contains("Added"), "the notice is not repeated in the body")

        content.notice = "Couldn't save “Curry Rice”: the disk is full. Free some space and try again."
        let wrapped = FrameRenderer.render(input(content, rows: 20))
        #expect(
            Array(wrapped.text[16...18]) == ["* Couldn't save “Curry Rice”: the disk", "  is full. Free some space and try", "  again."])
        #expect(wrapped.bodyHeight == 13, "the body gives the notice the lines it needs")

        content.notice = String(repeating: "Very long notice. ", count: 40)
        let capped = FrameRenderer.render(input(content, rows: 20))
        #expect(capped.text[14...18].allSatisfy { $0.hasPrefix("* Very") || $0.hasPrefix("  Very") }, "a third of the rows at most")
        #expect(capped.bodyHeight == 11)
        #expect(capped.text[18].hasSuffix("…"))
    }

    @Test("help replaces the body with the key map")
    func help() {
        var help = input(rows: 30, columns: 140)
        help.showsHelp = true
        let frame = FrameRenderer.render(help)
        #expect(frame.text[3] == "# Keys")
        for binding in KeyBindings.help {
            #expect(frame.text.contains { $0.contains(binding.keys) && $0.contains(binding.meaning) })
        }
        #expect(frame.text.last == "↑↓ scroll  any other key closes  q quit")
    }

    @Test("key hints follow the focused row")
    func hints() {
        func hints(_ focus: RowKey?, _ content: ScreenContent<RowKey> = Self.search) -> [String] {
            FrameRenderer.keyHints(input(content, focus: focus))
        }
        #expect(hints("recipe-1").first == "Enter open")
        #expect(hints("sort").first == "locked: Premium")
        #expect(hints("query").prefix(3) == ["type to edit", "Enter submit", "Esc leave field"])
        #expect(!hints("query").contains("q quit"), "q types in a field")
        #expect(hints(nil).contains("/ search"))
        let deletable = ScreenContent<RowKey>(
            title: "List",
            sections: [
                ScreenSection<RowKey>(id: "s", rows: [ScreenRow<RowKey>(id: "i", .toggle(label: "Rice", isOn: false), isDeletable: true)])
            ])
        #expect(hints("i", deletable).prefix(2) == ["Space toggle", "d delete"])
    }

    @Test("before the first screen: a starting line; a tiny terminal still gets a frame of its size")
    func edgeCases() {
        let starting = FrameRenderer.render(input(nil))
        #expect(starting.text[3].hasSuffix("Starting…"))
        let tiny = FrameRenderer.render(input(rows: 3, columns: 5))
        #expect(tiny.lines.count == 3)
        #expect(tiny.lines.allSatisfy { $0.text.count <= 5 })
    }
}

@Suite("FrameDiff: only changed lines are rewritten")
struct FrameDiffTests {
    @Test("nothing changed: nothing written")
    func unchanged() {
        #expect(FrameDiff.output(from: ["a", "b"], to: ["a", "b"]) == "")
    }

    @Test("a changed line is rewritten in place: cursor to its row, erase, text")
    func changedLine() {
        #expect(FrameDiff.output(from: ["a", "b", "c"], to: ["a", "B", "c"]) == "\u{1B}[?2026h\u{1B}[2;1H\u{1B}[2KB\u{1B}[?2026l")
    }

    @Test("the first frame writes every line, without clearing the screen")
    func firstFrame() {
        let output = FrameDiff.output(from: [], to: ["x", "y"])
        #expect(output.contains("\u{1B}[1;1H\u{1B}[2Kx"))
        #expect(output.contains("\u{1B}[2;1H\u{1B}[2Ky"))
        #expect(!output.contains("\u{1B}[2J"))
    }

    @Test("lines a shorter frame no longer has are erased")
    func shorter() {
        #expect(FrameDiff.output(from: ["a", "b"], to: ["a"]) == "\u{1B}[?2026h\u{1B}[2;1H\u{1B}[2K\u{1B}[?2026l")
    }

    @Test("leaving the UI ends with leave-alternate-screen and show-cursor")
    func leaveSequence() {
        #expect(TerminalSequence.leave.hasSuffix("\u{1B}[?1049l\u{1B}[?25h"))
        #expect(TerminalSequence.enter.hasPrefix("\u{1B}[?1049h"))
    }
}
