import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceWatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A package-shaped temporary folder: `Features/Feed/A.swift` and a `Package.swift`.
private final class TemporaryPackage {
    let root: String
    let files: WatchedFiles

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-files-\(UUID().uuidString)").path
        files = WatchedFiles(root: root, folders: ["Features/Feed"])
        try FileManager.default.createDirectory(atPath: root + "/Features/Feed", withIntermediateDirectories: true)
        try write("Package.swift", "// manifest\n")
        try write("Features/Feed/A.swift", "let a = 1\n")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
    }

    /// Writes `path` the way many editors save: a scratch file renamed over the real one.
    func saveByRenaming(_ path: String, _ text: String) throws {
        try write(path + ".tmp", text)
        guard rename(root + "/" + path + ".tmp", root + "/" + path) == 0 else { throw CommandError("rename failed") }
    }
}

@Suite("workspace watch: noticing saves")
struct FileWatcherTests {
    /// Asks the watcher until it reports something, waiting on its descriptor (bounded: a
    /// watcher that never reports fails the test instead of hanging it).
    func nextChanges(_ watcher: any FileWatching) throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let descriptor = watcher.descriptor {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, 200)
            }
            let changes = try watcher.changes()
            if !changes.isEmpty { return changes }
        }
        return []
    }

    @Test("looking: a changed, a new and a deleted file are reported once; scratch files are not")
    func polling() throws {
        let package = try TemporaryPackage()
        let watcher = PollingWatcher(package.files)
        #expect(try watcher.changes() == [])
        try package.write("Features/Feed/A.swift", "let a = 22\n")
        try package.write("Features/Feed/B.swift", "let b = 2\n")
        try package.write("Features/Feed/A.swift.swp", "scratch")
        #expect(try watcher.changes() == ["Features/Feed/A.swift", "Features/Feed/B.swift"])
        #expect(try watcher.changes() == [])
        try FileManager.default.removeItem(atPath: package.root + "/Features/Feed/B.swift")
        try package.write("Package.swift", "// the manifest, edited\n")
        #expect(try watcher.changes() == ["Features/Feed/B.swift", "Package.swift"])
    }

    #if canImport(Glibc)
        @Test("inotify: a write, a save by renaming, a file in a new folder and the manifest are seen")
        func inotify() throws {
            let package = try TemporaryPackage()
            let watcher = try InotifyWatcher(package.files)
            try package.write("Features/Feed/A.swift", "let a = 22\n")
            #expect(try nextChanges(watcher) == ["Features/Feed/A.swift"])

            try package.saveByRenaming("Features/Feed/A.swift", "let a = 3\n")
            #expect(try nextChanges(watcher) == ["Features/Feed/A.swift"], "the scratch file is left out")

            try FileManager.default.createDirectory(atPath: package.root + "/Features/Feed/Rows", withIntermediateDirectories: true)
            #expect(try nextChanges(watcher) == ["Features/Feed/Rows"])
            try package.write("Features/Feed/Rows/Row.swift", "let row = 1\n")
            #expect(try nextChanges(watcher) == ["Features/Feed/Rows/Row.swift"], "the new folder is watched too")

            try package.write("README.md", "not watched\n")
            try package.write("Package.swift", "// edited\n")
            #expect(try nextChanges(watcher) == ["Package.swift"])
        }

        @Test("inotify's records are read with their padded names")
        func records() {
            var bytes: [UInt8] = []
            func append(_ value: UInt32) { withUnsafeBytes(of: value) { bytes += $0 } }
            append(3)
            append(UInt32(IN_CLOSE_WRITE))
            append(0)
            append(16)
            bytes += Array("A.swift".utf8) + Array(repeating: 0, count: 9)
            append(4)
            append(UInt32(IN_DELETE))
            append(0)
            append(0)
            let events = InotifyWatcher.events(in: bytes[...])
            #expect(events.map(\.name) == ["A.swift", ""])
            #expect(events.map(\.watch) == [3, 4])
            #expect(events.map(\.mask) == [UInt32(IN_CLOSE_WRITE), UInt32(IN_DELETE)])
        }
    #endif
}

@Suite("workspace watch: child processes")
struct ChildProcessTests {
    @Test("a child's exit status and signal are told apart")
    func statuses() throws {
        let exited = try ChildProcess(["/bin/sh", "-c", "exit 3"], input: .null, output: .null)
        #expect(exited.wait(timeout: .seconds(10)) == .exited(3))
        let killed = try ChildProcess(["/bin/sh", "-c", "kill -TERM $$"], input: .null, output: .null)
        #expect(killed.wait(timeout: .seconds(10)) == .signalled(SIGTERM))
        #expect(ProcessExit.signalled(SIGTERM).shellStatus == 143)
        #expect(ProcessExit.exited(3).description == "exited with status 3")
    }

    @Test("piped input reaches the child and its output comes back; closing the input ends it")
    func pipes() throws {
        let child = try ChildProcess(["cat"], input: .pipe, output: .pipe)
        #expect(child.send(Array("hello\n".utf8)))
        child.closeInput()
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while let descriptor = child.output {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        #expect(String(decoding: output, as: UTF8.self) == "hello\n")
        #expect(child.wait(timeout: .seconds(10)) == .exited(0))
    }

    @Test("a program that cannot be found is an error in words")
    func missingProgram() {
        #expect(throws: CommandError.self) {
            try ChildProcess(["/nonexistent/program"], input: .null, output: .null)
        }
    }
}
