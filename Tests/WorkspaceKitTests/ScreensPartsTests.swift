import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

@Suite("new-feature: screens go into parts of Screens")
struct ScreensPartsTests {
    func command(_ files: InMemoryFileSystem = Fixtures.files(), adding features: [String] = []) throws -> NewFeature {
        NewFeature(manifest: try Manifest.decode(json: Fixtures.manifestJSON(adding: features)), files: files)
    }

    @Test func aScreenGoesIntoItsPartWithItsNameTagAndBuilder() throws {
        let plan = try command().plan("Pantry")
        let digits = ScreensParts.part(ScreensParts.number(of: "Pantry"), in: "").digits
        let part = try #require(plan.changes.first { $0.path == "Core/Core/Descriptors/Screens+Part\(digits).swift" })

        #expect(part.kind == .change)
        #expect(part.summary == "Screens.Pantry (link pantry), in part \(digits) of \(ScreensParts.count) by its name (generated)")
        #expect(
            part.text.contains(
                """
                    public enum PantryTag: ScreenTag { public static func build(_ descriptor: Pantry, with resolver: any Resolver, in environment: any Environment) -> any Screen { switch resolver.part\(digits) { case .builders(let builders): builders.buildPantry(descriptor, in: environment); case .placeholders(let placeholders): placeholders.placeholder(for: descriptor, in: environment) } } }; public typealias Pantry = TaggedScreenDescriptor<PantryTag>
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

    @Test func everyPartIsThereFromTheStartSoAScreenNeverStartsOne() throws {
        let files = Fixtures.files()
        let fillers = (0..<60).map { "Filler\($0)" }
        for name in fillers {
            try files.write(try SourceEdits.addingFeature(name, toManifest: try files.read("Package.swift")), to: "Package.swift")
        }
        for change in try command(files, adding: fillers).registryChanges() {
            #expect(change.kind == .change, "\(change.path) is made by the first screen")
            try files.write(change.text, to: change.path)
        }

        let plan = try command(files, adding: fillers).plan("MealPlan")
        let part = ScreensParts.part(ScreensParts.number(of: "MealPlan"), in: "Core/Core/Descriptors")
        // Its part, the builders of the app and of a test, the manifest: no list of the parts, no new file in Core.
        let outside = plan.changes.filter { !$0.path.contains("MealPlan") }.map(\.path).sorted()
        #expect(
            outside
                == ["App/App/Composition/AppResolver+Screens.swift", part.path, "Package.swift", "Tests/CoreTests/TestDoubles.swift"]
                .sorted())
        let text = try #require(plan.changes.first { $0.path == part.path }?.text)
        #expect(text.contains("    public typealias MealPlan = \(part.namespace).MealPlan\n"))
        #expect(text.contains("{ switch resolver.\(part.slot) { case .builders(let builders): builders.buildMealPlan(descriptor, "))
        #expect(text.contains("; public typealias MealPlan = TaggedScreenDescriptor<MealPlanTag>\n"))
    }

    @Test func aNamesPartIsTheSameOnEveryRunAndSpreadsOverEveryPart() {
        #expect(ScreensParts.number(of: "Pantry") == ScreensParts.number(of: "Pantry"))
        let numbers = (0..<1_000).map { ScreensParts.number(of: "Pantry\($0)") }
        #expect(Set(numbers) == Set(1...ScreensParts.count))
        let counts = Dictionary(grouping: numbers, by: { $0 }).values.map(\.count)
        #expect(counts.max() ?? 0 < 100, "about 50 a part at 1,000 screens: \(counts.sorted())")
    }

    @Test func aNewPartWithoutItsListsFailsBeforeWriting() throws {
        let files = Fixtures.files()
        try files.remove("Core/Core/Descriptors/Screens+Part01.swift")
        try files.write("public protocol Other {}\n", to: "Core/Core/Descriptors/Descriptor.swift")
        let before = files.contents
        #expect(throws: NewFeature.Failure("found no `protocol Resolver` in Core to list ScreensPart01 in — nothing was written")) {
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
