import Core
import CoreTesting
import Foundation
import Testing

@testable import TerminalRunner

/// Snapshots of one recipe screen at 40, 80 and 120 columns, in script mode (`--width`) and at the
/// full screen: what a cook reads in a narrow, a usual and a wide window.
@MainActor
@Suite("Wrapped screens: a recipe at 40, 80 and 120 columns")
struct WrappedScreenTests {
    static let recipe = ScreenContent<RowKey>(
        title: "Chickpea and Spinach Curry with Rice and Naan",
        sections: [
            ScreenSection<RowKey>(
                id: "about",
                rows: [
                    ScreenRow<RowKey>(
                        id: "summary",
                        .text(
                            "A weeknight curry of chickpeas and spinach in a tomato and coconut sauce, from "
                                + "https://example.com/recipes/chickpea-spinach-curry-with-rice-and-naan, with カレー粉 (curry powder).")),
                    ScreenRow<RowKey>(id: "facts", .text("35 min · 520 kcal per serving · serves 4 · vegetarian")),
                ]),
            ScreenSection<RowKey>(
                id: "ingredients", title: "Ingredients",
                rows: [
                    ScreenRow<RowKey>(id: "i1", .text("• 2 cans (400 g each) chickpeas, drained and rinsed")),
                    ScreenRow<RowKey>(id: "i2", .text("• 200 g baby spinach")),
                    ScreenRow<RowKey>(id: "i3", .text("• 1 tbsp curry powder 🍛")),
                ]),
            ScreenSection<RowKey>(
                id: "steps", title: "Steps",
                rows: [
                    ScreenRow<RowKey>(
                        id: "s1", .text("1. Fry the onion in the oil over medium heat until soft and golden, about 8 minutes.")),
                    ScreenRow<RowKey>(
                        id: "s2",
                        .text(
                            "2. Stir in the curry powder, then the chickpeas, tomatoes and coconut milk; simmer for 15 minutes, "
                                + "stirring now and then.")),
                ]),
            ScreenSection<RowKey>(
                id: "actions", title: "Actions",
                rows: [
                    ScreenRow<RowKey>(id: "add", .button("Add ingredients to shopping list")),
                    ScreenRow<RowKey>(id: "favorite", .toggle(label: "Favorite", isOn: true)),
                    ScreenRow<RowKey>(
                        id: "export", .button("Export as Markdown"), isEnabled: false, note: "Premium: exports need a subscription"),
                ]),
        ],
        notice: "Saved copy from 2 hours ago; offline. Added 3 items to the shopping list.")

    @Test("script mode at 40 columns: every text wraps under its number, bullet or mark")
    func script40() {
        #expect(
            Self.recipe.wrappedText(width: 40) == """
                # Chickpea and Spinach Curry with Rice
                  and Naan

                     A weeknight curry of chickpeas and
                     spinach in a tomato and coconut
                     sauce, from https://example.com/rec
                     ipes/chickpea-spinach-curry-with-ri
                     ce-and-naan, with カレー粉 (curry
                     powder).
                     35 min · 520 kcal per serving ·
                     serves 4 · vegetarian

                ## Ingredients
                     • 2 cans (400 g each) chickpeas,
                       drained and rinsed
                     • 200 g baby spinach
                     • 1 tbsp curry powder 🍛

                ## Steps
                     1. Fry the onion in the oil over
                        medium heat until soft and
                        golden, about 8 minutes.
                     2. Stir in the curry powder, then
                        the chickpeas, tomatoes and
                        coconut milk; simmer for
                        15 minutes, stirring now and
                        then.

                ## Actions
                 [1] <Add ingredients to shopping list>
                 [2] [x] Favorite
                 [3] <Export as Markdown> (locked:
                     Premium: exports need a
                     subscription)

                * Saved copy from 2 hours ago; offline.
                  Added 3 items to the shopping list.

                """)
    }

    @Test("script mode at 80 columns")
    func script80() {
        #expect(
            Self.recipe.wrappedText(width: 80) == """
                # Chickpea and Spinach Curry with Rice and Naan

                     A weeknight curry of chickpeas and spinach in a tomato and coconut sauce,
                     from https://example.com/recipes/chickpea-spinach-curry-with-rice-and-naan,
                     with カレー粉 (curry powder).
                     35 min · 520 kcal per serving · serves 4 · vegetarian

                ## Ingredients
                     • 2 cans (400 g each) chickpeas, drained and rinsed
                     • 200 g baby spinach
                     • 1 tbsp curry powder 🍛

                ## Steps
                     1. Fry the onion in the oil over medium heat until soft and golden, about
                        8 minutes.
                     2. Stir in the curry powder, then the chickpeas, tomatoes and coconut milk;
                        simmer for 15 minutes, stirring now and then.

                ## Actions
                 [1] <Add ingredients to shopping list>
                 [2] [x] Favorite
                 [3] <Export as Markdown> (locked: Premium: exports need a subscription)

                * Saved copy from 2 hours ago; offline. Added 3 items to the shopping list.

                """)
    }

    @Test("script mode at 120 columns")
    func script120() {
        #expect(
            Self.recipe.wrappedText(width: 120) == """
                # Chickpea and Spinach Curry with Rice and Naan

                     A weeknight curry of chickpeas and spinach in a tomato and coconut sauce, from
                     https://example.com/recipes/chickpea-spinach-curry-with-rice-and-naan, with カレー粉 (curry powder).
                     35 min · 520 kcal per serving · serves 4 · vegetarian

                ## Ingredients
                     • 2 cans (400 g each) chickpeas, drained and rinsed
                     • 200 g baby spinach
                     • 1 tbsp curry powder 🍛

                ## Steps
                     1. Fry the onion in the oil over medium heat until soft and golden, about 8 minutes.
                     2. Stir in the curry powder, then the chickpeas, tomatoes and coconut milk; simmer for 15 minutes, stirring now and
                        then.

                ## Actions
                 [1] <Add ingredients to shopping list>
                 [2] [x] Favorite
                 [3] <Export as Markdown> (locked: Premium: exports need a subscription)

                * Saved copy from 2 hours ago; offline. Added 3 items to the shopping list.

                """)
    }

    @Test("without a width, the wrapped rendering is script mode's plain text, line for line")
    func unwrapped() {
        #expect(Self.recipe.wrappedText(width: .max) == Self.recipe.plainText())
    }

    @Test("at every width from 40 to 200 no line is wider, and no word is lost")
    func everyWidth() {
        let words = Self.recipe.plainText().split(whereSeparator: \.isWhitespace).joined()
        for width in 40...200 {
            let text = Self.recipe.wrappedText(width: width)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.displayWidth <= width }, "a line wider than \(width)")
            #expect(text.split(whereSeparator: \.isWhitespace).joined() == words, "a word lost at \(width)")
        }
    }

    static func recipeScreen() -> StaticScreen {
        let screen = StaticScreen("Recipe")
        screen.content = recipe
        return screen
    }

    func frame(columns: Int, rows: Int, focus: RowKey? = "add", top: Int = 0) -> Frame {
        FrameRenderer.render(
            FrameInput(
                rows: rows, columns: columns, tabs: ["Feed", "Search", "Shopping list", "Favorites"], path: ["Feed", Self.recipe.title],
                content: Self.recipe, focusedRow: focus, scrollOffset: top, canGoBack: true))
    }

    @Test("the full screen at 40 columns: the tabs close up, the breadcrumb gives way, the notice wraps on the status line")
    func fullScreen40() {
        #expect(
            frame(columns: 40, rows: 16, focus: nil).text == [
                "[Feed] Search Shopping list Favorites",
                "… › Chickpea and Spinach Curry with Ric…",
                "────────────────────────────────────────",
                "# Chickpea and Spinach Curry with Rice",
                "  and Naan",
                "",
                "     A weeknight curry of chickpeas and",
                "     spinach in a tomato and coconut",
                "     sauce, from https://example.com/rec",
                "     ipes/chickpea-spinach-curry-with-ri",
                "     ce-and-naan, with カレー粉 (curry",
                "     powder).",
                "     35 min · 520 kcal per serving ·",
                "* Saved copy from 2 hours ago; offline.",
                "  Added 3 items to the shopping list.",
                "↑↓ move  Esc back  Tab next tab  ? help",
            ])
    }

    @Test("the full screen at 120 columns, scrolled to the focused row: all its lines in view, its bar across them")
    func fullScreen120() {
        let shown = frame(columns: 120, rows: 12, focus: "export", top: 0)
        #expect(
            shown.text == [
                "[Feed]  Search   Shopping list   Favorites ",
                "Feed › Chickpea and Spinach Curry with Rice and Naan",
                String(repeating: "─", count: 120),
                "     2. Stir in the curry powder, then the chickpeas, tomatoes and coconut milk; simmer for 15 minutes, stirring now and",
                "        then.",
                "",
                "## Actions",
                " [1] <Add ingredients to shopping list>",
                " [2] [x] Favorite",
                ">[3] <Export as Markdown> (locked: Premium: exports need a subscription)" + String(repeating: " ", count: 48),
                "* Saved copy from 2 hours ago; offline. Added 3 items to the shopping list.",
                "locked: Premium: exports need a subscription  ↑↓ move  Esc back  Tab next tab  ? help  q quit",
            ])
        #expect(shown.lines[9].spans.allSatisfy { $0.style.contains(.reverse) })
    }

    @Test("the same screen laid out at 40 columns then 120 (a resize) wraps again, keeping the focused row in view")
    func resize() async {
        let tabBar = await startedTabBar(Self.recipeScreen(), title: "Feed")
        let controller = SessionController(tabBar: tabBar, rows: 14, columns: 40)
        for _ in 0..<40 { _ = controller.handle(.down) }
        let narrow = controller.render()
        #expect(narrow.focusedRow == "export")
        #expect(
            Array(narrow.frame.text[8...10])
                == [">[3] <Export as Markdown> (locked:", "     Premium: exports need a", "     subscription)"].map {
                    $0.padded(toWidth: 40)
                }, "the focus bar covers the row's lines")

        controller.resize(rows: 14, columns: 120)
        let wide = controller.render()
        #expect(wide.frame.text.contains { $0.hasPrefix(">[3] <Export as Markdown> (locked: Premium: exports need a subscription)") })
        #expect(wide.frame.text.allSatisfy { $0.displayWidth <= 120 })
    }

    @Test("the key map wraps at 40 columns and scrolls with ↓ and PgDn; any other key closes it")
    func helpScrolls() async {
        let tabBar = await startedTabBar(Self.recipeScreen(), title: "Feed")
        let controller = SessionController(tabBar: tabBar, rows: 14, columns: 40)
        _ = controller.handle(.character("?"))
        let top = controller.render().frame
        #expect(top.text[3] == "# Keys")
        #expect(top.text.contains("  Enter"))
        #expect(top.text.contains("      open a link, press a button, flip"))
        #expect(top.text[12].hasPrefix("───") && top.text[12].hasSuffix(" 1–9 of 44 ──"))

        _ = controller.handle(.down)
        #expect(controller.render().frame.text[3] == "", "↓ scrolls the key map a line")
        _ = controller.handle(.end)
        let bottom = controller.render().frame
        #expect(bottom.text[11] == "other key closes it.")
        _ = controller.handle(.pageUp)
        #expect(controller.render().frame.text[12].contains(" 28–36 of 44 "))

        _ = controller.handle(.character("x"))
        #expect(controller.render().frame.text[3].hasPrefix("# Chickpea"), "any other key closes it")
    }
}
