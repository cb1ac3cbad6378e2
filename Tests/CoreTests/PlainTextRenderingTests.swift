import Core
import Testing

@Suite("Plain-text rendering of screen content (snapshots)")
struct PlainTextRenderingTests {
    /// One row of every element kind, a text row, a detail, notes, disabled rows and two sections.
    static let everyKind = ScreenContent<String>(
        title: "Search",
        sections: [
            ScreenSection(
                id: "query",
                rows: [
                    ScreenRow(id: "search", .textField(label: "Search", text: "", placeholder: "keyword")),
                    ScreenRow(id: "vegetarian", .toggle(label: "Vegetarian only", isOn: true)),
                    ScreenRow(id: "quick", .toggle(label: "Quick", isOn: false)),
                    ScreenRow(id: "category", .picker(label: "Category", options: ["All", "Main course", "Dessert"], selected: 1)),
                ]),
            ScreenSection(
                id: "results", title: "Results",
                rows: [
                    ScreenRow(id: "count", .text("2 recipes")),
                    ScreenRow(id: "recipe-1", .link(title: "Curry Rice", subtitle: "Aiko Tanaka"), detail: "45 min · 720 kcal"),
                    ScreenRow(id: "recipe-2", .link(title: "Vegetable Curry", subtitle: nil), note: "new"),
                    ScreenRow(id: "export", .button("Export"), isEnabled: false, note: "Premium"),
                    ScreenRow(id: "share", .button("Share"), detail: "PDF", isEnabled: false),
                ]),
        ],
        notice: "Saved “Curry Rice”"
    )

    @Test("every element kind, selectable rows numbered in reading order, text fields marked, the focused row marked")
    func everyElementKind() {
        #expect(
            Self.everyKind.plainText(focusedRow: "recipe-1") == """
                # Search

                 [✎] Search: [keyword]
                 [1] [x] Vegetarian only
                 [2] [ ] Quick
                 [3] Category: ‹Main course› of All | Main course | Dessert

                ## Results
                     2 recipes
                >[4] Curry Rice — Aiko Tanaka · 45 min · 720 kcal
                 [5] Vegetable Curry (new)
                 [6] <Export> (locked: Premium)
                 [7] <Share> · PDF (locked)

                * Saved “Curry Rice”

                """)
    }

    @Test("without a focused row no line is marked")
    func noFocus() {
        let text = Self.everyKind.plainText()
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix(">") })
        #expect(text.contains("\n [4] Curry Rice — Aiko Tanaka · 45 min · 720 kcal\n"))
    }

    @Test("a focused text row is marked too, without a number")
    func focusedTextRow() {
        #expect(Self.everyKind.plainText(focusedRow: "count").contains("\n>    2 recipes\n"))
    }

    @Test("a filled text field shows its text in quotes; an out-of-range picker shows ?")
    func filledFieldAndBadPicker() {
        let content = ScreenContent<String>(
            title: "Filters",
            sections: [
                ScreenSection(
                    id: "main",
                    rows: [
                        ScreenRow(id: "search", .textField(label: "Search", text: "green curry", placeholder: "keyword")),
                        ScreenRow(id: "sort", .picker(label: "Sort", options: ["Popular", "New"], selected: 5)),
                    ])
            ])
        #expect(
            content.plainText() == """
                # Filters

                 [✎] Search: "green curry"
                 [1] Sort: ‹?› of Popular | New

                """)
    }

    @Test("a section with no rows shows nothing, not even its heading")
    func emptySection() {
        let content = ScreenContent<String>(
            title: "Feed",
            sections: [
                ScreenSection(id: "new", title: "New", rows: []),
                ScreenSection(id: "more", rows: [ScreenRow(id: "about", .link(title: "About Cookbook", subtitle: nil))]),
            ])
        #expect(content.plainText() == "# Feed\n\n [1] About Cookbook\n")
    }

    @Test("a title alone")
    func titleOnly() {
        #expect(ScreenContent<String>(title: "Empty").plainText() == "# Empty\n")
    }

    @Test("loading")
    func loading() {
        let content = ScreenContent<String>(
            title: "Search",
            sections: [ScreenSection(id: "s", rows: [ScreenRow(id: "q", .textField(label: "Search", text: "curry", placeholder: ""))])],
            status: .loading("Searching for “curry”…")
        )
        #expect(
            content.plainText() == """
                # Search

                 [✎] Search: "curry"

                … Searching for “curry”…

                """)
    }

    @Test("empty")
    func empty() {
        let content = ScreenContent<String>(title: "Search", status: .empty("No recipes match “xyz”."))
        #expect(
            content.plainText() == """
                # Search

                (empty) No recipes match “xyz”.

                """)
    }

    @Test("failed, with recovery and retry")
    func failedWithRecoveryAndRetry() {
        let failure = ScreenFailure(message: "Couldn't load recipes: offline.", recovery: "Check your connection.", canRetry: true)
        let content = ScreenContent<String>(title: "Search", status: .failed(failure), notice: "Retried once")
        #expect(
            content.plainText() == """
                # Search

                ! Couldn't load recipes: offline.
                  Check your connection.
                  (retry to try again)

                * Retried once

                """)
    }

    @Test("failed, without recovery and not retryable")
    func failedBare() {
        let failure = ScreenFailure(message: "There is no recipe with id 9.", canRetry: false)
        #expect(
            ScreenContent<String>(title: "Recipe", status: .failed(failure)).plainText() == """
                # Recipe

                ! There is no recipe with id 9.

                """)
    }

    @Test("ready shows no status lines, only the notice")
    func readyWithNotice() {
        let content = ScreenContent<String>(
            title: "Recipe",
            sections: [ScreenSection(id: "s", title: "Steps", rows: [ScreenRow(id: "1", .text("Cook the rice."))])],
            status: .ready,
            notice: "Added 5 items to the shopping list"
        )
        #expect(
            content.plainText() == """
                # Recipe

                ## Steps
                     Cook the rice.

                * Added 5 items to the shopping list

                """)
    }

    @Test("numbering continues across sections and skips text rows; an empty section adds nothing")
    func numberingAcrossSections() {
        let content = ScreenContent<String>(
            title: "T",
            sections: [
                ScreenSection(id: "a", rows: [ScreenRow(id: "t1", .text("intro")), ScreenRow(id: "b1", .button("One"))]),
                ScreenSection(id: "b", rows: []),
                ScreenSection(id: "c", rows: [ScreenRow(id: "t2", .text("middle")), ScreenRow(id: "b2", .button("Two"))]),
            ])
        #expect(
            content.plainText() == """
                # T

                     intro
                 [1] <One>

                     middle
                 [2] <Two>

                """)
    }

    @Test("row text: element, then detail, then note")
    func rowText() {
        #expect(
            ScreenRow(id: "r", .link(title: "Pancakes", subtitle: nil), detail: "20 min", note: "new").plainText
                == "Pancakes · 20 min (new)")
        #expect(ScreenRow(id: "r", .button("Export"), isEnabled: false).plainText == "<Export> (locked)")
        #expect(
            ScreenRow(id: "r", .toggle(label: "Favorite", isOn: false), isEnabled: false, note: "Sign in").plainText
                == "[ ] Favorite (locked: Sign in)")
    }

    @Test("equal content renders to equal text")
    func deterministic() {
        #expect(Self.everyKind.plainText() == Self.everyKind.plainText())
        var changed = Self.everyKind
        changed.notice = nil
        #expect(changed.plainText() != Self.everyKind.plainText())
        #expect(!changed.plainText().contains("*"))
    }
}
