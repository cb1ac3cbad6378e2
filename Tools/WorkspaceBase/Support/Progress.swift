import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal where a command's progress is shown: one line on standard error, rewritten in place
/// and erased before anything else is written (`clear`), so the command's own output never lands
/// in the middle of it. There is none when standard error is not a terminal: logs and pipes get
/// the command's output alone.
public final class ProgressTerminal: @unchecked Sendable {
    /// How long a command runs before its progress is shown, in seconds: a quick one shows none.
    let delay: Double
    /// How often the line is redrawn at most, in seconds.
    let interval: Double
    /// Whether a thread redraws the line while a long step (a build, reading the manifest) reports
    /// nothing, so the time shown keeps moving; tests draw only when the command reports.
    let ticks: Bool
    /// The longest line shown: a line longer than the terminal is wide would wrap, and could not
    /// be rewritten in place.
    let width: Int
    private let output: @Sendable (String) -> Void
    // Guarded by `lock`.
    private let lock = NSLock()
    private var shown = false

    public init(
        delay: Double = 1, interval: Double = 0.2, ticks: Bool = true, width: Int = 80, output: @escaping @Sendable (String) -> Void
    ) {
        self.delay = delay
        self.interval = interval
        self.ticks = ticks
        self.width = width
        self.output = output
    }

    /// Standard error when it is a terminal (`isTerminal`), else nil.
    public static func standardError(isTerminal: (Int32) -> Bool = { isatty($0) == 1 }) -> ProgressTerminal? {
        guard isTerminal(STDERR_FILENO) else { return nil }
        return ProgressTerminal(width: columns() ?? 80) { text in FileHandle.standardError.write(Data(text.utf8)) }
    }

    /// The terminal's width in columns, if it says.
    static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// What erases the line the cursor is on: back to its start, then erase to its end.
    static let erase = "\r\u{1B}[K"

    /// Shows `text` in place of the line shown before.
    func show(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        output(Self.erase + String(text.prefix(max(1, width - 1))))
        shown = true
    }

    /// Erases the line, if one is shown.
    public func clear() {
        lock.lock()
        defer { lock.unlock() }
        guard shown else { return }
        output(Self.erase)
        shown = false
    }
}

/// How far a command that reads the whole workspace is, for a person at a terminal, once the
/// command has taken a second: `workspace check 3/4: reading the sources: 3,120 of 7,493 files
/// (1.4 s)` (step 3 of 4: how far, of how much, doing what). The command names its steps (`step`) and
/// counts what it has done of a step (`advance`); `finish` erases the line. Without a terminal
/// it shows nothing and costs next to nothing.
public final class Progress: @unchecked Sendable {
    private let command: String
    private let steps: Int
    private let terminal: ProgressTerminal?
    private let clock: @Sendable () -> Double
    private let started: Double
    // Guarded by `lock`.
    private let lock = NSCondition()
    private var step = 0
    private var doing = ""
    private var done = 0
    private var total: Int?
    private var unit = ""
    private var lastDrawn: (text: String, at: Double)?
    private var finished = false
    private var paused = false

    /// `steps`: how many times the command will call `step`.
    public init(
        _ command: String, steps: Int, terminal: ProgressTerminal?,
        clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.command = command
        self.steps = steps
        self.terminal = terminal
        self.clock = clock
        started = clock()
        guard let terminal, terminal.ticks else { return }
        Thread { [self] in tickUntilFinished(every: terminal.interval) }.start()
    }

    /// One that shows nothing.
    public static var silent: Progress { Progress("", steps: 0, terminal: nil) }

    /// The next step begins: what it does (`reading the sources`) and, when it counts something,
    /// how many of what (`7493`, `files`; no unit when the words say it).
    public func step(_ doing: String, count total: Int? = nil, of unit: String = "") {
        guard terminal != nil else { return }
        update {
            step += 1
            self.doing = doing
            done = 0
            self.total = total
            self.unit = unit
        }
    }

    /// `count` more of the step's things are done.
    public func advance(by count: Int = 1) {
        guard terminal != nil else { return }
        update { done += count }
    }

    /// Runs `body`, which shows its own progress at the terminal (a build does), with the line
    /// erased and not drawn meanwhile.
    public func aside<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let terminal else { return try body() }
        lock.lock()
        paused = true
        lock.unlock()
        terminal.clear()
        defer {
            lock.lock()
            paused = false
            lock.unlock()
        }
        return try body()
    }

    /// The command is done (or failed): the line is erased and nothing is drawn any more.
    public func finish() {
        guard let terminal else { return }
        lock.lock()
        finished = true
        lock.broadcast()
        lock.unlock()
        terminal.clear()
    }

    /// What the line says now; nil while the command is younger than the terminal's delay.
    func text(at now: Double) -> String? {
        guard let terminal, now - started >= terminal.delay, step > 0 else { return nil }
        var text = "workspace \(command) \(min(step, steps))/\(steps): \(doing)"
        if let total { text += ": \(Self.grouped(min(done, total))) of \(Self.grouped(total))" + (unit.isEmpty ? "" : " \(unit)") }
        return text + " (" + String(format: "%.1f s", now - started) + ")"
    }

    /// `7493` → `7,493`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
            String(digits.dropLast(digits.count - end).suffix(3))
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// Changes the state, and redraws the line if it is due.
    private func update(_ change: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change()
        draw()
    }

    /// Draws the line if it says something new and the last drawing is old enough. Called with
    /// `lock` held.
    private func draw() {
        guard !finished, !paused, let terminal else { return }
        let now = clock()
        guard let text = text(at: now), text != lastDrawn?.text else { return }
        if let lastDrawn, now - lastDrawn.at < terminal.interval { return }
        terminal.show(text)
        lastDrawn = (text, now)
    }

    private func tickUntilFinished(every interval: Double) {
        lock.lock()
        defer { lock.unlock() }
        while !finished {
            _ = lock.wait(until: Date(timeIntervalSinceNow: interval))
            draw()
        }
    }
}
