import Foundation
import Testing

@testable import WorkspaceBase

@Suite("a file's status for the focus's stamps, from one lstat")
struct FileStatusTests {
    @Test("a file, a folder and a link are told apart; a link is stamped itself, not its target; nothing there is nil")
    func kindsAndSizes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Feed.swift").path
        try "import Core\n".write(toFile: file, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("Link.swift").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)

        let status = try #require(FileStatus(path: file))
        #expect(status.kind == .file)
        #expect(status.size == 12)
        #expect(FileStatus(path: folder.path)?.kind == .folder)
        #expect(FileStatus(path: link)?.kind == .link)
        #expect(FileStatus(path: link)?.inode != status.inode)
        #expect(FileStatus(path: folder.appendingPathComponent("Missing.swift").path) == nil)
    }

    @Test("the same as FileManager's attributes: size, modification time to the nanosecond, inode")
    func agreesWithFileManager() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("file-status-\(UUID().uuidString).swift")
        try "let a = 1\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let modified = Date(timeIntervalSince1970: 1_790_000_000.25)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)

        let status = try #require(FileStatus(path: file.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(status.modified == 1_790_000_000.25)
        #expect(status.size == (attributes[.size] as? NSNumber)?.int64Value)
        #expect(status.inode == (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }
}
