import Foundation
import Testing

@testable import TerminalRunner

/// `TerminalMode` on a pseudo-terminal opened here: raw mode in, everything back out.
@Suite("TerminalMode")
struct TerminalModeTests {
    /// Opens a pty pair (posix_openpt, grantpt, unlockpt, ptsname; looked up at run time on
    /// Linux, whose Glibc module does not export them to Swift).
    static func openPair() throws -> (master: Int32, slave: Int32) {
        #if canImport(Glibc)
            typealias Function = @convention(c) (Int32) -> Int32
            typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            func look<F>(_ name: String, _ type: F.Type) throws -> F {
                guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw CocoaError(.featureUnsupported) }
                return unsafeBitCast(symbol, to: type)
            }
            let master = try look("posix_openpt", Function.self)(O_RDWR | O_NOCTTY)
            guard master >= 0, try look("grantpt", Function.self)(master) == 0, try look("unlockpt", Function.self)(master) == 0,
                let name = try look("ptsname", Name.self)(master)
            else { throw CocoaError(.featureUnsupported) }
        #else
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
                throw CocoaError(.featureUnsupported)
            }
        #endif
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.featureUnsupported) }
        return (master, slave)
    }

    static func lineFlags(_ descriptor: Int32) -> tcflag_t {
        var settings = termios()
        _ = tcgetattr(descriptor, &settings)
        return settings.c_lflag
    }

    /// Everything waiting on the master side.
    static func drain(_ master: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&request, 1, 50) > 0 {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("enter switches to raw mode and the alternate screen; restore puts everything back, once")
    func enterAndRestore() throws {
        let (master, slave) = try Self.openPair()
        defer {
            close(master)
            close(slave)
        }
        let echoAndLines = tcflag_t(ECHO) | tcflag_t(ICANON)
        #expect(Self.lineFlags(slave) & echoAndLines == echoAndLines)

        let mode = TerminalMode(input: slave, output: slave)
        try mode.enter()
        #expect(mode.isActive)
        #expect(Self.lineFlags(slave) & (echoAndLines | tcflag_t(ISIG)) == 0, "no echo, no line editing, Ctrl-C as a byte")
        mode.write("frame")
        #expect(Self.drain(master) == TerminalSequence.enter + "frame")

        mode.restore()
        mode.restore()
        mode.write("late frame")
        #expect(!mode.isActive)
        #expect(Self.lineFlags(slave) & echoAndLines == echoAndLines)
        let output = Self.drain(master)
        #expect(output == TerminalSequence.leave, "restored once; nothing written after")
        #expect(output.hasSuffix("\u{1B}[?1049l\u{1B}[?25h"))
    }

    @Test("the window size comes from the terminal")
    func size() throws {
        let (master, slave) = try Self.openPair()
        defer {
            close(master)
            close(slave)
        }
        var size = winsize(ws_row: 33, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        #expect(TerminalMode(input: slave, output: slave).size() == (33, 101))
    }

    @Test("a descriptor that is not a terminal cannot enter raw mode")
    func notATerminal() throws {
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        #expect(throws: StartupError.self) { try TerminalMode(input: null, output: null).enter() }
    }
}
