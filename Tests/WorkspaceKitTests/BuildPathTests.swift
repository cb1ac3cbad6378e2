import Foundation
import Testing

@testable import WorkspaceBase

@Suite("Builds keep their PATH while a shell's finds the same programs, so SwiftPM keeps its plan")
struct BuildPathTests {
    /// Programs by folder: `swift` in the toolchain, `python3` in a Python environment.
    static let folders: [String: [String: String]] = [
        "/toolchain/bin": ["swift": "/toolchain/bin/swift", "swiftc": "/toolchain/bin/swiftc", "clang": "/toolchain/bin/clang"],
        "/other-toolchain/bin": ["swift": "/other-toolchain/bin/swift"],
        "/venv/bin": ["python3": "/venv/bin/python3"],
        "/usr/bin": ["ld": "/usr/bin/ld", "git": "/usr/bin/git", "pkg-config": "/usr/bin/pkg-config"],
    ]

    static func find(_ program: String, _ path: String) -> String? {
        path.split(separator: ":").lazy.compactMap { folders[String($0)]?[program] }.first
    }

    @Test("a shell that puts other folders first, finding the same toolchain, builds with the PATH kept")
    func anEquivalentPathKeepsThePlan() {
        let kept = "/toolchain/bin:/usr/bin"
        #expect(Focus.pathForBuilds(current: "/venv/bin:/toolchain/bin:/usr/bin", kept: kept, find: Self.find) == kept)
        #expect(Focus.pathForBuilds(current: "/usr/bin:/toolchain/bin", kept: kept, find: Self.find) == kept)
    }

    @Test("another toolchain first, or a program found nowhere else, is a new PATH")
    func anotherToolchainIsANewPath() {
        let kept = "/toolchain/bin:/usr/bin"
        let other = "/other-toolchain/bin:/toolchain/bin:/usr/bin"
        #expect(Focus.pathForBuilds(current: other, kept: kept, find: Self.find) == other)
        #expect(Focus.pathForBuilds(current: "/toolchain/bin", kept: kept, find: Self.find) == "/toolchain/bin")
        #expect(Focus.pathForBuilds(current: "/venv/bin", kept: nil, find: Self.find) == "/venv/bin")
    }

    @Test("the focus keeps the PATH of its builds on disk and hands it to the next equivalent shell")
    func theFocusKeepsIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("build-path-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let focus = Focus(packageRoot: root.path, folder: root.appendingPathComponent(".build/focus").path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        #expect(focus.pathForBuilds(current: path) == path)
        #expect(try String(contentsOfFile: focus.buildPathRecord, encoding: .utf8) == path)
        // A folder with no build program in it, put first, changes nothing a build finds.
        let empty = root.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(focus.pathForBuilds(current: empty.path + ":" + path) == path)
    }
}
