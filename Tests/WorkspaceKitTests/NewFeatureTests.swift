import Foundation
import Testing
@testable import WorkspaceKit

@Suite("new-feature on an in-memory workspace")
struct NewFeatureTests {
    func command(_ files: InMemoryFileSystem = Fixtures.files()) throws -> NewFeature {
        NewFeature(manifest: try Fixtures.manifest(), files: files)
    }

    @Test func thePlanCreatesTheFeatureAndEditsEveryAnchor() throws {
        let plan = try command().plan("Pantry")

        #expect(plan.changes.filter { $0.kind == .create }.map(\.path) == [
            "Features/Pantry/PantryFeature.swift", "Features/Pantry/PantryScreen.swift", "Features/Pantry/PantryViewModel.swift",
            "Features/Pantry/PantryInteractor.swift", "Features/Pantry/PantryTranslator.swift", "Features/Pantry/PantryRouter.swift",
            "Features/Pantry/PantryState.swift", "Tests/PantryTests/PantryScreenTests.swift", "Sandboxes/PantrySandbox/main.swift",
        ])
        #expect(plan.changes.filter { $0.kind == .change }.map(\.path) == [
            "Package.swift", "Core/Core/Descriptors/ScreenDescriptors.swift", "Core/Core/Descriptors/Descriptor.swift",
            "Core/Core/Descriptors/DeepLinks.swift", "Core/CoreTesting/StubResolver.swift", "App/App/Composition/AppResolver.swift",
            "Tests/CoreTests/TestDoubles.swift",
        ])
        #expect(plan.manualSteps.isEmpty)
        let text = Dictionary(uniqueKeysWithValues: plan.changes.map { ($0.path, $0.text) })
        #expect(text["Package.swift"]?.contains("    \"Favorites\",\n    \"Pantry\",\n]") == true)
        #expect(text["Core/Core/Descriptors/DeepLinks.swift"]?.contains("PantryDescriptor.self,\n") == true)
        #expect(text["Core/Core/Descriptors/Descriptor.swift"]?.contains("func build(_ descriptor: PantryDescriptor, in environment: any Environment) -> any Screen\n") == true)
        #expect(text["App/App/Composition/AppResolver.swift"]?.contains("PantryFeature.makeScreen(descriptor, environment: environment)") == true)
        #expect(text["Core/CoreTesting/StubResolver.swift"]?.contains("public var pantry: Builder<PantryDescriptor> = { descriptor, _ in PlaceholderScreen(for: descriptor) }") == true)
    }

    @Test func theGeneratedFeatureHasTheShapeOfTheOthers() throws {
        let files = Dictionary(uniqueKeysWithValues: FeatureTemplates(name: "MealPlan").files.map { ($0.path, $0.text) })

        let feature = try #require(files["Features/MealPlan/MealPlanFeature.swift"])
        #expect(feature.contains("public enum MealPlanFeature {\n    @MainActor\n    public static func makeScreen(_ descriptor: MealPlanDescriptor, environment: any Environment) -> any Screen {"))
        #expect(try #require(files["Features/MealPlan/MealPlanInteractor.swift"]).contains("try await environment.client.feed().popular"))
        #expect(try #require(files["Features/MealPlan/MealPlanInteractor.swift"]).contains("PageView(\"meal_plan\")"))
        #expect(try #require(files["Features/MealPlan/MealPlanRouter.swift"]).contains(".push(environment.resolve(RecipeDetailsDescriptor(recipeID: id)))"))
        #expect(try #require(files["Features/MealPlan/MealPlanTranslator.swift"]).contains("static let title = \"Meal Plan\""))
        #expect(try #require(files["Sandboxes/MealPlanSandbox/main.swift"]).contains("link: { $0.mealPlan = MealPlanFeature.makeScreen },"))
        let tests = try #require(files["Tests/MealPlanTests/MealPlanScreenTests.swift"])
        #expect(tests.contains("@testable import MealPlan\nimport Testing"))
        #expect(tests.contains("#expect(recorder.pageViews == [PageView(\"meal_plan\")])"))
        #expect(tests.contains("#expect(recorder.resolved(RecipeDetailsDescriptor.self) == [RecipeDetailsDescriptor(recipeID: first.id)])"))
        // Every generated Swift file imports only what its target declares.
        for (path, text) in files {
            let allowed: Set<String> = path.hasPrefix("Features/") ? ["Core"]
                : path.hasPrefix("Tests/") ? ["Core", "CoreTesting", "MealPlan", "Testing"]
                : ["Core", "CoreTesting", "Foundation", "MealPlan", "SandboxSupport"]
            #expect(Set(SwiftSource(text).imports.map(\.module)).isSubset(of: allowed), "\(path)")
        }
    }

    @Test func aBadNameWritesNothing() throws {
        let files = Fixtures.files()
        let before = files.contents
        #expect(throws: NewFeature.Failure("“pantry” is not UpperCamelCase: start it with a capital letter (e.g. Pantry)")) {
            try command(files).plan("pantry")
        }
        #expect(throws: NewFeature.Failure("“Feed” is already a target of the package")) {
            try command(files).plan("Feed")
        }
        #expect(files.contents == before)
    }

    @Test func aMissingAnchorFailsBeforeWriting() throws {
        let files = Fixtures.files()
        try files.write("public enum DeepLinks {}\n", to: "Core/Core/Descriptors/DeepLinks.swift")
        let before = files.contents
        #expect(throws: NewFeature.Failure.self) { try command(files).plan("Pantry") }
        #expect(files.contents == before)
    }

    @Test func aResolverThatCannotBeEditedIsReportedWithItsLine() throws {
        let files = Fixtures.files()
        try files.write("import Core\n\n// A resolver built from generics.\nstruct Odd: Resolver {\n    func build<D: Descriptor>(_ d: D) {}\n}\n", to: "Tests/AppTests/Odd.swift")
        let plan = try command(files).plan("Pantry")

        #expect(plan.manualSteps == [
            "Tests/AppTests/Odd.swift:4: Odd has no builder to copy (looked for FavoritesDescriptor, FeedDescriptor); add `@MainActor func build(_ descriptor: PantryDescriptor, in environment: any Environment) -> any Screen { … }`",
        ])
        #expect(plan.report(dryRun: true).contains("To finish by hand (these could not be edited):\n  Tests/AppTests/Odd.swift:4:"))
    }

    @Test func applyingWritesThePlanAndTheResultPassesTheCheck() throws {
        let files = Fixtures.files()
        let command = try command(files)
        let plan = try command.plan("Pantry")
        try command.apply(plan)

        for change in plan.changes {
            #expect(files.contents[change.path] == change.text)
        }
        // The manifest as SwiftPM would now read it: the feature's three targets and App's dependency.
        let json = Fixtures.manifestJSON
            .replacingOccurrences(
                of: Fixtures.target("App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: ["Feed", "Favorites"]),
                with: Fixtures.target("App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: ["Feed", "Favorites", "Pantry"])
            )
            .replacingOccurrences(of: "\n  ]\n}", with: """
                ,
                    \(Fixtures.target("Pantry", "regular", path: "Features/Pantry", byName: ["Core"])),
                    \(Fixtures.target("PantrySandbox", "executable", path: "Sandboxes/PantrySandbox", byName: ["Core", "CoreTesting", "SandboxSupport"], target: ["Pantry"])),
                    \(Fixtures.target("PantryTests", "test", path: "Tests/PantryTests", target: ["Pantry", "Core", "CoreTesting"]))
                  ]
                }
                """)
        let manifest = try Manifest.decode(json: json)
        #expect(manifest.features.map(\.name) == ["Feed", "Favorites", "Pantry"])
        try files.write(SpecGenerator(manifest: manifest).generate(), to: "project-spec.yml")
        let violations = ArchitectureCheck(manifest: manifest, files: files).run().filter { $0.rule != "test-target" }
        #expect(violations.map(\.description) == [])
    }

    @Test func listsOfEveryDescriptorAreCompletedAndOldLinksToTheNewPathAreNoted() throws {
        let files = Fixtures.files()
        try files.write("""
            import Core
            import Testing

            let everyScreen: [any ScreenDescriptor] = [FeedDescriptor(), FavoritesDescriptor()]
            let badLink = "cookbook:/\("/pantry")"

            """, to: "Tests/CoreTests/DeepLinkTests.swift")
        let plan = try command(files).plan("Pantry")

        let change = try #require(plan.changes.first { $0.path == "Tests/CoreTests/DeepLinkTests.swift" })
        #expect(change.text.contains("[FeedDescriptor(), FavoritesDescriptor(), PantryDescriptor()]"))
        #expect(change.summary == "PantryDescriptor in a list of every screen descriptor")
        #expect(plan.notes == ["Tests/CoreTests/DeepLinkTests.swift:5: mentions the link …://pantry, which now opens PantryDescriptor; check that it still means what it should"])
        #expect(plan.report(dryRun: true).hasSuffix("To check:\n  \(plan.notes[0])"))
    }

    @Test func theDryRunReportListsEveryFile() throws {
        let report = try command().plan("Pantry").report(dryRun: true)
        let lines = report.split(separator: "\n")
        #expect(lines.first == "new-feature Pantry (dry run: nothing is written). It would:")
        #expect(lines.count == 1 + 9 + 7 + 1)
        #expect(lines.last?.hasPrefix("  change   project-spec.yml") == true)
    }
}
