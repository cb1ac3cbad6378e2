import Foundation
import Testing

@testable import WorkspaceBase

/// A file saved within the second its last build read it is compiled all the same: the focus
/// removes its object before the next build.
@Suite("edits the compiler's driver would miss")
struct SameSecondEditsTests {
    @Test("an object is removed when its source was saved since its target's last build began, and only then")
    func savedSourcesLoseTheirObjects() throws {
        let disk = try FocusOnDisk()
        let manifest = try Fixtures.manifest()
        let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["FeedSandbox"]))
        let screen = disk.root.appendingPathComponent("Features/Feed/FeedScreen.swift").path
        let state = disk.root.appendingPathComponent("Features/Feed/FeedState.swift").path
        try "import Core\n".write(toFile: screen, atomically: true, encoding: .utf8)
        try "import Core\n".write(toFile: state, atomically: true, encoding: .utf8)
        // The objects SwiftPM's output file map names for Feed's sources.
        let objects = disk.focus.programs(for: closure) + "/Feed.build"
        try FileManager.default.createDirectory(atPath: objects, withIntermediateDirectories: true)
        let map = [screen: ["object": objects + "/FeedScreen.swift.o"], state: ["object": objects + "/FeedState.swift.o"]]
        try JSONSerialization.data(withJSONObject: map).write(to: URL(fileURLWithPath: objects + "/output-file-map.json"))
        func compile() throws {
            for object in [objects + "/FeedScreen.swift.o", objects + "/FeedState.swift.o"] {
                try "object".write(toFile: object, atomically: true, encoding: .utf8)
            }
        }
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: objects + "/" + name) }

        // A file's time is read against a tenth of a second's margin for the kernel's coarse clock.
        let margin = 0.2
        try compile()
        Thread.sleep(forTimeInterval: margin)
        try disk.focus.prepare(closure, of: manifest).unlock()
        #expect(exists("FeedScreen.swift.o") && exists("FeedState.swift.o"), "a folder's first build removes nothing")

        // Saved after that build began listing, as a quick edit within the same second would be.
        Thread.sleep(forTimeInterval: margin)
        try "import Core\nlet edited = 1\n".write(toFile: screen, atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: margin)
        try disk.focus.prepare(closure, of: manifest).unlock()
        #expect(!exists("FeedScreen.swift.o"), "the saved file's object is gone: the driver compiles it")
        #expect(exists("FeedState.swift.o"), "an unchanged file keeps its object")

        try compile()
        try disk.focus.prepare(closure, of: manifest).unlock()
        #expect(exists("FeedScreen.swift.o"), "once built after the edit, nothing is removed again")
        let edits = SameSecondEdits(scratch: disk.focus.scratch(for: closure), programs: "", packageRoot: disk.root.path)
        #expect(Set(edits.read().keys) == closure, "every target of the closure is recorded")

        // A build with nothing saved since leaves the record as it was.
        let written = try FileManager.default.attributesOfItem(atPath: edits.record)[.modificationDate] as? Date
        let times = edits.read()
        Thread.sleep(forTimeInterval: margin)
        try disk.focus.prepare(closure, of: manifest).unlock()
        #expect(try FileManager.default.attributesOfItem(atPath: edits.record)[.modificationDate] as? Date == written)
        #expect(edits.read() == times)
    }
}
