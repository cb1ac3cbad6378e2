import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceRules
@testable import WorkspaceSpec

/// The graph and source rules of `check`, each with a planted violation.
@Suite("workspace check: graph and source rules")
struct ArchitectureRulesTests {
    /// The violations of one rule after `edit` changes the fixture's manifest or files.
    func violations(
        of rule: String, files: (InMemoryFileSystem) throws -> Void = { _ in }, manifest edit: (inout Manifest) throws -> Void = { _ in }
    ) throws -> [String] {
        var manifest = try Fixtures.manifest()
        try edit(&manifest)
        let fileSystem = Fixtures.files()
        try fileSystem.write(SpecGenerator(manifest: manifest).generate(), to: "project-spec.yml")
        try files(fileSystem)
        return ArchitectureCheck(manifest: manifest, files: fileSystem).run().filter { $0.rule == rule }.map(\.description)
    }

    func adding(_ dependency: String, to target: String) -> (inout Manifest) throws -> Void {
        { manifest in
            let index = try #require(manifest.targets.firstIndex { $0.name == target })
            manifest.targets[index].dependencies.append(Dependency(dependency))
        }
    }

    @Test func theFixtureBreaksNoneOfTheNewRules() throws {
        for rule in ArchitectureCheck.graphRuleNames + ArchitectureCheck.sourceRuleNames {
            #expect(try violations(of: rule).isEmpty, "\(rule)")
        }
    }

    @Test func aDependencyCycleIsNamedWholeAtTheFirstTargetsLine() throws {
        let found = try violations(of: "dependency-cycle", manifest: adding("FeedSandbox", to: "Feed"))
        #expect(
            found == [
                "Package.swift:6: dependency-cycle: the targets depend on each other in a cycle: Feed → FeedSandbox → Feed — fix: remove one of these dependencies; what both sides need belongs in a module below them (Core, or a new library)"
            ])
    }

    @Test func aTestTargetDependingOnASecondFeature() throws {
        let found = try violations(of: "test-dependencies", manifest: adding("Favorites", to: "FeedTests"))
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                "Package.swift:6: test-dependencies: FeedTests depends on the feature Favorites; a test target may depend on its own module's feature only — fix: test Favorites in FavoritesTests"
            ) == true, "\(found)")
        // AppTests depends on App, which depends on every feature: that is allowed.
        #expect(try violations(of: "test-dependencies").isEmpty)
    }

    @Test func appDependingOnCoreTestingDirectlyOrThroughALibrary() throws {
        let direct = try violations(of: "app-test-support", manifest: adding("CoreTesting", to: "App"))
        #expect(direct.count == 1)
        #expect(direct.first?.contains("app-test-support: App depends on CoreTesting: the app would link the stub environment") == true)

        let through = try violations(of: "app-test-support", manifest: adding("SandboxSupport", to: "App"))
        #expect(through.first?.contains("App depends on CoreTesting through SandboxSupport") == true, "\(through)")
    }

    @Test func aSharedLibraryDependingOnAFeature() throws {
        let found = try violations(of: "library-dependencies", manifest: adding("Feed", to: "SandboxSupport"))
        #expect(found.count == 1)
        #expect(
            found.first?.contains(
                "library-dependencies: SandboxSupport is a shared library but depends on the feature Feed; only App may — fix: remove Feed from its dependencies"
            ) == true, "\(found)")
        // App, the composition root, may.
        #expect(try violations(of: "library-dependencies").isEmpty)
    }

    @Test func importsAfterASemicolonOrBeforeOtherCode() throws {
        let found = try violations(of: "import-style") { files in
            try files.write("import Core; import Favorites\n\npublic enum FeedFeature {}\n", to: "Features/Feed/FeedFeature.swift")
            try files.write("import Core\nlet x = 1; import Foundation\n", to: "Features/Feed/More.swift")
            // A string holding `; import` is not code.
            try files.write("import Core\nlet y = \"a; import Favorites\"\n", to: "Features/Feed/Text.swift")
        }
        #expect(
            found == [
                "Features/Feed/FeedFeature.swift:1: import-style: `import Core` shares its line with other statements — fix: put each import on a line of its own, at the top of the file",
                "Features/Feed/FeedFeature.swift:1: import-style: `import Favorites` shares its line with other statements — fix: put each import on a line of its own, at the top of the file",
                "Features/Feed/More.swift:2: import-style: `import Foundation` shares its line with other statements — fix: put each import on a line of its own, at the top of the file",
            ])
    }

    @Test func anImportAfterASemicolonIsStillCheckedAgainstTheDeclaredDependencies() throws {
        let found = try violations(of: "undeclared-import") { files in
            try files.write("import Core; import Favorites\n\npublic enum FeedFeature {}\n", to: "Features/Feed/FeedFeature.swift")
        }
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("Features/Feed/FeedFeature.swift:1: undeclared-import: Feed imports Favorites") == true)
    }

    @Test func aDeclaredDependencyThatNoSourceImports() throws {
        let found = try violations(of: "unused-dependency") { files in
            try files.write("import Foundation\n\nfinal class Storage {}\n", to: "App/App/Storage.swift")
        }
        #expect(
            found == [
                "Package.swift:1: unused-dependency: App declares CSQLite but none of its sources imports it — fix: remove CSQLite from App's dependencies in Package.swift (it only slows builds and hides the real graph)"
            ])
    }

    @Test func aNewTopLevelDeclarationInCoreIsNamedWithWhereToPutIt() throws {
        let found = try violations(of: "core-top-level") { files in
            try files.write(
                "public protocol Screen: AnyObject {}\npublic struct Recipe {}\n\npublic func shuffled(_ recipes: [Recipe]) -> [Recipe] { recipes }\nextension Recipe {\n    public static let none = Recipe()\n}\n",
                to: "Core/Core/Screen.swift")
        }
        #expect(found.count == 2)
        #expect(
            found.first?.hasPrefix(
                "Core/Core/Screen.swift:4: core-top-level: `func shuffled` is a new top-level declaration of Core, not in Core/top-level-declarations.txt; every feature recompiles"
            ) == true, "\(found)")
        #expect(
            found.last?.hasPrefix("Core/Core/Screen.swift:5: core-top-level: `extension Recipe` is a new top-level declaration") == true)
        #expect(found.first?.contains("fix: make it a member of an existing type of Core") == true)
    }

    @Test func aMemberOfAnExistingTypeIsNotATopLevelDeclaration() throws {
        let found = try violations(of: "core-top-level") { files in
            try files.write(
                "public protocol Screen: AnyObject {}\npublic struct Recipe {\n    public static func shuffled() {}\n    struct Inner {}\n}\n",
                to: "Core/Core/Screen.swift")
        }
        #expect(found.isEmpty)
    }

    @Test func theAllowedSetIsAMultisetAndItsAbsenceIsReported() throws {
        let twice = try violations(of: "core-top-level") { files in
            try files.write(
                "public protocol Screen: AnyObject {}\npublic struct Recipe {}\nextension Recipe {}\nextension Recipe {}\n",
                to: "Core/Core/Screen.swift")
            try files.write(Fixtures.coreTopLevelDeclarations + "extension Recipe   # Equatable\n", to: "Core/top-level-declarations.txt")
        }
        #expect(twice.count == 1)
        #expect(twice.first?.hasPrefix("Core/Core/Screen.swift:4:") == true)

        // A workspace without the list is told to write one.
        let manifest = try Fixtures.manifest()
        let withoutList = InMemoryFileSystem(Fixtures.files().contents.filter { $0.key != "Core/top-level-declarations.txt" })
        let report = ArchitectureCheck(manifest: manifest, files: withoutList).coreTopLevelRule().map(\.description)
        #expect(report.count == 1)
        #expect(
            report.first?.hasPrefix(
                "Core/top-level-declarations.txt:1: core-top-level: Core/top-level-declarations.txt, the allowed top-level declarations of Core, is missing"
            ) == true)
    }

    @Test func topLevelDeclarationsAreReadFromCodeOnly() {
        let source = SwiftSource(
            """
            import struct Foundation.URL
            // struct InAComment {}
            @MainActor public final class Box {
                class func make() {}
                let inside = 1
            }
            let text = "struct InAString {}"
            public func `default`() {}
            infix operator <~>: AdditionPrecedence
            #if os(Linux)
            typealias Handle = Int32
            #endif
            public extension Screens.Nested {}
            """)
        #expect(
            source.topLevelDeclarations.map(\.description) == [
                "class Box", "let text", "func default", "operator <~>", "typealias Handle", "extension Screens.Nested",
            ])
        #expect(source.topLevelDeclarations.map(\.line) == [3, 7, 8, 9, 11, 13])
    }
}
