import Core
import CoreTesting
import Testing

@testable import TerminalRunner

/// An entry field whose submit waits until the test lets it finish, as a slow store would, and
/// empties the field once it has: what was submitted, in order.
@MainActor
final class EntryScreen: Screen {
    var onChange: (@MainActor () -> Void)?
    /// The field's text; a change tells whoever listens, as a view model's state does.
    private(set) var draft = "" {
        didSet { onChange?() }
    }
    private(set) var submitted: [String] = []
    private(set) var editEvents = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    var content: ScreenContent<RowKey> {
        ScreenContent<RowKey>(
            title: "Entries",
            sections: [
                ScreenSection<RowKey>(
                    id: "entry",
                    rows: [ScreenRow<RowKey>(id: "add", .textField(label: "+ Add", text: draft, placeholder: "text"), clearsOnSubmit: true)]
                )
            ])
    }

    /// Whether a submit is waiting to finish.
    var isSaving: Bool { !waiting.isEmpty }

    func appear() async {}

    func handle(_ event: ScreenEvent<RowKey>) async -> Navigation? {
        switch event {
        case .edit(_, let text):
            editEvents += 1
            draft = text
        case .submit:
            // The field is emptied once the entry is saved, as a screen does that keeps the text
            // until then.
            let entry = draft
            await withCheckedContinuation { waiting.append($0) }
            submitted.append(entry)
            draft = ""
        default:
            break
        }
        return nil
    }

    /// Lets the oldest waiting submit finish.
    func finishSaving() {
        guard !waiting.isEmpty else { return }
        waiting.removeFirst().resume()
    }
}

@MainActor
@Suite("Text entry: what is typed after Enter is the next entry, and typing costs the same however long the text")
struct TextEntryTests {
    func controller(_ screen: any Screen, columns: Int = 80) async -> SessionController {
        let controller = SessionController(tabBar: await startedTabBar(screen, title: "Entries"), rows: 12, columns: columns)
        _ = controller.handle(.character("/"))
        return controller
    }

    func type(_ text: String, into controller: SessionController) {
        for character in text { _ = controller.handle(character == "\n" ? .enter : .character(character)) }
    }

    func fieldLine(_ controller: SessionController) -> String? {
        controller.render().frame.text.first { $0.hasPrefix(">") }
    }

    /// Lets every submit finish, one at a time, until nothing is queued.
    func finishAll(_ screen: EntryScreen, _ controller: SessionController) async throws {
        try await Waiting.until("every submit to finish") {
            screen.finishSaving()
            return controller.isSettled
        }
    }

    @Test("“tea⏎jam⏎” typed while “tea” is saved: the field empties at Enter, shows “jam”, and “tea” and “jam” are saved")
    func typingDuringASlowSave() async throws {
        let screen = EntryScreen()
        let controller = await controller(screen)

        type("tea\n", into: controller)
        while !screen.isSaving { await Task.yield() }
        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: ▏") == true, "the field shows what the next Enter saves")
        type("jam", into: controller)
        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: jam▏") == true)
        type("\n", into: controller)
        try await finishAll(screen, controller)

        #expect(screen.submitted == ["tea", "jam"])
    }

    @Test("a paste of four lines while the first is saved: four entries, each whole")
    func pastedLines() async throws {
        let screen = EntryScreen()
        let controller = await controller(screen)

        type("milk\ndates\nbread\nquinoa\n", into: controller)
        try await finishAll(screen, controller)

        #expect(screen.submitted == ["milk", "dates", "bread", "quinoa"])
    }

    @Test("a paste of 20,000 characters reaches the screen in one edit: the field keeps its first 1,000, says so, and shows its end")
    func longPaste() async {
        let screen = EntryScreen()
        let controller = await controller(screen, columns: 60)
        let text = String(repeating: "abcdefghij", count: 2_000) + "END"

        type(text, into: controller)
        let frame = controller.render().frame.text
        let kept = String(text.prefix(ScreenElement.maximumFieldLength))
        #expect(
            fieldLine(controller) == ">[✎] + Add: …" + String(kept.suffix(46)) + "▏",
            "the end of what it holds and the cursor, in 60 columns")
        #expect(frame.contains { $0.contains("holds at most 1000 characters") }, "\(frame)")
        await controller.settle()

        #expect(screen.editEvents == 1, "one event carries the whole paste, not one event a key")
        #expect(screen.draft == kept)
    }

    @Test("keys past 1,000 characters are not taken, and the status line says why; Backspace makes room, Ctrl-U empties")
    func fieldLimit() async {
        let screen = EntryScreen()
        let controller = await controller(screen)
        type(String(repeating: "é", count: 999) + "xyz", into: controller)
        #expect(controller.render().frame.text.contains { $0.contains("“+ Add” holds at most 1000 characters: the rest was not typed") })
        _ = controller.handle(.backspace)
        type("q", into: controller)
        await controller.settle()
        #expect(screen.draft == String(repeating: "é", count: 999) + "q")

        _ = controller.handle(.control("u"))
        type(String(repeating: "a", count: 1_000), into: controller)
        await controller.settle()
        #expect(screen.draft.count == 1_000)
    }

    @Test("a key refused at a full field leaves nothing behind: the field shows the screen's own text when a script changes it")
    func refusedKeyLeavesNoDraft() async {
        let screen = EntryScreen()
        let controller = await controller(screen)
        type(String(repeating: "a", count: 1_000), into: controller)
        await controller.settle()
        type("x", into: controller)
        _ = await screen.handle(.edit(row: "add", text: "1"))  // as `type 1` does, past the keys

        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: 1▏") == true, "\(fieldLine(controller) ?? "")")
        type("2", into: controller)
        await controller.settle()
        #expect(screen.draft == "12")
    }

    @Test("keys typed while an edit waits in the queue behind a slow event join that edit; Backspace and Ctrl-U too")
    func editsJoinWhileQueued() async throws {
        let screen = EntryScreen()
        let controller = await controller(screen)
        type("x\n", into: controller)
        type("abcd", into: controller)
        _ = controller.handle(.backspace)
        _ = controller.handle(.control("u"))
        type("tea", into: controller)
        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: tea▏") == true)
        type("\n", into: controller)
        try await finishAll(screen, controller)

        #expect(screen.submitted == ["x", "tea"])
        #expect(screen.editEvents == 2)
    }
}
