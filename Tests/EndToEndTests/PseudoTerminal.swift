import CoreTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A built executable running on a pseudo-terminal opened by the test, as a person at a
/// terminal would run it: its standard input, output and error are the pty's slave side,
/// and the test types on the master side and reads everything the program draws into a
/// `VirtualScreen`.
final class TerminalSession: @unchecked Sendable {
    let rows: Int
    let columns: Int
    private let master: Int32
    private let slave: Int32
    private let process = Process()
    private let lock = NSLock()
    private var received: [UInt8] = []
    /// Where in `received` the window changed size, and to what: the screen is replayed at each.
    private var resizes: [(offset: Int, rows: Int, columns: Int)] = []
    private var stopReading = false
    /// Signalled when the reader thread has stopped touching the master.
    private let readerDone = DispatchSemaphore(value: 0)

    /// Starts `product` with `arguments` on a fresh pty of `rows` × `columns`.
    /// `environment` is added to the test's own, with TERM=xterm-256color and no NO_COLOR.
    init(_ product: ProductProcess, _ arguments: [String] = [], rows: Int = 24, columns: Int = 80, environment: [String: String] = [:])
        throws
    {
        self.rows = rows
        self.columns = columns
        (master, slave) = try PseudoTerminalPair.open()
        try setWindowSize(rows: rows, columns: columns)

        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = nil
        variables["TERM"] = "xterm-256color"
        variables.merge(environment) { $1 }
        process.executableURL = product.executable
        process.arguments = arguments
        process.environment = variables
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal

        let thread = Thread { [self] in
            readLoop()
            readerDone.signal()
        }
        thread.start()
        try process.run()
    }

    deinit {
        if process.isRunning {
            // SIGKILL: a deinit cannot wait as a task, and the program may take its time over SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        lock.withLock { stopReading = true }
        _ = readerDone.wait(timeout: .now() + 1)  // it polls every 20 ms
        close(master)
        close(slave)
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Everything the program wrote, escape sequences included.
    var output: String { lock.withLock { String(decoding: received, as: UTF8.self) } }

    /// What a terminal would show now, at the window's size as it changed.
    var screen: VirtualScreen {
        let (bytes, resizes) = lock.withLock { (received, self.resizes) }
        var screen = VirtualScreen(rows: rows, columns: columns)
        var start = 0
        for resize in resizes {
            screen.apply(String(decoding: bytes[start..<resize.offset], as: UTF8.self))
            screen.resize(rows: resize.rows, columns: resize.columns)
            start = resize.offset
        }
        screen.apply(String(decoding: bytes[start...], as: UTF8.self))
        return screen
    }

    /// Types bytes as the keyboard would send them (see `TerminalKeys`).
    func send(_ keys: String...) {
        for key in keys {
            let bytes = Array(key.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
    }

    /// Waits until the screen shows `text`, or fails after `timeout` showing what it shows.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(60)) async throws -> VirtualScreen {
        try await waitUntil("the screen to show “\(text)”", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the screen.
    @discardableResult
    func waitUntil(_ what: String, timeout: Duration = .seconds(60), _ condition: (VirtualScreen) -> Bool) async throws
        -> VirtualScreen
    {
        var screen = self.screen
        let held = await Waiting.until(timeout: timeout) {
            screen = self.screen
            return condition(screen)
        }
        guard held else { throw Timeout(description: "timed out waiting for \(what); the screen shows:\n\(screen.text)") }
        return screen
    }

    /// Waits for the program to end and returns its exit status.
    func waitForExit(timeout: Duration = .seconds(60)) async throws -> Int32 {
        guard await process.exited(within: timeout) else {
            throw Timeout(description: "the program did not exit within \(timeout); the screen shows:\n\(screen.text)")
        }
        await drain()
        return process.terminationStatus
    }

    /// Waits until the reader has taken the last bytes off the master (output stops growing).
    private func drain() async {
        var count = -1  // the first look only takes the count
        _ = await Waiting.until(timeout: .seconds(1), every: .milliseconds(30)) {
            let now = lock.withLock { received.count }
            defer { count = now }
            return now == count
        }
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Whether the program is stopped (SIGSTOP, SIGTSTP), as the process table says.
    var isStopped: Bool {
        #if os(Linux)
            // "pid (name) S …": the state is the field after the name's closing parenthesis.
            guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), let state = stat[close...].dropFirst(2).first
            else { return false }
            return state == "T"
        #else
            let ps = Process()
            let pipe = Pipe()
            ps.executableURL = URL(fileURLWithPath: "/bin/ps")
            ps.arguments = ["-o", "stat=", "-p", "\(processIdentifier)"]
            ps.standardOutput = pipe
            guard (try? ps.run()) != nil else { return false }
            ps.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).hasPrefix("T")
        #endif
    }

    /// Waits until `condition` holds for the program (not its screen), or fails after `timeout`.
    func waitUntilProgram(_ what: String, timeout: Duration = .seconds(60), _ condition: () -> Bool) async throws {
        guard await Waiting.until(timeout: timeout, condition) else {
            throw Timeout(description: "timed out waiting for \(what); the screen shows:\n\(screen.text)")
        }
    }

    /// The slave side's settings now: after the program ends, what it left behind.
    func terminalSettings() -> termios {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings
    }

    /// Whether echo and line editing are on, as a shell needs them.
    var isCooked: Bool {
        let flags = terminalSettings().c_lflag
        return flags & tcflag_t(ECHO) != 0 && flags & tcflag_t(ICANON) != 0
    }

    /// Resizes the window and tells the program, as a terminal emulator does.
    func resize(rows: Int, columns: Int) throws {
        try setWindowSize(rows: rows, columns: columns)
        lock.withLock { resizes.append((received.count, rows, columns)) }
        signal(SIGWINCH)
    }

    private func setWindowSize(rows: Int, columns: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        #if canImport(Glibc)
            let descriptor = master
        #else
            let descriptor = slave
        #endif
        guard ioctl(descriptor, UInt(TIOCSWINSZ), &size) == 0 else { throw Timeout(description: "cannot set the window size") }
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !lock.withLock({ stopReading }) {
            var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 20) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                lock.withLock { received.append(contentsOf: buffer[0..<count]) }
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }
}

/// What keys send in a terminal.
enum TerminalKeys {
    static let enter = "\r"
    static let tab = "\t"
    static let shiftTab = "\u{1B}[Z"
    static let escape = "\u{1B}"
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let backspace = "\u{7F}"
    static let controlC = "\u{03}"
    static let controlZ = "\u{1A}"
    static let pageDown = "\u{1B}[6~"
    static let end = "\u{1B}[F"
}

/// The escape sequences the runner must end with.
enum TerminalSequences {
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    static let showCursor = "\u{1B}[?25h"
}

/// Opens a pty pair: posix_openpt, grantpt, unlockpt, ptsname. Glibc does not export the
/// first three to Swift, so on Linux they are looked up in the C library at run time.
enum PseudoTerminalPair {
    static func open() throws -> (master: Int32, slave: Int32) {
        let master = openMaster(O_RDWR | O_NOCTTY)
        guard master >= 0, grant(master) == 0, unlock(master) == 0, let name = slaveName(master) else {
            throw TerminalSession.Timeout(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        let slave = openDevice(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw TerminalSession.Timeout(description: "cannot open \(name): \(String(cString: strerror(errno)))")
        }
        return (master, slave)
    }

    private static func openDevice(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags)
        #else
            Darwin.open(path, flags)
        #endif
    }

    #if canImport(Glibc)
        private typealias DescriptorFunction = @convention(c) (Int32) -> Int32
        private typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

        private static func function<F>(_ name: String, as type: F.Type) -> F? {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        }

        private static func openMaster(_ flags: Int32) -> Int32 { function("posix_openpt", as: DescriptorFunction.self)?(flags) ?? -1 }
        private static func grant(_ master: Int32) -> Int32 { function("grantpt", as: DescriptorFunction.self)?(master) ?? -1 }
        private static func unlock(_ master: Int32) -> Int32 { function("unlockpt", as: DescriptorFunction.self)?(master) ?? -1 }
        private static func slaveName(_ master: Int32) -> String? {
            function("ptsname", as: NameFunction.self)?(master).map { String(cString: $0) }
        }
    #else
        private static func openMaster(_ flags: Int32) -> Int32 { posix_openpt(flags) }
        private static func grant(_ master: Int32) -> Int32 { grantpt(master) }
        private static func unlock(_ master: Int32) -> Int32 { unlockpt(master) }
        private static func slaveName(_ master: Int32) -> String? { ptsname(master).map { String(cString: $0) } }
    #endif
}

/// A tiny terminal: applies text, cursor positioning (CUP), erase in line and display,
/// cursor moves and the alternate screen, so tests assert on what would be visible.
/// Styles (SGR) and other modes are ignored. One character is one cell; nothing wraps.
struct VirtualScreen {
    private(set) var rows: Int
    private(set) var columns: Int
    private(set) var cells: [[Character]]
    private var mainCells: [[Character]]
    private(set) var row = 0
    private(set) var column = 0
    private(set) var isAlternateScreen = false
    private(set) var isCursorVisible = true

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        mainCells = cells
    }

    /// The window changed size: what fits stays, as a terminal emulator keeps it.
    mutating func resize(rows: Int, columns: Int) {
        func fit(_ lines: [[Character]]) -> [[Character]] {
            let kept = lines.prefix(rows).map { Array($0.prefix(columns)) + Array(repeating: " ", count: max(0, columns - $0.count)) }
            return kept + Array(repeating: Array(repeating: " ", count: columns), count: max(0, rows - kept.count))
        }
        self.rows = rows
        self.columns = columns
        cells = fit(cells)
        mainCells = fit(mainCells)
        row = min(row, rows - 1)
        column = min(column, columns)
    }

    /// The visible lines, trailing spaces trimmed.
    var lines: [String] {
        cells.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    var text: String { lines.joined(separator: "\n") }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    mutating func apply(_ output: String) {
        var scalars = output.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{1B}":
                guard let next = scalars.popFirst() else { return }
                if next == "[" { applyControlSequence(&scalars) }
            case "\r":
                column = 0
            case "\n":
                lineFeed()
            case "\u{08}":
                column = max(0, column - 1)
            case "\t":
                column = min(columns - 1, (column / 8 + 1) * 8)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                break
            default:
                if column < columns, row < rows { cells[row][column] = Character(scalar) }
                column = min(columns, column + 1)
            }
        }
    }

    private mutating func lineFeed() {
        if row == rows - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func applyControlSequence(_ scalars: inout Substring.UnicodeScalarView) {
        var parameters = ""
        while let scalar = scalars.popFirst() {
            guard (0x40...0x7E).contains(scalar.value) else {
                parameters.unicodeScalars.append(scalar)
                continue
            }
            let isPrivate = parameters.hasPrefix("?")
            let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            func number(_ index: Int, default value: Int) -> Int {
                numbers.indices.contains(index) ? (numbers[index] ?? value) : value
            }
            switch (scalar, isPrivate) {
            case ("H", false), ("f", false):
                row = min(rows - 1, max(0, number(0, default: 1) - 1))
                column = min(columns - 1, max(0, number(1, default: 1) - 1))
            case ("K", false):
                let blank: Character = " "
                switch number(0, default: 0) {
                case 1: for index in 0...min(column, columns - 1) { cells[row][index] = blank }
                case 2: cells[row] = Array(repeating: blank, count: columns)
                default: for index in min(column, columns)..<columns { cells[row][index] = blank }
                }
            case ("J", false):
                if number(0, default: 0) == 2 {
                    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
                } else {
                    for index in min(column, columns)..<columns { cells[row][index] = " " }
                    for below in (row + 1)..<max(row + 1, rows) { cells[below] = Array(repeating: " ", count: columns) }
                }
            case ("A", false): row = max(0, row - number(0, default: 1))
            case ("B", false): row = min(rows - 1, row + number(0, default: 1))
            case ("C", false): column = min(columns - 1, column + number(0, default: 1))
            case ("D", false): column = max(0, column - number(0, default: 1))
            case ("h", true), ("l", true):
                let on = scalar == "h"
                for mode in numbers.compactMap({ $0 }) {
                    if mode == 25 { isCursorVisible = on }
                    if mode == 1049, on != isAlternateScreen {
                        isAlternateScreen = on
                        if on {
                            mainCells = cells
                            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
                        } else {
                            cells = mainCells
                        }
                    }
                }
            default:
                break  // SGR and the rest change nothing visible here
            }
            return
        }
    }
}
