import Core
import Foundation

@testable import TerminalRunner

/// Drives one program's session headless with random key events (through
/// `SessionController`, as the full-screen UI would) and random script commands (through
/// `ScriptInterpreter`, as a script would), and checks after every event that:
///
/// - the selected tab's navigation stack, and every stack that was ever shown, is not empty;
/// - a frame can be laid out, with at most `rows` lines, none wider than `columns` characters;
/// - the focused row, if any, is a row of the screen's content and lies within the visible
///   body lines, drawn with the `>` mark;
/// - no text reaches the terminal with a control in it (the frame's lines, the script's screen),
///   whatever the recipes hold (`HostileRecipes` through a dataset and a web API);
/// - every entry pasted into the shopping list's "+ Add item" (lines ended by Enter, arriving
///   faster than the store saves them) is on the list, as a row of its own or added to the row
///   of the same ingredient, or kept on screen to try again: never joined to another, never lost.
///
/// Events that take longer than `stepLimit` count as a hang. The first broken invariant or
/// hang ends the run with a `Failure` naming the seed and the last events.
@MainActor
final class SessionFuzzer {
    struct Failure: Error, CustomStringConvertible {
        var program: String
        var seed: UInt64
        var problem: String
        var eventNumber: Int
        var history: [String]

        var description: String {
            """
            \(program): \(problem)
              at event \(eventNumber); program seed \(seed); \(FuzzSettings.repeatHint)
              last events (oldest first):
            \(history.map { "    \($0)" }.joined(separator: "\n"))
            """
        }
    }

    struct Summary: CustomStringConvertible {
        var program: String
        var keyEvents = 0
        var commands = 0
        var failedCommands = 0
        var quits = 0
        var episodes = 0
        var duration: Duration = .zero
        var deepestStack = 0
        var longestBody = 0
        var pastes = 0
        var pastedEntries = 0

        var description: String {
            "\(program): \(keyEvents) key events, \(commands) script commands (\(failedCommands) refused), \(quits) quit keys, \(pastes) pastes (\(pastedEntries) entries checked), \(episodes) sessions (deepest stack \(deepestStack), most rows \(longestBody)) in \(duration.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))"
        }
    }

    /// How long one event (and the work it starts) may take before it counts as a hang:
    /// generous, as tests that block threads meanwhile can slow the store's work a lot.
    static let stepLimit: Duration = .seconds(60)

    let program: String
    let seed: UInt64
    private var random: SplitMix64
    private var controller: SessionController?
    private var interpreter: ScriptInterpreter?
    private var decoder = KeyDecoder()
    private var summary: Summary
    private var history: [String] = []
    private var eventNumber = 0
    private var shownTabs: Set<Int> = []
    private let watchdog = Watchdog()

    init(program: String, seed: UInt64) {
        self.program = program
        self.seed = seed
        random = SplitMix64(seed: seed)
        summary = Summary(program: program)
    }

    /// Runs `episodes` sessions one after the other (each made by `makeSession`), sharing out
    /// `keyEvents` key events and `commands` script commands among them.
    func run(
        keyEvents: Int, commands: Int, episodes: Int,
        makeSession: @MainActor (_ episode: Int, _ seed: UInt64) async throws -> any RootCoordinator
    ) async throws -> Summary {
        let start = ContinuousClock.now
        defer { watchdog.stop() }
        for episode in 0..<episodes {
            let root = try await makeSession(episode, random.next())
            // The stacks hold their coordinators weakly; the root owns them for the episode.
            defer { withExtendedLifetime(root) {} }
            let tabBar = root.tabBar
            let controller = SessionController(tabBar: tabBar, rows: 24, columns: 80)
            self.controller = controller
            interpreter = ScriptInterpreter(tabBar: tabBar)
            shownTabs = []
            decoder = KeyDecoder()
            summary.episodes += 1
            record("session \(episode + 1) starts")
            controller.enqueue { await root.start() }
            try await settle()
            try check()

            let keyTarget = keyEvents * (episode + 1) / episodes
            let commandTarget = commands * (episode + 1) / episodes
            while summary.keyEvents < keyTarget || summary.commands < commandTarget {
                let keysLeft = summary.keyEvents < keyTarget
                let commandsLeft = summary.commands < commandTarget
                if commandsLeft, !keysLeft || random.chance(1, in: 2) {
                    try await runCommand()
                } else {
                    try await runKeyEvent()
                }
            }
            try await settle()
            controller.cancel()
        }
        summary.duration = ContinuousClock.now - start
        return summary
    }

    // MARK: - Key events

    private func runKeyEvent() async throws {
        guard let controller else { return }
        switch nextTerminalEvent() {
        case .key(let key):
            try await press(key)
        case .typed(let text):
            record("types “\(text)”")
            for character in text { try await press(.character(character), quietly: true) }
        case .bytes(let bytes):
            let flush = random.chance(1, in: 2)
            record("bytes \(bytes.map { String(format: "%02X", $0) }.joined(separator: " "))\(flush ? " then silence" : "")")
            var keys = decoder.decode(bytes)
            if flush { keys += decoder.flush() }
            for key in keys { try await press(key, quietly: true) }
        case .resize(let rows, let columns):
            record("resize to \(rows)×\(columns)")
            controller.resize(rows: rows, columns: columns)
            summary.keyEvents += 1
            try check()
        case .paste(let text):
            try await paste(text)
        }
    }

    /// Goes to the screen's text field and pastes `text` there, every key at once, as a terminal
    /// delivers a paste; then checks that what Enter handed over is what the list stored.
    private func paste(_ text: String) async throws {
        guard let controller else { return }
        summary.keyEvents += 1
        // The list as it stands, with the work of earlier keys done: what the entries go after.
        try await settle()
        _ = controller.handle(.character("/"))
        let before = controller.render()
        guard let field = before.focusedRow.flatMap({ before.content?.row(id: $0) }),
            case .textField(_, let typed, _) = field.element
        else {
            record("pastes nothing: no text field")
            return try check()
        }
        record("pastes \(text.count) characters into “\(field.label)”: \(text.prefix(40).debugDescription)…")
        summary.pastes += 1
        for character in text { _ = controller.handle(character == "\n" ? .enter : .character(character)) }
        try await settle()
        if field.clearsOnSubmit {
            // A field takes the first `maximumFieldLength` keys of each entry and none after them.
            let entries = (typed + text).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { String($0.prefix(ScreenElement.maximumFieldLength)).trimmingWhitespace }.filter { !$0.isEmpty }
            try checkEntries(entries, before: before.content, after: controller.render().content)
        }
        try check()
    }

    /// Every entry is on the list: a row of its own, or added to the row of the same ingredient
    /// (`IngredientName.key`: "2 onions" to "onions · 1"), or a row to try it again; every row
    /// before is still there, and no row appears that no entry explains (two joined into one).
    private func checkEntries(_ entries: [String], before: ScreenContent<RowKey>?, after: ScreenContent<RowKey>?) throws(Failure) {
        // The shopping list's rows: items (toggles) and entries not added (buttons to try again).
        enum Kind { case item, notAdded }
        func rows(_ kind: Kind, in content: ScreenContent<RowKey>?) -> [String] {
            (content?.sections ?? []).flatMap(\.rows).filter { row in
                switch (kind, row.element) {
                case (.item, .toggle): true
                case (.notAdded, .button): row.isDeletable
                default: false
                }
            }.map(\.label)
        }
        func ingredients(_ labels: [String]) -> [String: Int] {
            labels.reduce(into: [:]) { counts, label in counts[IngredientName.key(label), default: 0] += 1 }
        }
        func key(_ entry: String) -> String { IngredientName.key(IngredientLine(parsing: entry).name) }
        let items = ingredients(rows(.item, in: before))
        let now = ingredients(rows(.item, in: after))
        let gone = items.filter { now[$0.key, default: 0] < $0.value }.map(\.key)
        guard gone.isEmpty else { throw failure("items before the paste went: \(gone.sorted())") }
        var kept = rows(.notAdded, in: after).filter { !rows(.notAdded, in: before).contains($0) }
        for entry in entries {
            if let index = kept.firstIndex(of: "Add “\(entry)” again") {
                kept.remove(at: index)
            } else if now[key(entry)] == nil {
                throw failure(
                    "the pasted entry “\(entry)” was neither stored (as “\(key(entry))”) nor kept to try again; the list has \(Array(rows(.item, in: after).suffix(8)))"
                )
            }
        }
        let entryKeys = Set(entries.map(key))
        let unexplained = now.filter { $0.value > items[$0.key, default: 0] && !entryKeys.contains($0.key) }.map(\.key)
        guard unexplained.isEmpty else { throw failure("the list stored entries nobody made: \(unexplained.sorted())") }
        summary.pastedEntries += entries.count
    }

    private func press(_ key: Key, quietly: Bool = false) async throws {
        guard let controller else { return }
        if !quietly { record("key \(key)") }
        summary.keyEvents += 1
        if case .quit = controller.handle(key) { summary.quits += 1 }
        // Mostly let the work finish, as a person pausing would; sometimes press on at once.
        if random.chance(3, in: 4) {
            try await settle()
        } else {
            await Task.yield()
        }
        try check()
    }

    enum TerminalEvent {
        case key(Key)
        case typed(String)
        case bytes([UInt8])
        case resize(rows: Int, columns: Int)
        case paste(String)
    }

    private func nextTerminalEvent() -> TerminalEvent {
        switch random.weightedIndex([60, 6, 4, 2, 2]) {
        case 0: .key(FuzzInput.nextKey(&random))
        case 1: .typed(FuzzInput.nextWord(&random))
        case 2: .bytes(FuzzInput.nextBytes(&random))
        case 3: .resize(rows: FuzzInput.nextRows(&random), columns: FuzzInput.nextColumns(&random))
        default: .paste(FuzzInput.nextPaste(&random))
        }
    }

    // MARK: - Script commands

    private func runCommand() async throws {
        guard let interpreter else { return }
        let line = nextCommandLine()
        record("command \(line)")
        summary.commands += 1
        // A script runs one command at a time: keys sent before it are done first.
        try await settle()
        let command: ScriptCommand?
        do {
            command = try ScriptCommand.parse(line)
        } catch {
            summary.failedCommands += 1
            try check()
            return
        }
        if let command {
            var failed = false
            try await withinLimit("the command “\(line)”") {
                do {
                    _ = try await interpreter.execute(command)
                } catch {
                    failed = true
                }
            }
            if failed { summary.failedCommands += 1 }
        }
        let text = interpreter.screenText
        if Self.hasTerminalControl(text) {
            throw failure("the script's screen would write a control to the terminal: \(text.debugDescription)")
        }
        try check()
    }

    /// A character the terminal could obey rather than show: a C0 control but the line break,
    /// DEL, a C1 control, or a bidirectional control. No text may bring one to the terminal.
    static func hasTerminalControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
        }
    }

    private func nextCommandLine() -> String {
        let tabBar = controller?.tabBar
        let content = tabBar?.visibleScreen?.content
        let numbered = content?.numberedRows ?? []
        let interactive = content?.interactiveRows ?? []
        let tabs = tabBar?.tabs.map(\.title) ?? []

        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func rowReference(_ random: inout SplitMix64) -> String {
            switch random.weightedIndex([6, 1, 3, 1, 1]) {
            case 0: String(Int.random(in: 1...max(1, numbered.count), using: &random))
            case 1: String(random.chance(1, in: 2) ? 0 : numbered.count + Int.random(in: 1...5, using: &random))
            case 2: random.element(of: interactive).map { quoted($0.label) } ?? "1"
            case 3: random.element(of: interactive).map { quoted(String($0.label.lowercased().prefix(4))) } ?? "x"
            default: "nosuchrow"
            }
        }
        func picker(_ random: inout SplitMix64) -> String {
            let pickers = interactive.compactMap { row -> (label: String, options: [String])? in
                if case .picker(let label, let options, _) = row.element { return (label, options) }
                return nil
            }
            guard let picker = random.element(of: pickers), let name = random.element(of: picker.options) else {
                return "\(rowReference(&random)) \(Int.random(in: 0...4, using: &random))"
            }
            let option = random.chance(1, in: 2) ? quoted(name) : String(Int.random(in: 0...picker.options.count + 1, using: &random))
            return "\(quoted(picker.label)) \(option)"
        }
        func junk(_ random: inout SplitMix64) -> String {
            String((0..<Int.random(in: 0...24, using: &random)).map { _ in random.element(of: Self.junkAlphabet) ?? "x" })
        }

        // A person keeps a list the size of a list, and goes back now and then: past 20
        // items, often delete one; past 6 screens, often go back.
        let deletable = numbered.indices.filter { numbered[$0].isDeletable }
        if deletable.count > 20, random.chance(1, in: 2), let index = random.element(of: deletable) {
            return "delete \(index + 1)"
        }
        if let depth = tabBar?.current.stack.count, depth > 6, random.chance(1, in: 2) {
            return "back"
        }
        switch random.weightedIndex(Self.commandWeights) {
        case 0: return "tab \(Int.random(in: 0...tabs.count + 1, using: &random))"
        case 1: return "tab \(random.element(of: tabs).map(quoted) ?? "1")"
        case 2: return "tab nowhere"
        case 3: return "select \(rowReference(&random))"
        case 4: return "open \(rowReference(&random))"
        case 5: return "toggle \(rowReference(&random))"
        case 6: return "set \(picker(&random))"
        case 7: return "delete \(rowReference(&random))"
        case 8: return "type \(quoted(FuzzInput.nextWord(&random)))"
        case 9: return "search curry"
        case 10: return "back"
        case 11: return "retry"
        case 12: return random.element(of: ["snapshot", "show", "help", "quit"]) ?? "help"
        case 13: return "expect \(quoted(random.element(of: interactive)?.label ?? "Curry"))"
        case 14: return "expect-not \(quoted(junk(&random)))"
        case 15: return random.element(of: ["select", "back now", "set 1", "select \"unclosed", "# a comment", "", "   "]) ?? ""
        default: return junk(&random)
        }
    }

    /// How often each kind of command comes, in the order of `nextCommandLine`'s cases.
    private static let commandWeights = [4, 2, 1, 10, 2, 3, 3, 3, 6, 1, 5, 2, 4, 1, 1, 5, 3]

    private static let junkAlphabet = Array("abcxyz019 \"\\#›é🍛-\t")

    // MARK: - Invariants

    private func check() throws(Failure) {
        guard let controller else { return }
        let tabBar = controller.tabBar
        for (index, tab) in tabBar.tabs.enumerated() {
            if !tab.stack.isEmpty {
                shownTabs.insert(index)
            } else if shownTabs.contains(index) {
                throw failure("the navigation stack of the tab “\(tab.title)” became empty")
            }
        }
        guard !tabBar.current.stack.isEmpty else { throw failure("the selected tab “\(tabBar.current.title)” shows no screen") }

        let rendering = controller.render()
        let frame = rendering.frame
        summary.deepestStack = max(summary.deepestStack, tabBar.current.stack.count)
        var rowCount = 0
        for section in rendering.content?.sections ?? [] { rowCount += section.rows.count }
        summary.longestBody = max(summary.longestBody, rowCount)
        let lines = frame.text
        let (rows, columns) = (controller.rows, controller.columns)
        guard lines.count <= rows else {
            throw failure("the frame has \(lines.count) lines in a window \(rows) rows high")
        }
        for (index, line) in lines.enumerated() where line.count > columns {
            throw failure("line \(index + 1) of the frame is \(line.count) characters wide in a window \(columns) columns wide: “\(line)”")
        }
        for (index, line) in lines.enumerated() where Self.hasTerminalControl(line) {
            throw failure("line \(index + 1) of the frame would write a control to the terminal: \(line.debugDescription)")
        }

        guard let focused = rendering.focusedRow, !rendering.showsHelp else { return }
        guard let content = rendering.content, let row = content.row(id: focused), row.isInteractive else {
            throw failure("the focus is on the row “\(focused)”, which the screen does not show as an interactive row")
        }
        // With too few rows for header, body and footer the body is not shown whole, and in one
        // column the > mark is cut to "…".
        guard rows >= frame.bodyTop + frame.bodyHeight + 2, columns >= 2 else { return }
        // Only the focused row's first line starts with ">": it must be among the body lines shown.
        let body = lines.dropFirst(frame.bodyTop).prefix(frame.bodyHeight)
        guard body.count(where: { $0.hasPrefix(">") }) == 1 else {
            throw failure(
                "the focused row “\(row.label)” is not among the visible body lines (scrolled to \(frame.scrollOffset)): \(lines)")
        }
    }

    // MARK: - Waiting, with a limit

    private func settle() async throws {
        guard let controller, !controller.isSettled else { return }
        try await withinLimit("the work started by the last events") { await controller.settle() }
    }

    /// Runs `body`, failing (without waiting for it further) if it takes longer than `stepLimit`.
    private func withinLimit(_ what: String, _ body: @escaping @MainActor () async -> Void) async throws(Failure) {
        let race = Race(deadline: ContinuousClock.now + Self.stepLimit)
        watchdog.watch(race)
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            race.continuation = continuation
            Task { @MainActor in
                await body()
                race.finish(true)
            }
        }
        guard finished else { throw failure("hang: \(what) did not finish within \(Self.stepLimit)") }
    }

    // MARK: - Reporting

    private func record(_ event: String) {
        eventNumber += 1
        history.append("#\(eventNumber) \(event)")
        if history.count > 40 { history.removeFirst(history.count - 40) }
    }

    private func failure(_ problem: String) -> Failure {
        Failure(program: program, seed: seed, problem: problem, eventNumber: eventNumber, history: history)
    }
}
