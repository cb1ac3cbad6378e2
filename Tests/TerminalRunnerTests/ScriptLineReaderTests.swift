import Foundation
import Testing

@testable import TerminalRunner

/// Script lines read from a descriptor keep at most the limit of any line: a longer one is read
/// to its end, let go, and reported by its length; the lines around it are read as usual.
@Suite("Reading script lines within a limit")
struct ScriptLineReaderTests {
    /// The lines `bytes` holds, read through a file descriptor with the given limit.
    func lines(_ bytes: [UInt8], limit: Int = 16) throws -> [ScriptLineReader.Line] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        var reader = ScriptLineReader(descriptor: descriptor, limit: limit)
        var lines: [ScriptLineReader.Line] = []
        while let line = reader.next() { lines.append(line) }
        return lines
    }

    @Test("lines end at \\n, a \\r before it goes, the last needs none, bytes that are not UTF-8 are U+FFFD, as readLine reads them")
    func asReadLine() throws {
        #expect(
            try lines(Array("tab Search\r\ntype curry\n\nquit".utf8) + [0x0A, 0xFF, 0x41, 0x0A])
                == [.text("tab Search"), .text("type curry"), .text(""), .text("quit"), .text("\u{FFFD}A")])
        #expect(try lines([]) == [])
    }

    @Test("a line at the limit is read; one byte more is too long, counted whole; the next line is read as usual")
    func atTheLimit() throws {
        let exactly = String(repeating: "a", count: 16)
        #expect(try lines(Array((exactly + "\n" + exactly + "b\nquit\n").utf8)) == [.text(exactly), .tooLong(bytes: 17), .text("quit")])
    }

    @Test("lines of 1 MB and 50 MB are reported by their length, with the line after them, holding no more than the limit")
    func hugeLines() throws {
        for size in [1 << 20, 50 << 20] {
            let bytes = Array("type ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: size) + Array("\nquit\n".utf8)
            #expect(try lines(bytes, limit: ScriptCommand.maximumLineBytes) == [.tooLong(bytes: size + 5), .text("quit")])
        }
    }
}
