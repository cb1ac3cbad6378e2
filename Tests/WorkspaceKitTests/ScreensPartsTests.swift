import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

@Suite("new-feature: screens go into parts of Screens")
struct ScreensPartsTests {
    func command(_ files: InMemoryFileSystem = Fixtures.files(), adding features: [String] = []) throws -> NewFeature {
        NewFeature(manifest: try Manifest.decode(json: Fixtures.manifestJSON(adding: features)), files: files)
    }

    @Test func aScreenGoesIntoItsPartWithItsNameKindBuilderAndPlaceholder() throws {
        let plan = try command().plan("Pantry")
        let part = try #require(plan.changes.first { $0.path == "Core/Core/Descriptors/Screens+Part01.swift" })

        #expect(part.kind == .change)
        #expect(part.summary == "Screens.Pantry (link pantry), the part's 1 of \(ScreensParts.capacity) (generated)")
        #expect(
            part.text.contains(
                """
                    public struct Pantry: PlainScreenDescriptor { public static var kind: ScreenKind { .part(Kind.pantry) }; public static var linkPath: String { "pantry" }; public init() {}; public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen { resolver.part01.builders.buildPantry(self, in: environment) } }
                }

                """))
        // The enum's own body, `Resolver` and `ScreenKind` are left alone: changing them would recompile
        // every part.
        for path in [
            "Core/Core/Descriptors/Screens.swift", "Core/Core/Descriptors/Descriptor.swift", "Core/Core/Descriptors/ScreenKind.swift",
        ] {
            #expect(!plan.changes.contains { $0.path == path }, "\(path)")
        }
        #expect(
            SourceIndex(manifest: try Fixtures.manifest(), files: try planned(plan)).screenDescriptors.map(\.qualifiedName).contains(
                "Screens.Pantry"))
    }

    @Test func aFullPartStartsTheNextAndListsIt() throws {
        let files = Fixtures.files()
        let fillers = (0..<ScreensParts.capacity).map { "Filler\($0)" }
        for name in fillers {
            try files.write(try SourceEdits.addingFeature(name, toManifest: try files.read("Package.swift")), to: "Package.swift")
        }
        for change in try command(files, adding: fillers).registryChanges() {
            try files.write(change.text, to: change.path)
        }

        let plan = try command(files, adding: fillers).plan("MealPlan")
        let changed = Dictionary(uniqueKeysWithValues: plan.changes.map { ($0.path, $0.text) })
        let second = try #require(plan.changes.first { $0.path == "Core/Core/Descriptors/Screens+Part02.swift" })
        #expect(second.kind == .create)
        #expect(second.text.contains("public enum ScreensPart02 {"))
        #expect(second.text.contains("    public typealias MealPlan = ScreensPart02.MealPlan\n"))
        #expect(second.text.contains("{ resolver.part02.builders.buildMealPlan(self, in: environment) } }\n"))
        #expect(
            changed["Core/top-level-declarations.txt"]?.hasSuffix(
                "# Descriptors/Screens+Part02.swift\nextension Screens\nenum ScreensPart02\nstruct ScreensPart02Slot\nextension ScreensPart02.Builders\nextension PlaceholderBuilding\n"
            ) == true)
        let descriptor = try #require(changed["Core/Core/Descriptors/Descriptor.swift"])
        #expect(
            descriptor.contains(
                "    @MainActor var part01: ScreensPart01Slot { get }\n    @MainActor var part02: ScreensPart02Slot { get }\n"))
        #expect(descriptor.contains("public protocol PartBuilders:\n    ScreensPart01.Builders,\n    ScreensPart02.Builders\n{}\n"))
        #expect(
            changed["Core/Core/Descriptors/ScreenKind.swift"]?.contains(
                "        + ScreensPart01.Kind.allCases.map(ScreenKind.part)\n        + ScreensPart02.Kind.allCases.map(ScreenKind.part)\n")
                == true)
        // The full part is left alone.
        #expect(changed["Core/Core/Descriptors/Screens+Part01.swift"] == nil)
    }

    @Test func aNewPartWithoutItsListsFailsBeforeWriting() throws {
        let files = Fixtures.files()
        try files.remove("Core/Core/Descriptors/Screens+Part01.swift")
        try files.write("public enum ScreenKind: CaseIterable {\n    case feed\n}\n", to: "Core/Core/Descriptors/ScreenKind.swift")
        let before = files.contents
        #expect(
            throws: NewFeature.Failure(
                "Core/Core/Descriptors/ScreenKind.swift: found no `+ ScreensPart01.Kind.allCases.map(ScreenKind.part)` in ScreenKind.allCases to list ScreensPart01 after — nothing was written"
            )
        ) {
            try command(files).plan("Pantry")
        }
        #expect(files.contents == before)
    }

    @Test func aPartsNamesAreScreensNames() {
        #expect(Conventions.publicScreenName(of: "ScreensPart07.Pantry") == "Screens.Pantry")
        #expect(Conventions.publicScreenName(of: "Screens.Feed") == "Screens.Feed")
        #expect(Conventions.publicScreenName(of: "ScreensPartX.Pantry") == "ScreensPartX.Pantry")
        #expect(ScreensParts.part(12, in: "Core").slot == "part12")
    }

    /// The workspace's files as the plan would leave them.
    func planned(_ plan: NewFeature.Plan) throws -> InMemoryFileSystem {
        let files = Fixtures.files()
        for change in plan.changes { try files.write(change.text, to: change.path) }
        return files
    }
}
