import DataFormats
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Reading a file the user names")
struct FileContentsTests {
    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "file-contents-\(UUID().uuidString)-\(name)"
    }

    @Test func aRegularFileIsReadWhole() throws {
        let path = Self.temporaryPath("script.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("tab Search\nquit\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try FileContents.read(atPath: path) == Data("tab Search\nquit\n".utf8))
    }

    @Test("/dev/null is an empty file, not 'permission denied'")
    func deviceIsRead() throws {
        #expect(try FileContents.read(atPath: "/dev/null").isEmpty)
    }

    @Test("a pipe (what `--script <(printf …)` gives) is read to its end")
    func pipeIsRead() async throws {
        let path = Self.temporaryPath("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = String(repeating: "type curry\n", count: 10_000)  // more than a pipe's buffer
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = lines.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
            close(descriptor)
        }
        writer.start()
        let data = try FileContents.read(atPath: path)
        #expect(String(decoding: data, as: UTF8.self) == lines)
    }

    @Test("a missing file, or a folder, fails with the POSIX reason")
    func missingFile() throws {
        let missing = try #require(throws: POSIXError.self) { try FileContents.read(atPath: "/nonexistent/script.txt") }
        #expect(missing.code == .ENOENT)
        let folder = try #require(throws: POSIXError.self) { try FileContents.read(atPath: "/tmp") }
        #expect(folder.code == .EISDIR)
    }
}
