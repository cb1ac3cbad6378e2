import Core
import CoreTesting
import TerminalRunner
import Testing

/// The full-screen UI driven headless: keys in, frames out, no terminal.
@MainActor
@Suite("SessionController: keys, focus and frames without a terminal")
struct SessionControllerTests {
    func focusedLine(_ rendering: SessionController.Rendering) -> String? {
        rendering.frame.text.first { $0.hasPrefix(">") }
    }

    @Test("a screen opens with the focus on its first numbered row; ↓ moves it; the frame fits the window")
    func focusAndFrame() async {
        let controller = SessionController(tabBar: await startedTabBar(FakeScreen()), rows: 12, columns: 40)

        var rendering = controller.render()
        #expect(rendering.frame.lines.count == 12)
        #expect(rendering.frame.text.allSatisfy { $0.count <= 40 })
        #expect(focusedLine(rendering)?.hasPrefix(">[1] [ ] Vegetarian only") == true)

        #expect(controller.handle(.down) == .handled)
        rendering = controller.render()
        #expect(rendering.focusedRow == "category")
        #expect(focusedLine(rendering)?.hasPrefix(">[2] Category") == true)
    }

    @Test("Enter on a link sends the event in order and pushes the next screen; Esc goes back")
    func enterAndBack() async {
        let search = FakeScreen(next: StaticScreen("Curry Rice"))
        let controller = SessionController(tabBar: await startedTabBar(search), rows: 24, columns: 80)
        _ = controller.handle(.down)
        _ = controller.handle(.down)
        #expect(controller.render().focusedRow == "recipe-1")

        #expect(controller.handle(.enter) == .handled)
        await controller.settle()
        #expect(controller.isSettled)
        #expect(search.events == [.activate(row: "recipe-1")])
        #expect(controller.tabBar.current.path == ["Search", "Curry Rice"])

        _ = controller.handle(.escape)
        await controller.settle()
        #expect(controller.tabBar.current.path == ["Search"])
    }

    @Test("typing into a field shows at once, before the screen has handled the edits")
    func drafts() async {
        let search = FakeScreen()
        let controller = SessionController(tabBar: await startedTabBar(search), rows: 24, columns: 80)
        _ = controller.handle(.character("/"))
        for character in "tofu" { _ = controller.handle(.character(character)) }

        #expect(controller.render().frame.text.contains { $0.contains("Search: tofu▏") })
        await controller.settle()
        #expect(search.query == "tofu")
    }

    @Test("q quits, Ctrl-C interrupts, Ctrl-L asks for a repaint, Ctrl-Z to stop")
    func outcomes() async {
        let controller = SessionController(tabBar: await startedTabBar(FakeScreen()), rows: 24, columns: 80)
        #expect(controller.handle(.control("l")) == .repaint)
        #expect(controller.handle(.control("z")) == .suspend)
        #expect(controller.handle(.character("q")) == .quit(.success))
        #expect(controller.handle(.interrupt) == .quit(.interrupted))
    }

    @Test("in a window with one body line, the focused row is the line shown")
    func oneBodyLine() async {
        let controller = SessionController(tabBar: await startedTabBar(FakeScreen()), rows: 6, columns: 40)
        var focusedFrames = 0
        for _ in 0..<12 {
            _ = controller.handle(.down)
            let rendering = controller.render()
            #expect(rendering.frame.bodyHeight == 1)
            guard rendering.focusedRow != nil else { continue }
            focusedFrames += 1
            #expect(rendering.frame.text[3].hasPrefix(">"), "the focused row must be the body line shown: \(rendering.frame.text)")
        }
        #expect(focusedFrames >= 3)
    }
}
