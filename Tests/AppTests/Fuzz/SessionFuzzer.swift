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
///   whatever the recipes hold (`HostileRecipes` through a dataset and a web API).
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

        var description: String {
            "\(program): \(keyEvents) key events, \(commands) script commands (\(failedCommands) refused), \(quits) quit keys, \(episodes) sessions (deepest stack \(deepestStack), most rows \(longestBody)) in \(duration.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))"
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
            let session = root.session
            let controller = SessionController(session: session, rows: 24, columns: 80)
            self.controller = controller
            interpreter = ScriptInterpreter(session: session)
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
        }
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
    }

    private func nextTerminalEvent() -> TerminalEvent {
        switch random.weightedIndex([60, 6, 4, 2]) {
        case 0: .key(Self.nextKey(&random))
        case 1: .typed(Self.nextWord(&random))
        case 2: .bytes(Self.nextBytes(&random))
        default: .resize(rows: Self.nextRows(&random), columns: Self.nextColumns(&random))
        }
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCXYZ")
    private static let unusual: [Character] = [
        "é", "ß", "日", "本", "🍛", "👍🏽", "e\u{301}", "\u{200B}", "\t", "\u{7F}", "\"", "\\", "#", "›", "\u{0}", "\u{1B}", "\u{9B}", "\u{202E}",
    ]
    private static let keys: [(weight: Int, make: (inout SplitMix64) -> Key)] = [
        (14, { _ in .down }), (8, { _ in .up }), (12, { _ in .enter }), (5, { _ in .escape }), (3, { _ in .backspace }),
        (4, { _ in .tab }), (2, { _ in .backTab }), (2, { _ in .left }), (2, { _ in .right }), (2, { _ in .pageUp }),
        (2, { _ in .pageDown }), (1, { _ in .home }), (1, { _ in .end }), (1, { _ in .delete }), (1, { _ in .control("u") }),
        (1, { _ in .control("l") }), (1, { _ in .control("a") }), (1, { _ in .unknown }), (1, { _ in .interrupt }),
        (3, { _ in .character("j") }), (2, { _ in .character("k") }), (3, { _ in .character("/") }), (1, { _ in .character("?") }),
        (2, { _ in .character("r") }), (2, { _ in .character("d") }), (1, { _ in .character("q") }), (2, { _ in .character(" ") }),
        (3, { .character(Character(String(Int.random(in: 0...9, using: &$0)))) }),
        (8, { .character($0.element(of: letters) ?? "a") }),
        (2, { .character($0.element(of: unusual) ?? "é") }),
    ]

    private static let keyWeights = keys.map(\.weight)

    private static func nextKey(_ random: inout SplitMix64) -> Key {
        keys[random.weightedIndex(keyWeights)].make(&random)
    }

    private static let words = [
        "curry", "rice", "soup", "pancakes", "tofu", "milk", "bread", "a", "zz", "Curry Rice", "vegetable curry",
        "é日本🍛", "   ", String(repeating: "x", count: 90), "quote\"d", "back\\slash", "q", "1", "?",
        "\u{1B}]0;pwned\u{07}", "\u{1B}[2J", "milk\u{0}eggs", "\u{9B}31m", "\u{202E}rtl", "cr\rlf",
    ]

    private static func nextWord(_ random: inout SplitMix64) -> String {
        random.element(of: words) ?? "curry"
    }

    /// Raw terminal bytes: pieces of escape sequences, UTF-8 (whole, split or broken) and noise.
    private static func nextBytes(_ random: inout SplitMix64) -> [UInt8] {
        let pieces: [[UInt8]] = [
            [0x1B], [0x1B, 0x5B], [0x5B], [0x4F], [0x41], [0x42], [0x43], [0x44], [0x5A], [0x7E], [0x3B], [0x31], [0x33], [0x35],
            [0x0D], [0x0A], [0x7F], [0x08], [0x03], [0x15], [0x0C], [0x09], [0x20],
            Array("é".utf8), [0xE6, 0x97], [0xA5], [0xF0, 0x9F], [0xFF], [0xC0, 0x80], [0x80],
        ]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            if random.chance(1, in: 6) {
                bytes.append(UInt8.random(in: 0...255, using: &random))
            } else {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
        }
        return bytes
    }

    private static func nextRows(_ random: inout SplitMix64) -> Int {
        random.chance(1, in: 5) ? Int.random(in: 1...7, using: &random) : Int.random(in: 8...70, using: &random)
    }

    private static func nextColumns(_ random: inout SplitMix64) -> Int {
        random.chance(1, in: 5) ? Int.random(in: 1...12, using: &random) : Int.random(in: 13...220, using: &random)
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
        let session = controller?.session
        let content = session?.visibleScreen?.content
        let numbered = content?.numberedRows ?? []
        let interactive = content?.interactiveRows ?? []
        let tabs = session?.tabs.map(\.title) ?? []

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
        if let depth = session?.current.stack.count, depth > 6, random.chance(1, in: 2) {
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
        case 8: return "type \(quoted(Self.nextWord(&random)))"
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
        let session = controller.session
        for (index, tab) in session.tabs.enumerated() {
            if !tab.stack.isEmpty {
                shownTabs.insert(index)
            } else if shownTabs.contains(index) {
                throw failure("the navigation stack of the tab “\(tab.title)” became empty")
            }
        }
        guard !session.current.stack.isEmpty else { throw failure("the selected tab “\(session.current.title)” shows no screen") }

        let rendering = controller.render()
        let frame = rendering.frame
        summary.deepestStack = max(summary.deepestStack, session.current.stack.count)
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
        // Header and footer take five lines; with fewer rows the body is not shown at all,
        // and in one column the > mark is cut to "…".
        guard rows > FrameRenderer.headerHeight + FrameRenderer.footerHeight, columns >= 2 else { return }
        // Only the focused row's line starts with ">": it must be among the body lines shown.
        let body = lines.dropFirst(FrameRenderer.headerHeight).prefix(frame.bodyHeight)
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

/// One awaited step: whichever of its body and the watchdog finishes first resumes the
/// waiting fuzzer, once.
@MainActor
private final class Race {
    let deadline: ContinuousClock.Instant
    var continuation: CheckedContinuation<Bool, Never>?

    init(deadline: ContinuousClock.Instant) {
        self.deadline = deadline
    }

    func finish(_ value: Bool) {
        continuation?.resume(returning: value)
        continuation = nil
    }
}

/// Ends the step being awaited when it passes its deadline: one timer for the whole run
/// rather than one per step. It wakes on the main actor, so it ends a step that waits forever
/// (a hang), not one spinning on the actor: that stalls the run, and the seed printed at the
/// start of the run is what repeats it.
@MainActor
private final class Watchdog {
    private weak var race: Race?
    private var timer: Task<Void, Never>?

    func watch(_ race: Race) {
        self.race = race
        guard timer == nil else { return }
        timer = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                guard let self else { return }
                if let race = self.race, ContinuousClock.now > race.deadline { race.finish(false) }
            }
        }
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }
}
