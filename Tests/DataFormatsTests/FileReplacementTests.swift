import DataFormats
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files written whole: at once, in place, keeping their permissions, only over regular files,
/// leaving nothing behind.
@Suite("Writing a file whole")
struct FileReplacementTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("a file made private stays private when it is written again (600 stayed 644 after Foundation's atomic write)")
    func keepsItsMode() throws {
        let file = path("c.json")
        try FileReplacement.write(Data("one".utf8), to: file)
        #expect(chmod(file, 0o600) == 0)

        try FileReplacement.write(Data("two".utf8), to: file)

        #expect(try mode(file) == 0o600)
        #expect(try text(file) == "two")
    }

    @Test("through a symbolic link, the link's target is written and the link stays a link; a link to nothing yet makes the file")
    func followsLinks() throws {
        let target = path("real.json")
        let link = path("link.json")
        try FileReplacement.write(Data("one".utf8), to: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")

        #expect(try FileReplacement.write(Data("two".utf8), to: link) == target)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json")
        #expect(try text(target) == "two")
        let dangling = path("dangling.json")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: path("new.json"))
        try FileReplacement.write(Data("new".utf8), to: dangling)
        #expect(try text(path("new.json")) == "new")
    }

    @Test("a named pipe, a folder or a device is refused in words at once, and nothing is written beside it")
    func onlyRegularFiles() throws {
        let pipe = path("pipe")
        #expect(mkfifo(pipe, 0o644) == 0)
        #expect(throws: FileProblem(path: pipe, reason: "it is a named pipe (FIFO), not a regular file")) {
            try FileReplacement.write(Data("x".utf8), to: pipe)
        }
        #expect(throws: FileProblem(path: folder, reason: "it is a directory, not a regular file")) {
            try FileReplacement.write(Data("x".utf8), to: folder)
        }
        #expect(throws: FileProblem(path: "/dev/null", reason: "it is a device, not a regular file")) {
            try FileReplacement.regularFile(at: "/dev/null")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["pipe"])
    }

    @Test("the temporary file of a write whose process is gone is removed; a running writer's is kept")
    func leftovers() throws {
        let file = path("c.json")
        // A process id nothing runs as (the kernel's largest is far lower), and this process's.
        let gone = path(".c.json.cookbook-2147483646-7.tmp")
        let running = path(".c.json.cookbook-\(getpid())-999999.tmp")
        let other = path(".other.json.cookbook-2147483646-1.tmp")
        for leftover in [gone, running, other] { try Data(count: 864 << 10).write(to: URL(fileURLWithPath: leftover)) }

        try FileReplacement.write(Data("x".utf8), to: file)

        #expect(!FileManager.default.fileExists(atPath: gone))
        #expect(FileManager.default.fileExists(atPath: running))
        #expect(FileManager.default.fileExists(atPath: other), "another file's: left for its own next write")
        FileReplacement.removeLeftovers(inFolder: folder)
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".c.json.cookbook-\(getpid())-999999.tmp", "c.json"])
    }

    @Test("a folder that cannot be written: said in words, and the file is as it was")
    func unwritable() throws {
        let file = path("c.json")
        try FileReplacement.write(Data("one".utf8), to: file)
        let missing = path("no/such/folder/c.json")
        #expect(throws: FileProblem(path: missing, reason: "its folder does not exist")) {
            try FileReplacement.write(Data("x".utf8), to: missing)
        }
        #expect(try text(file) == "one")
    }

    @Test("a cassette keeps its mode and its link when recorded again; a named pipe as a cassette is refused at once")
    func cassettes() throws {
        let target = path("real.json")
        let link = path("search.json")
        try Cassette(server: "http://127.0.0.1:1").write(to: target)
        #expect(chmod(target, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        try Cassette(server: "http://127.0.0.1:2").write(to: link)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try mode(target) == 0o600)
        #expect(try Cassette.load(from: link).server == "http://127.0.0.1:2")
        let pipe = path("pipe.json")
        #expect(mkfifo(pipe, 0o644) == 0)
        let error = try #require(throws: CassetteError.self) { try Cassette.load(from: pipe) }
        #expect(error.problem == "it is a named pipe (FIFO), not a regular file")
    }
}
