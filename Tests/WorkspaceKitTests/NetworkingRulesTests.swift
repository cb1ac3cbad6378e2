import Testing

@testable import WorkspaceBase
@testable import WorkspaceRules

/// networking-imports and networking-on-demand: libcurl stays off the default launch.
@Suite("workspace check: networking on demand")
struct NetworkingRulesTests {
    /// A small workspace: the app reaches the network module through WebAPI, limited to macOS
    /// unless `webAPICondition` says otherwise (`null`: everywhere).
    func manifest(webAPICondition: String = #"{"platformNames": ["macos"]}"#, appExtra: String = "") throws -> Manifest {
        try Manifest.decode(
            json: """
                {
                  "name": "Cookbook", "toolsVersion": {"_version": "6.0.0"},
                  "targets": [
                    {"name": "Core", "type": "regular", "path": "Core/Core", "dependencies": []},
                    {"name": "URLSessionHTTP", "type": "regular", "path": "Platform/URLSessionHTTP", "dependencies": []},
                    {"name": "WebAPI", "type": "regular", "path": "Platform/WebAPI",
                     "dependencies": [{"byName": ["Core", null]}, {"target": ["URLSessionHTTP", \(webAPICondition)]}]},
                    {"name": "App", "type": "regular", "path": "App/App", "dependencies": [{"byName": ["WebAPI", null]}\(appExtra)]},
                    {"name": "cookbook", "type": "executable", "path": "App/cookbook", "dependencies": [{"byName": ["App", null]}]},
                    {"name": "WebAPITests", "type": "test", "path": "Tests/WebAPITests", "dependencies": [{"byName": ["URLSessionHTTP", null]}]}
                  ]
                }
                """)
    }

    func violations(_ manifest: Manifest, files: [String: String] = [:]) throws -> [Violation] {
        ArchitectureCheck(manifest: manifest, files: InMemoryFileSystem(files)).networkingRules()
    }

    @Test("a dependency limited to Apple platforms is read with its condition")
    func conditionIsRead() throws {
        let webAPI = try #require(try manifest().target(named: "WebAPI"))
        #expect(webAPI.dependencies.map(\.platforms) == [[], ["macos"]])
        #expect(webAPI.dependencies[1].applies(on: "macos"))
        #expect(!webAPI.dependencies[1].applies(on: "linux"))
    }

    @Test("the network module reached only on macOS, imported only by itself and tests: no violation")
    func clean() throws {
        let files = [
            "Platform/URLSessionHTTP/HTTP.swift": "import FoundationNetworking\n",
            "Tests/WebAPITests/T.swift": "import FoundationNetworking\n",
            "App/App/A.swift": "import Foundation\n",
        ]
        #expect(try violations(manifest(), files: files).isEmpty)
    }

    @Test("the app linking the network module on Linux, through WebAPI, is reported with the chain")
    func linkedOnLinux() throws {
        let found = try violations(manifest(webAPICondition: "null"))
        #expect(
            found.map(\.description) == [
                "Package.swift:1: networking-on-demand: cookbook links URLSessionHTTP on Linux (cookbook → App → WebAPI → URLSessionHTTP), so every launch loads libcurl — fix: limit that dependency to Apple platforms (.when(platforms: applePlatforms)); on Linux WebAPI's NetworkingLibrary opens libURLSessionHTTP.so when a web API is used"
            ])
    }

    @Test("the app depending on the network module itself is reported too")
    func directDependency() throws {
        let found = try violations(manifest(appExtra: #", {"byName": ["URLSessionHTTP", null]}"#))
        #expect(found.map(\.rule) == ["networking-on-demand"])
        #expect(found.first?.message.contains("(cookbook → App → URLSessionHTTP)") == true)
    }

    @Test("FoundationNetworking imported outside the network module is reported at its line")
    func importElsewhere() throws {
        let found = try violations(
            manifest(),
            files: [
                "App/App/Fetch.swift": "import Foundation\n#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n"
            ])
        #expect(found.map(\.path) == ["App/App/Fetch.swift"])
        #expect(found.map(\.line) == [3])
        #expect(found.first?.message == "App imports FoundationNetworking, which only URLSessionHTTP may")
    }
}
