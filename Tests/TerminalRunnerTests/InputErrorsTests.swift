import Core
import Foundation
import Testing

@testable import TerminalRunner

@Suite("bad input said in words: files, encodings")
struct InputErrorsTests {
    @Test("the first byte that is not UTF-8, with its line and column (in characters)")
    func utf8() {
        #expect(UTF8Check.firstInvalidByte(in: Data("plain\nç日本🍛\n".utf8)) == nil)
        let invalid = UTF8Check.firstInvalidByte(in: Data("ab\nçé".utf8) + [0xFF] + Data("x".utf8))
        #expect(invalid?.byte == 0xFF && invalid?.line == 2 && invalid?.column == 3)
        let cut = UTF8Check.firstInvalidByte(in: Data("a".utf8) + [0xE2, 0x82])
        #expect(cut?.byte == 0xE2 && cut?.line == 1 && cut?.column == 2, "a character cut short at the end")
    }

    @Test("system errors in words, never an error domain and a number")
    func errorsInWords() {
        let wrapped = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOTDIR)])
        #expect(wrapped.inWords == "not a directory")
        #expect(CocoaError(.fileReadNoSuchFile).inWords == "no such file or directory")
        #expect(CocoaError(.fileWriteOutOfSpace).inWords == "the disk is full")
        #expect(POSIXError(.EACCES).inWords == "permission denied")
        #expect(POSIXError(.EISDIR).inWords == "is a directory")
        #expect(NSError(domain: NSCocoaErrorDomain, code: 99_999).inWords == "the system did not say why")
    }

    @Test("a folder that cannot be made names the file in its way; one that can is made with its parents")
    func folders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Folder.create(at: root.appendingPathComponent("a/b"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/b").path))
        #expect(FileManager.default.createFile(atPath: root.appendingPathComponent("file").path, contents: Data("x".utf8)))
        #expect(throws: FolderError(reason: "\(root.path)/file is a file, not a folder")) {
            try Folder.create(at: root.appendingPathComponent("file/logs/deeper"))
        }
    }
}
