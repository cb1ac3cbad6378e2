import Testing

@testable import WorkspaceBase
@testable import WorkspaceRules

/// essentials-on-launch: the modules the programs link import FoundationEssentials, not Foundation.
@Suite("workspace check: Foundation off the launch")
struct LaunchRulesTests {
    static let idiom = "#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\n"

    /// The app links Core and, on Linux, not the network module; a sandbox links Core too.
    func manifest() throws -> Manifest {
        try Manifest.decode(
            json: """
                {
                  "name": "Cookbook", "toolsVersion": {"_version": "6.0.0"},
                  "targets": [
                    {"name": "Core", "type": "regular", "path": "Core/Core", "dependencies": []},
                    {"name": "URLSessionHTTP", "type": "regular", "path": "Platform/URLSessionHTTP", "dependencies": []},
                    {"name": "App", "type": "regular", "path": "App/App",
                     "dependencies": [{"byName": ["Core", null]}, {"target": ["URLSessionHTTP", {"platformNames": ["macos"]}]}]},
                    {"name": "cookbook", "type": "executable", "path": "App/cookbook", "dependencies": [{"byName": ["App", null]}]},
                    {"name": "FeedSandbox", "type": "executable", "path": "Sandboxes/FeedSandbox", "dependencies": [{"byName": ["Core", null]}]},
                    {"name": "CoreTests", "type": "test", "path": "Tests/CoreTests", "dependencies": [{"byName": ["Core", null]}]}
                  ]
                }
                """)
    }

    func violations(_ files: [String: String]) throws -> [Violation] {
        ArchitectureCheck(manifest: try manifest(), files: InMemoryFileSystem(files)).launchRules()
    }

    @Test("the idiom in the programs' modules, Foundation in the network module and in tests: no violation")
    func clean() throws {
        let found = try violations([
            "Core/Core/Recipe.swift": Self.idiom + "public struct Recipe {}\n",
            "App/cookbook/main.swift": "import App\n",
            "Sandboxes/FeedSandbox/main.swift": "import Core\n" + Self.idiom,
            "Platform/URLSessionHTTP/HTTP.swift": "import Foundation\n",
            "Tests/CoreTests/T.swift": "import Foundation\n",
        ])
        #expect(found.isEmpty)
    }

    @Test("a sandbox's own Foundation import is reported: a sandbox is a program too")
    func sandbox() throws {
        let found = try violations(["Sandboxes/FeedSandbox/main.swift": "import Core\nimport Foundation\n"])
        #expect(
            found.map(\.description).first?.hasPrefix(
                "Sandboxes/FeedSandbox/main.swift:2: essentials-on-launch: FeedSandbox imports Foundation, which is loaded at every launch on Linux (FeedSandbox is a program)"
            ) == true)
    }

    @Test("Foundation imported plainly by a module the app links is reported at its line, with the idiom as the fix")
    func plainImport() throws {
        let found = try violations(["App/App/Store.swift": "import Core\nimport Foundation\n"])
        #expect(
            found.map(\.description) == [
                #"App/App/Store.swift:2: essentials-on-launch: App imports Foundation, which is loaded at every launch on Linux (cookbook links App) — fix: import FoundationEssentials instead: #if canImport(FoundationEssentials) import FoundationEssentials #else import Foundation #endif (docs/macos.md)"#
            ])
    }

    @Test("FoundationInternationalization is reported even inside an #if; an #else of another condition is not the idiom")
    func otherForms() throws {
        let found = try violations([
            "Core/Core/Dates.swift": "#if canImport(FoundationEssentials)\n    import FoundationInternationalization\n#endif\n",
            "Core/Core/Other.swift": "#if canImport(Darwin)\n    import Darwin\n#else\n    import Foundation\n#endif\n",
        ])
        #expect(found.map { "\($0.path):\($0.line)" }.sorted() == ["Core/Core/Dates.swift:2", "Core/Core/Other.swift:4"])
    }
}
