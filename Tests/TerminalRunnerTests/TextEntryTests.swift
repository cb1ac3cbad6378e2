import Core
import CoreTesting
import Testing

@testable import TerminalRunner

/// An entry field whose submit waits until the test lets it finish, as a slow store would: what
/// was submitted, in order. The field's text is the screen's own; a field that clears on submit
/// is the UI's to empty at Enter, and one that does not (a search) keeps its text.
@MainActor
final class EntryScreen: Screen {
    var onChange: (@MainActor () -> Void)?
    /// The field's text; a change tells whoever listens, as a view model's state does.
    private(set) var draft = "" {
        didSet { onChange?() }
    }
    private(set) var submitted: [String] = []
    /// How many times the field was given a new text.
    private(set) var edits = 0
    private let clearsOnSubmit: Bool
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(clearsOnSubmit: Bool = true) {
        self.clearsOnSubmit = clearsOnSubmit
    }

    var content: ScreenContent<RowKey> {
        ScreenContent<RowKey>(
            title: "Entries",
            sections: [
                ScreenSection<RowKey>(
                    id: "entry",
                    rows: [
                        ScreenRow<RowKey>(
                            id: "add", .textField(label: "+ Add", text: draft, placeholder: "text"), clearsOnSubmit: clearsOnSubmit)
                    ]
                )
            ])
    }

    /// Whether a submit is waiting to finish.
    var isSaving: Bool { !waiting.isEmpty }

    func appear() async {}

    func edit(_ field: RowKey, text: String) {
        edits += 1
        draft = text
    }

    func handle(_ event: ScreenEvent<RowKey>) async -> Navigation? {
        if case .submit(_, let text) = event {
            await withCheckedContinuation { waiting.append($0) }
            submitted.append(text)
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
@Suite(
    "Text entry: typed text is the screen's at once, Enter submits what was typed before it, and typing costs the same however long the text"
)
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

    @Test(
        "“tea⏎jam⏎” typed while “tea” is saved: the field empties at Enter, the screen has “jam” in the next frame, and “tea” and “jam” are saved"
    )
    func typingDuringASlowSave() async throws {
        let screen = EntryScreen()
        let controller = await controller(screen)

        type("tea\n", into: controller)
        while !screen.isSaving { await Task.yield() }
        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: ▏") == true, "the field shows what the next Enter saves")
        type("jam", into: controller)
        #expect(screen.draft == "jam", "the screen holds the text while its submit of “tea” still runs")
        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: jam▏") == true, "the very next frame shows it")
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

    @Test("a search field: Enter submits the text typed before it, pasted or not; keys typed after it change the field, not that search")
    func submitCarriesTheTextBeforeEnter() async throws {
        let screen = EntryScreen(clearsOnSubmit: false)
        let controller = await controller(screen)

        type("cur\nry\n", into: controller)
        #expect(screen.draft == "curry")
        type("!", into: controller)
        try await finishAll(screen, controller)

        #expect(screen.submitted == ["cur", "curry"])
        #expect(screen.draft == "curry!", "typed after the last Enter: in the field, submitted by none")
    }

    @Test(
        "a paste of 20,000 characters: the field keeps its first 1,000, says so, and shows its end; the keys past the bound never reach the screen"
    )
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
        #expect(screen.draft == kept)
        #expect(screen.edits == 1_000, "one change a key taken, none for the 19,003 refused")
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

    @Test("a field changed by other than keys (a script's `type 1`) counts from its new text: a full field emptied takes keys again")
    func fieldChangedOutsideTheKeys() async {
        let screen = EntryScreen()
        let controller = await controller(screen)
        type(String(repeating: "a", count: 1_000), into: controller)
        type("x", into: controller)
        screen.edit("add", text: "1")

        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: 1▏") == true, "\(fieldLine(controller) ?? "")")
        type("2", into: controller)
        await controller.settle()
        #expect(screen.draft == "12")
    }

    @Test("keys typed while a slow submit runs change the field at once; Backspace and Ctrl-U too")
    func editsWhileASubmitRuns() async throws {
        let screen = EntryScreen()
        let controller = await controller(screen)
        type("x\n", into: controller)
        type("abcd", into: controller)
        _ = controller.handle(.backspace)
        #expect(screen.draft == "abc")
        _ = controller.handle(.control("u"))
        #expect(screen.draft == "")
        type("tea", into: controller)
        #expect(fieldLine(controller)?.hasPrefix(">[✎] + Add: tea▏") == true)
        type("\n", into: controller)
        try await finishAll(screen, controller)

        #expect(screen.submitted == ["x", "tea"])
    }
}
