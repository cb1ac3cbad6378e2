import TerminalRunner
import Testing

@Suite("FocusMovement: the focus moves between rows in view, and the view scrolls through text")
struct FocusMovementTests {
    /// A recipe-like body: 30 lines, rows on lines 2 and 3, text from 4 to 26, rows on 27 and 28.
    let recipe = FocusMovement(rowLines: [2, 3, 27, 28], lineCount: 30, height: 10)

    @Test("a view one line high shows the focused row itself, not the line above it")
    func revealInOneLine() {
        let tiny = FocusMovement(rowLines: [2, 5], lineCount: 8, height: 1)
        #expect(tiny.reveal(Viewport(focus: 1, top: 7)) == Viewport(focus: 1, top: 5))
        #expect(tiny.reveal(Viewport(focus: 0, top: 6)) == Viewport(focus: 0, top: 2))
        #expect(recipe.reveal(Viewport(focus: 0, top: 5)) == Viewport(focus: 0, top: 1), "taller views still show the line above")
    }

    @Test("↓ and ↑ move to the next row when it is in view")
    func stepInView() {
        #expect(recipe.step(Viewport(focus: 0, top: 0), by: 1) == Viewport(focus: 1, top: 0))
        #expect(recipe.step(Viewport(focus: 1, top: 0), by: -1) == Viewport(focus: 0, top: 0))
    }

    @Test("in a list, each ↓ focuses the next row, scrolling just enough, past a blank line and heading")
    func stepThroughList() {
        // Rows on lines 3…10, then a blank line and a heading, then rows on 13…20.
        let list = FocusMovement(rowLines: Array(3...10) + Array(13...20), lineCount: 21, height: 7)
        var viewport = Viewport(focus: 0, top: 0)
        for expected in 1..<16 {
            viewport = list.step(viewport, by: 1)
            #expect(viewport.focus == expected)
        }
        #expect(viewport.top == 14)
        #expect(list.step(Viewport(focus: 7, top: 4), by: 1) == Viewport(focus: 8, top: 7), "the heading above the row comes into view")
        #expect(list.step(Viewport(focus: 8, top: 12), by: -1) == Viewport(focus: 7, top: 9))
    }

    @Test("↓ scrolls one line when the next row is out of view; the focus stays while it is in view")
    func stepScrollsThroughText() {
        #expect(recipe.step(Viewport(focus: 1, top: 0), by: 1) == Viewport(focus: 1, top: 1))
        #expect(
            recipe.step(Viewport(focus: 1, top: 3), by: 1) == Viewport(focus: nil, top: 4),
            "the focused row scrolled away and no row is in view")
    }

    @Test("scrolling down until a row comes into view, then ↓ focuses it")
    func stepReachesNextRow() {
        var viewport = Viewport(focus: 1, top: 0)
        var presses = 0
        while viewport.focus != 2, presses < 100 {
            viewport = recipe.step(viewport, by: 1)
            presses += 1
        }
        #expect(viewport.focus == 2)
        #expect(viewport.top == 18, "row 2 (line 27) is the last line in view")
        #expect(presses == 16, "15 lines scrolled one by one, then the row is near enough to focus")
    }

    @Test("↑ from no focus picks the last row in view; at the top with no row above nothing changes")
    func stepUp() {
        #expect(recipe.step(Viewport(focus: nil, top: 20), by: -1) == Viewport(focus: 3, top: 20))
        #expect(recipe.step(Viewport(focus: 0, top: 0), by: -1) == Viewport(focus: 0, top: 0))
    }

    @Test("at the bottom ↓ on the last row does nothing")
    func stepAtBottom() {
        #expect(recipe.step(Viewport(focus: 3, top: 20), by: 1) == Viewport(focus: 3, top: 20))
    }

    @Test("focusing a row above the view reveals it with its heading line")
    func revealAbove() {
        #expect(recipe.reveal(Viewport(focus: 0, top: 15)) == Viewport(focus: 0, top: 1))
        #expect(recipe.reveal(Viewport(focus: 3, top: 0)) == Viewport(focus: 3, top: 19))
    }

    @Test("PgDn and PgUp scroll a page less a line and keep the focus in view")
    func page() {
        #expect(recipe.page(Viewport(focus: 0, top: 0), by: 1) == Viewport(focus: nil, top: 9))
        #expect(recipe.page(Viewport(focus: nil, top: 9), by: 1) == Viewport(focus: 2, top: 18))
        #expect(recipe.page(Viewport(focus: 2, top: 18), by: -1) == Viewport(focus: nil, top: 9))
        #expect(recipe.page(Viewport(focus: nil, top: 9), by: -1) == Viewport(focus: 1, top: 0))
    }

    @Test("Home and End go to the top and the bottom")
    func edges() {
        #expect(recipe.edge(last: false) == Viewport(focus: 0, top: 0))
        #expect(recipe.edge(last: true) == Viewport(focus: 3, top: 20))
    }

    @Test("the first focus is a preferred row in view at the top, else none")
    func initialFocus() {
        #expect(recipe.initialFocus { $0 != 0 } == 1)
        #expect(recipe.initialFocus { $0 >= 2 } == nil, "rows further down would scroll the screen")
    }

    @Test("a body shorter than the view never scrolls")
    func shortBody() {
        let short = FocusMovement(rowLines: [1], lineCount: 3, height: 10)
        #expect(short.step(Viewport(focus: 0, top: 0), by: 1) == Viewport(focus: 0, top: 0))
        #expect(short.page(Viewport(focus: 0, top: 0), by: 1) == Viewport(focus: 0, top: 0))
    }
}
