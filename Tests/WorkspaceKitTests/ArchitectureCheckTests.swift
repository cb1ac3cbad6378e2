import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceRules
@testable import WorkspaceSpec

@Suite("workspace check")
struct ArchitectureCheckTests {
    /// The fixture workspace with a current spec.
    func files(_ manifest: Manifest) -> InMemoryFileSystem {
        let files = Fixtures.files()
        try? files.write(SpecGenerator(manifest: manifest).generate(), to: "project-spec.yml")
        return files
    }

    func allViolations(_ json: String = Fixtures.manifestJSON, edit: (InMemoryFileSystem) throws -> Void = { _ in }) throws -> [Violation] {
        let manifest = try Manifest.decode(json: json)
        let files = files(manifest)
        try edit(files)
        return ArchitectureCheck(manifest: manifest, files: files).run()
    }

    /// The fixture has no test targets for CoreTesting, SandboxSupport; leave those out. The graph
    /// and source rules (a planted dependency is also an unused one) have their own tests
    /// (ArchitectureRulesTests).
    func violations(ignoringTests json: String = Fixtures.manifestJSON, edit: (InMemoryFileSystem) throws -> Void = { _ in }) throws
        -> [Violation]
    {
        let ruledElsewhere = Set(ArchitectureCheck.graphRuleNames + ArchitectureCheck.sourceRuleNames)
        return try allViolations(json, edit: edit).filter { $0.rule != "test-target" && !ruledElsewhere.contains($0.rule) }
    }

    @Test func theFixtureKeepsEveryRuleButMissingTestTargets() throws {
        let all = try allViolations()
        #expect(
            all.map(\.description) == [
                "Package.swift:1: test-target: module CoreTesting has no test target CoreTestingTests — fix: add a test target CoreTestingTests at Tests/CoreTestingTests (unitTests(\"CoreTesting\"))",
                "Package.swift:1: test-target: module SandboxSupport has no test target SandboxSupportTests — fix: add a test target SandboxSupportTests at Tests/SandboxSupportTests (unitTests(\"SandboxSupport\"))",
            ])
    }

    @Test func theToolsLibrariesAreTestedByATestTargetDeclaringThemAndNoOtherModuleIs() throws {
        let last = "\n  ]\n}"
        #expect(Fixtures.manifestJSON.hasSuffix(last))
        let tool = [
            Fixtures.target("ToolBase", "regular", path: "Tools/ToolBase"),
            Fixtures.target("ToolEngine", "regular", path: "Tools/ToolEngine", target: ["ToolBase"]),
            Fixtures.target("ToolKit", "regular", path: "Tools/ToolKit", target: ["ToolBase", "ToolEngine"]),
            // The tool's tests declare its command module and one engine; CoreTesting, outside Tools/, gains nothing by them.
            Fixtures.target("ToolKitTests", "test", path: "Tests/ToolKitTests", target: ["ToolKit", "ToolEngine", "CoreTesting"]),
        ]
        let json = String(Fixtures.manifestJSON.dropLast(last.count)) + ",\n" + tool.joined(separator: ",\n") + last
        let missing = try allViolations(json).filter { $0.rule == "test-target" }.map(\.message)
        #expect(
            missing == [
                "module CoreTesting has no test target CoreTestingTests", "module SandboxSupport has no test target SandboxSupportTests",
                "module ToolBase has no test target ToolBaseTests",
            ])
    }

    @Test func aFeatureDependingOnAnotherFeatureIsReportedAtItsManifestLine() throws {
        let json = Fixtures.manifestJSON.replacingOccurrences(
            of: Fixtures.target("Feed", "regular", path: "Features/Feed", byName: ["Core"]),
            with: Fixtures.target("Feed", "regular", path: "Features/Feed", byName: ["Core", "Favorites"])
        )
        #expect(json != Fixtures.manifestJSON)
        let found = try violations(ignoringTests: json)
        #expect(
            found.map(\.description) == [
                "Package.swift:6: feature-dependencies: feature Feed depends on Favorites; a feature may depend on Core only — fix: remove Favorites from its dependencies and reach other features through descriptors (environment.resolve)"
            ])
    }

    @Test func sandboxAndAppDependencyRules() throws {
        let json = Fixtures.manifestJSON.replacingOccurrences(
            of: Fixtures.target(
                "FeedSandbox", "executable", path: "Sandboxes/FeedSandbox", byName: ["Core", "CoreTesting", "SandboxSupport"],
                target: ["Feed"]),
            with: Fixtures.target(
                "FeedSandbox", "executable", path: "Sandboxes/FeedSandbox", byName: ["Core", "CoreTesting", "SandboxSupport", "App"],
                target: ["Feed"])
        )
        #expect(json != Fixtures.manifestJSON)
        let found = try violations(ignoringTests: json)
        #expect(found.map(\.rule) == ["sandbox-dependencies", "app-dependents"])
        #expect(
            found[0].message == "sandbox FeedSandbox depends on App; a sandbox may depend on Core, CoreTesting, Feed, SandboxSupport only")
        #expect(found[1].message == "FeedSandbox depends on App; only AppTests and cookbook may")
    }

    @Test func appReachesFeaturesThroughTheirEntriesOnly() throws {
        let appThroughEntries = Fixtures.target(
            "App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: ["FeedEntry", "FavoritesEntry"])
        let favoritesEntry = Fixtures.target(
            "FavoritesEntry", "regular", path: "App/Entries/FavoritesEntry", byName: ["Core"], target: ["Favorites"])
        let json = Fixtures.manifestJSON
            .replacingOccurrences(
                of: appThroughEntries,
                with: Fixtures.target("App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: ["FeedEntry", "Favorites"])
            )
            .replacingOccurrences(of: favoritesEntry + ",", with: "")
            .replacingOccurrences(
                of: Fixtures.target("FeedEntry", "regular", path: "App/Entries/FeedEntry", byName: ["Core"], target: ["Feed"]),
                with: Fixtures.target("FeedEntry", "regular", path: "App/Entries/FeedEntry", byName: ["Core", "CSQLite"], target: ["Feed"]))
        #expect(json.contains("\"Favorites\", null]}]") && !json.contains("FavoritesEntry"))
        let found = try violations(ignoringTests: json) { files in
            try files.write("import Core\nimport CSQLite\ninternal import Feed\n", to: "App/Entries/FeedEntry/FeedEntry.swift")
        }.filter { $0.rule != "undeclared-import" }
        #expect(
            found.map(\.description) == [
                "Package.swift:6: entry-dependencies: entry FeedEntry depends on CSQLite; an entry may depend on Core and Feed only — fix: remove CSQLite; what the entry needs belongs in Feed",
                "Package.swift:1: entry-dependencies: App depends on the feature Favorites; App reaches a feature through its entry only, so that an edit inside the feature does not recompile App — fix: depend on FavoritesEntry instead, and build the screens through it",
                "Package.swift:7: feature-entry: feature Favorites has no entry FavoritesEntry for the app — fix: list it in `features` (which adds App/Entries/FavoritesEntry) or add the entry target",
            ])
    }

    @Test func anUndeclaredImportIsReportedAtItsLine() throws {
        let found = try violations(ignoringTests: Fixtures.manifestJSON) { files in
            try files.write(
                "import Core\nimport FoundationEssentials\n#if canImport(Glibc)\nimport Glibc\n#endif\nimport Favorites\n",
                to: "Features/Feed/FeedScreen.swift")
            try files.write("import Core\nimport TerminalRunner\n", to: "Tests/FeedTests/More.swift")
        }
        #expect(
            found.map(\.description) == [
                "Features/Feed/FeedScreen.swift:6: undeclared-import: Feed imports Favorites, which it does not declare — fix: declare Favorites in Feed's dependencies in Package.swift if the rules allow it, else remove the import",
                "Tests/FeedTests/More.swift:2: undeclared-import: FeedTests imports TerminalRunner, which it does not declare — fix: remove the import (TerminalRunner is neither a target of this package nor a system module)",
            ])
    }

    @Test func sideEffectsOutsideTheEnvironmentAreReportedInFeaturesAndCore() throws {
        let found = try violations(ignoringTests: Fixtures.manifestJSON) { files in
            try files.write(
                """
                import Core
                import FoundationEssentials

                // Date() in a comment is fine, and so is "UUID()" in a string.
                struct FeedInteractor {
                    let environment: any Environment
                    func stamp() -> Double { Date().timeIntervalSince1970 }
                    func fixed() -> Date { Date(timeIntervalSince1970: 0) }
                    func id() -> UUID { UUID() }
                    func wait() async throws { try await Task.sleep(for: .seconds(1)) }
                    func debug() { print("loaded") }
                    func home() -> String { FileManager.default.currentDirectoryPath + ProcessInfo.processInfo.hostName }
                    func now() -> Date { environment.clock.now }
                }
                """, to: "Features/Feed/FeedInteractor.swift")
            try files.write(
                "import FoundationEssentials\n\npublic struct Clock { func now() -> Date { Date.now } }\n",
                to: "Core/Core/Domain/Stamp.swift")
            try files.write(
                "import FoundationEssentials\n\npublic struct SystemClock { var now: Date { Date() } }\n",
                to: "Core/Core/Environment/Time.swift")
        }
        #expect(found.allSatisfy { $0.rule == "side-effects" })
        #expect(
            found.map { "\($0.path):\($0.line)" } == [
                "Core/Core/Domain/Stamp.swift:3",
                "Features/Feed/FeedInteractor.swift:7",
                "Features/Feed/FeedInteractor.swift:9",
                "Features/Feed/FeedInteractor.swift:10",
                "Features/Feed/FeedInteractor.swift:11",
                "Features/Feed/FeedInteractor.swift:12",
                "Features/Feed/FeedInteractor.swift:12",
            ])
        #expect(found[1].message == "Feed reads the time with Date(), outside the environment")
        #expect(found[1].fix == "use environment.clock.now (tests then fix the time with TestClock)")
    }

    @Test func aFeatureWithoutSandboxOrTestsIsReported() throws {
        let json = Fixtures.manifestJSON.replacingOccurrences(
            of:
                "\(Fixtures.target("FavoritesSandbox", "executable", path: "Sandboxes/FavoritesSandbox", byName: ["Core", "CoreTesting", "SandboxSupport"], target: ["Favorites"])),",
            with: ""
        )
        #expect(json != Fixtures.manifestJSON)
        let found = try allViolations(json).filter { $0.rule == "feature-sandbox" }
        #expect(found.map(\.message) == ["feature Favorites has no sandbox FavoritesSandbox"])
        #expect(found.first?.line == 7)
    }

    @Test func aStaleSpecIsReported() throws {
        let found = try violations(ignoringTests: Fixtures.manifestJSON) { files in
            try files.write("name: Old\n", to: "project-spec.yml")
        }
        #expect(
            found.map(\.description) == [
                "project-spec.yml:1: spec-current: project-spec.yml is stale: line 1 should be “# XcodeGen project spec for macOS users: `xcodegen generate --spec project-spec.yml`.” — fix: run `Tools/workspace spec`"
            ])
    }
}
