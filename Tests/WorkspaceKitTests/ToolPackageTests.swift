import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceSpec

@Suite("the tool's own package, generated from the workspace's manifest")
struct ToolPackageTests {
    /// The fixture workspace with a tool program whose library reads SQLite through the system
    /// library the app uses.
    static func manifest() throws -> Manifest {
        let tool = """
                ,
                \(Fixtures.target("Formats", "regular", path: "Core/Formats")),
                \(Fixtures.target("WorkspaceKit", "regular", path: "Tools/WorkspaceKit", byName: ["Formats", "CSQLite"])),
                \(Fixtures.target("workspace", "executable", path: "Tools/WorkspaceMain", byName: ["WorkspaceKit"]))
            """
        return try Manifest.decode(json: Fixtures.manifestJSON.replacingOccurrences(of: "\n  ]\n}", with: "\(tool)\n  ]\n}"))
    }

    @Test("a system library the tool needs is declared as one and reached through a link, like any target outside Tools/")
    func systemLibraryThroughALink() throws {
        let package = ToolPackage(manifest: try Self.manifest())
        let text = try package.generate()

        #expect(text.contains(#".systemLibrary(name: "CSQLite", path: "Links/CSQLite", pkgConfig: "sqlite3")"#))
        #expect(
            text.contains(
                #".target(name: "WorkspaceKit", dependencies: [.target(name: "Formats"), .target(name: "CSQLite")], path: "WorkspaceKit""#))
        #expect(!text.contains(#""App""#))
        #expect(Set(package.links.map(\.path)) == ["Tools/Links/Formats", "Tools/Links/CSQLite"])
        #expect(
            Dictionary(uniqueKeysWithValues: package.links.map { ($0.path, $0.destination) })["Tools/Links/CSQLite"] == "../../App/CSQLite")
    }
}
