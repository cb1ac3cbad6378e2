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
        func entries(_ module: String, _ byName: [String], _ features: [String]) -> String {
            Fixtures.target(module, "regular", path: "App/Entries/\(module)", byName: byName, target: features)
        }
        let app = Fixtures.target("App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: Fixtures.entriesModules)
        let json = Fixtures.manifestJSON
            // App imports Favorites itself, whose part's module (03) lost it.
            .replacingOccurrences(
                of: app,
                with: Fixtures.target(
                    "App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: Fixtures.entriesModules + ["Favorites"])
            )
            .replacingOccurrences(of: entries("EntriesPart03", ["Core"], ["Favorites"]), with: entries("EntriesPart03", [], []))
            // Feed's part (18) reaches for the database; another part (05) holds Feed too.
            .replacingOccurrences(
                of: entries("EntriesPart18", ["Core"], ["Feed"]), with: entries("EntriesPart18", ["Core", "CSQLite"], ["Feed"])
            )
            .replacingOccurrences(of: entries("EntriesPart05", [], []), with: entries("EntriesPart05", ["Core"], ["Feed"]))
            // A module of entries that is no part's.
            .replacingOccurrences(of: "\n  ]\n}", with: ",\n    \(entries("FeedEntry", ["Core"], ["Feed"]))\n  ]\n}")
        let found = try violations(ignoringTests: json) { files in
            try files.write("import Core\nimport CSQLite\ninternal import Feed\n", to: "App/Entries/EntriesPart18/FeedEntry.swift")
            try files.write("import Core\ninternal import Feed\n", to: "App/Entries/EntriesPart05/FeedEntry.swift")
            try files.write("import Core\ninternal import Feed\n", to: "App/Entries/FeedEntry/FeedEntry.swift")
        }.filter { $0.rule != "undeclared-import" }
        #expect(
            found.map(\.description) == [
                "Package.swift:1: entry-dependencies: EntriesPart05 depends on Feed; it may depend on Core and the features whose names hash to part 05 only — fix: Feed's entry belongs in EntriesPart18 (Package.swift's `part(of:)`)",
                "Package.swift:1: entry-dependencies: EntriesPart18 depends on CSQLite; it may depend on Core and the features whose names hash to part 18 only — fix: remove CSQLite; what an entry needs belongs in its feature",
                "Package.swift:6: entry-dependencies: App/Entries/FeedEntry holds FeedEntry, which is not one of the 20 modules of entries (EntriesPart01 to EntriesPart20) — fix: put a feature's entry in its part's module (Package.swift's `entriesPart`), or move FeedEntry out of App/Entries",
                "Package.swift:1: entry-dependencies: App depends on the feature Favorites; App reaches a feature through its entry only, so that an edit inside the feature does not recompile App — fix: depend on EntriesPart03 instead, and build the screens through FavoritesEntry",
                "Package.swift:7: feature-entry: feature Favorites has no entry for the app: EntriesPart03, the module of its part's entries, does not depend on it — fix: list it in `features` (which makes EntriesPart03 depend on it) and give it App/Entries/EntriesPart03/FavoritesEntry.swift",
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
