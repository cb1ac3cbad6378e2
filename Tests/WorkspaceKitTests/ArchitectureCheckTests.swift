import Foundation
import Testing

@testable import WorkspaceKit

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

    /// The fixture has no test targets for CoreTesting, SandboxSupport; leave those out.
    func violations(ignoringTests json: String = Fixtures.manifestJSON, edit: (InMemoryFileSystem) throws -> Void = { _ in }) throws
        -> [Violation]
    {
        try allViolations(json, edit: edit).filter { $0.rule != "test-target" }
    }

    @Test func theFixtureKeepsEveryRuleButMissingTestTargets() throws {
        let all = try allViolations()
        #expect(
            all.map(\.description) == [
                "Package.swift:1: test-target: module CoreTesting has no test target CoreTestingTests — fix: add a test target CoreTestingTests at Tests/CoreTestingTests (unitTests(\"CoreTesting\"))",
                "Package.swift:1: test-target: module SandboxSupport has no test target SandboxSupportTests — fix: add a test target SandboxSupportTests at Tests/SandboxSupportTests (unitTests(\"SandboxSupport\"))",
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

    @Test func anUndeclaredImportIsReportedAtItsLine() throws {
        let found = try violations(ignoringTests: Fixtures.manifestJSON) { files in
            try files.write(
                "import Core\nimport Foundation\n#if canImport(Glibc)\nimport Glibc\n#endif\nimport Favorites\n",
                to: "Features/Feed/FeedScreen.swift")
            try files.write("import Core\nimport TerminalRunner\n", to: "Tests/FeedTests/More.swift")
        }
        #expect(
            found.map(\.description) == [
                "Features/Feed/FeedScreen.swift:6: undeclared-import: Feed imports Favorites, which it does not declare — fix: declare Favorites in Feed's dependencies in Package.swift if the rules allow it, else remove the import",
                "Tests/FeedTests/More.swift:2: undeclared-import: FeedTests imports TerminalRunner, which it does not declare — fix: remove the import (TerminalRunner is neither a target of this package nor a system module)",
            ])
    }

    @Test func everyDescriptorNeedsABuilderAPlaceholderAndADeepLink() throws {
        let found = try violations(ignoringTests: Fixtures.manifestJSON) { files in
            try files.write(
                Fixtures.screenDescriptorsSwift + "\npublic struct PantryDescriptor: ScreenDescriptor {\n    public init() {}\n}\n",
                to: "Core/Core/Descriptors/ScreenDescriptors.swift")
        }
        #expect(found.map(\.rule) == ["descriptor-builder", "descriptor-placeholder", "descriptor-deep-link"])
        #expect(found.allSatisfy { $0.path == "Core/Core/Descriptors/ScreenDescriptors.swift" && $0.line == 37 })
        #expect(found[1].fix.contains("public var pantry: Builder<PantryDescriptor>"))
        #expect(found[2].fix == "add `PantryDescriptor.self` to DeepLinks.screens in Core/Core/Descriptors/DeepLinks.swift")
    }

    /// The fixture with `Screens.PantryDescriptor` in the body of `enum Screens`, and what of
    /// `wiring` ("app": a builder in AppResolver, "stub": one in StubResolver, "link": a deep link) it has.
    func nestedPantry(_ wiring: Set<String>, appBuilder: String = "Screens.PantryDescriptor") throws -> [Violation] {
        try violations(ignoringTests: Fixtures.manifestJSON) { files in
            try files.write(
                "public enum Screens {\n    public struct PantryDescriptor: ScreenDescriptor {\n        public init() {}\n    }\n}\n",
                to: "Core/Core/Descriptors/Screens.swift")
            func add(_ text: String, after anchor: String, in path: String) throws {
                let current = try files.read(path)
                #expect(current.contains(anchor))
                try files.write(current.replacingOccurrences(of: anchor, with: anchor + text), to: path)
            }
            if wiring.contains("app") {
                try add(
                    "\n    @MainActor func build(_ descriptor: \(appBuilder), in environment: any Environment) -> any Screen { fatalError() }\n",
                    after: "let exportDirectory: URL\n", in: "App/App/Composition/AppResolver.swift")
            }
            if wiring.contains("stub") {
                try add(
                    "\n    @MainActor public func build(_ descriptor: Core.Screens.PantryDescriptor, in environment: any Environment) -> any Screen { pantry(descriptor, environment) }\n",
                    after: "let recorder: Recorder\n", in: "Core/CoreTesting/StubResolver.swift")
            }
            if wiring.contains("link") {
                try add(
                    ",\n        Screens.PantryDescriptor.self", after: "FavoritesDescriptor.self",
                    in: "Core/Core/Descriptors/DeepLinks.swift")
            }
        }
    }

    @Test func aNestedDescriptorIsKnownByItsQualifiedName() throws {
        #expect(try nestedPantry(["app", "stub", "link"]).map(\.description) == [])

        let unwired = try nestedPantry([])
        #expect(unwired.map(\.rule) == ["descriptor-builder", "descriptor-placeholder", "descriptor-deep-link"])
        #expect(unwired.allSatisfy { $0.path == "Core/Core/Descriptors/Screens.swift" && $0.line == 2 })
        #expect(
            unwired.first?.description
                == "Core/Core/Descriptors/Screens.swift:2: descriptor-builder: Screens.PantryDescriptor has no builder in App — fix: add `@MainActor func build(_ descriptor: Screens.PantryDescriptor, in environment: any Environment) -> any Screen` to AppResolver, e.g. calling PantryFeature.makeScreen"
        )
        #expect(unwired.dropFirst().first?.fix.contains("public var pantry: Builder<Screens.PantryDescriptor>") == true)
        #expect(unwired.last?.fix == "add `Screens.PantryDescriptor.self` to DeepLinks.screens in Core/Core/Descriptors/DeepLinks.swift")

        #expect(try nestedPantry(["app", "stub"]).map(\.rule) == ["descriptor-deep-link"])
        #expect(try nestedPantry(["stub", "link"]).map(\.rule) == ["descriptor-builder"])
        // A builder of some other `PantryDescriptor` is not one of `Screens.PantryDescriptor`.
        #expect(try nestedPantry(["app", "stub", "link"], appBuilder: "PantryDescriptor").map(\.rule) == ["descriptor-builder"])
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
                "project-spec.yml:1: spec-current: project-spec.yml is stale: line 1 should be “# XcodeGen project spec for macOS users: `xcodegen generate --spec project-spec.yml`.” — fix: run `swift run workspace spec`"
            ])
    }
}
