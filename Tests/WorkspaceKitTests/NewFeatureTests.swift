import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceRules
@testable import WorkspaceScaffolding
@testable import WorkspaceSpec

@Suite("new-feature on an in-memory workspace")
struct NewFeatureTests {
    func command(_ files: InMemoryFileSystem = Fixtures.files()) throws -> NewFeature {
        NewFeature(manifest: try Fixtures.manifest(), files: files)
    }

    @Test func thePlanCreatesTheFeatureAndEditsEveryAnchor() throws {
        let plan = try command().plan("Pantry")
        let pantryPart = ScreensParts.part(ScreensParts.number(of: "Pantry"), in: "Core/Core/Descriptors")

        #expect(
            plan.changes.filter { $0.kind == .create }.map(\.path) == [
                "Features/Pantry/PantryFeature.swift", "Features/Pantry/PantryScreen.swift", "Features/Pantry/PantryViewModel.swift",
                "Features/Pantry/PantryTranslator.swift", "Features/Pantry/PantryState.swift", "Tests/PantryTests/PantryScreenTests.swift",
                "Sandboxes/PantrySandbox/main.swift", "App/Entries/EntriesPart\(pantryPart.digits)/PantryEntry.swift",
            ])
        // The screen goes into the part its name hashes to: no other file of Core changes, nor CoreTesting's
        // StubResolver (a `PlaceholderBuilding` resolver gets the part's placeholder).
        #expect(
            plan.changes.filter { $0.kind == .change }.map(\.path) == [
                "Package.swift", pantryPart.path, "App/App/Composition/AppResolver+Screens.swift",
                "Tests/CoreTests/TestDoubles.swift",
            ])
        #expect(plan.manualSteps.isEmpty)
        let text = Dictionary(uniqueKeysWithValues: plan.changes.map { ($0.path, $0.text) })
        #expect(text["Package.swift"]?.contains("    Favorites\n    Pantry\n    \"\"\".split(") == true)
        let part = try #require(text[pantryPart.path])
        // One line a screen in each place, as ScreenRegistry writes them.
        for line in [
            "extension Screens {\n    public typealias Pantry = \(pantryPart.namespace).Pantry\n}\n",
            "    public protocol Builders: AnyObject {\n        @MainActor func buildPantry(_ descriptor: Pantry, in environment: any Environment) -> any Screen\n    }\n",
            "    public enum PantryTag: ScreenTag { public static func build(",
            "        [\n            \(pantryPart.namespace).PantryTag.self,\n        ]\n",
            "{ switch resolver.\(pantryPart.slot) { case .builders(let builders): builders.buildPantry(descriptor, in: environment); case .placeholders(let placeholders): placeholders.placeholder(for: descriptor, in: environment) } } }; public typealias Pantry = TaggedScreenDescriptor<PantryTag>\n}\n",
        ] {
            #expect(part.contains(line), "\(line)")
        }
        let builders = try #require(text["App/App/Composition/AppResolver+Screens.swift"])
        // The twenty modules of entries, whatever the features: a new one adds no import.
        #expect(builders.contains("import Core\nimport EntriesPart01\nimport EntriesPart02\n"))
        #expect(!builders.contains("PantryEntry\n"))
        #expect(
            builders.contains(
                "extension AppResolver {\n    @MainActor func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen { PantryEntry.makeScreen(descriptor, environment: environment) }\n}\n"
            ))
        #expect(
            text["App/Entries/EntriesPart\(pantryPart.digits)/PantryEntry.swift"]?.contains(
                "internal import Pantry\n") == true)
        #expect(
            text["Tests/CoreTests/TestDoubles.swift"]?.contains(
                "@MainActor func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen { screen(descriptor, environment) }"
            ) == true)
        // Nothing names the descriptor unqualified, outside its own declaration.
        for (path, text) in text where path != pantryPart.path && path != "Package.swift" {
            #expect(
                SwiftSource(text).offsets(ofWord: "Pantry").allSatisfy {
                    $0 >= 8 && text.utf8.dropFirst($0 - 8).starts(with: "Screens.".utf8)
                        || !SwiftSource(text).imports.filter { $0.module == "Pantry" }.isEmpty
                }, "\(path)")
        }
    }

    @Test func theNextFeatureCopiesANestedOneAndStaysQualified() throws {
        let files = Fixtures.files()
        try files.write(
            """
            import Core
            import Testing

            let everyScreen: [any ScreenDescriptor] = [Screens.Feed(), Screens.Favorites()]

            """, to: "Tests/CoreTests/DeepLinkTests.swift")
        let first = try command(files)
        try first.apply(try first.plan("Pantry"))
        let manifest = try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry"]))
        let second = NewFeature(manifest: manifest, files: files)
        let plan = try second.plan("MealPlan")
        let text = Dictionary(uniqueKeysWithValues: plan.changes.map { ($0.path, $0.text) })

        // The app's builders and the part are generated, in the order of `features`; the list of a test is left alone.
        #expect(!plan.changes.contains { $0.path == "App/App/Composition/AppResolver.swift" })
        #expect(!plan.changes.contains { $0.path == "Core/CoreTesting/StubResolver.swift" })
        #expect(!plan.changes.contains { $0.path == "Tests/CoreTests/DeepLinkTests.swift" })
        #expect(
            text["App/App/Composition/AppResolver+Screens.swift"]?.contains(
                "{ PantryEntry.makeScreen(descriptor, environment: environment) }\n    @MainActor func buildMealPlan(_ descriptor: Screens.MealPlan, in environment: any Environment) -> any Screen { MealPlanEntry.makeScreen("
            ) == true)
        let mealPlanPart = ScreensParts.part(ScreensParts.number(of: "MealPlan"), in: "Core/Core/Descriptors")
        #expect(
            text[mealPlanPart.path]?.contains(
                "extension Screens {\n    public typealias MealPlan = \(mealPlanPart.namespace).MealPlan\n") == true)
        #expect(
            text[mealPlanPart.path]?.contains(
                "    public enum MealPlanTag: ScreenTag { public static func build(_ descriptor: MealPlan, ") == true)
        #expect(!text.values.contains { $0.contains("Screens.Screens") })
        #expect(plan.manualSteps.isEmpty)

        // Both nested descriptors pass the check.
        try second.apply(plan)
        let both = try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry", "MealPlan"]))
        try files.write(SpecGenerator(manifest: both).generate(), to: "project-spec.yml")
        let violations = ArchitectureCheck(manifest: both, files: files).run().filter { $0.rule != "test-target" }
        #expect(violations.map(\.description) == [])
    }

    @Test func aNestedDescriptorLeftBehindKeepsItsName() throws {
        let files = Fixtures.files()
        try files.write(
            "public enum Screens {\n    public struct Pantry: ScreenDescriptor {\n        public static let linkPath = \"old-pantry\"\n    }\n}\n",
            to: "Core/Core/Descriptors/Screens.swift")
        #expect(
            throws: NewFeature.Failure(
                "“Pantry” would declare Screens.Pantry, but Core or CoreTesting already has a type of that name")
        ) {
            try command(files).plan("Pantry")
        }
        #expect(
            throws: NewFeature.Failure("“OldPantry” would link to old-pantry, but Screens.Pantry already uses that link path")
        ) {
            try command(files).plan("OldPantry")
        }
    }

    @Test func theGeneratedFeatureHasTheShapeOfTheOthers() throws {
        let files = Dictionary(uniqueKeysWithValues: FeatureTemplates(name: "MealPlan").files.map { ($0.path, $0.text) })

        let feature = try #require(files["Features/MealPlan/MealPlanFeature.swift"])
        #expect(
            feature.contains(
                "public enum MealPlanFeature {\n    @MainActor\n    public static func makeScreen(_ descriptor: Screens.MealPlan, environment: any Environment) -> any Screen {"
            ))
        #expect(feature.contains(".show(Screens.RecipeDetails(recipeID: id))"))
        let viewModel = try #require(files["Features/MealPlan/MealPlanViewModel.swift"])
        #expect(viewModel.contains("try await environment.client.feed().popular"))
        #expect(viewModel.contains("PageView(\"meal_plan\")"))
        #expect(viewModel.contains("return MealPlanFeature.recipeDetails(id)"))
        let screen = try #require(files["Features/MealPlan/MealPlanScreen.swift"])
        #expect(screen.contains("enum MealPlanRow: Hashable, Sendable {"))
        #expect(screen.contains("func handle(_ event: ScreenEvent<MealPlanRow>) async -> Navigation? {"))
        // Only the feature's door names `Screens`, so a screen added anywhere recompiles that one file of it.
        #expect(
            files.filter { $0.key.hasPrefix("Features/") && !SwiftSource($0.value).offsets(ofWord: "Screens").isEmpty }.keys.sorted() == [
                "Features/MealPlan/MealPlanFeature.swift"
            ])
        #expect(try #require(files["Features/MealPlan/MealPlanTranslator.swift"]).contains("static let title = \"Meal Plan\""))
        #expect(
            try #require(files["Sandboxes/MealPlanSandbox/main.swift"]).contains(
                "link: { $0.register(Screens.MealPlan.self, MealPlanFeature.makeScreen) },\n    root: Screens.MealPlan()\n"))
        let tests = try #require(files["Tests/MealPlanTests/MealPlanScreenTests.swift"])
        #expect(tests.contains("import Testing\n\n@testable import MealPlan\n"))
        #expect(tests.contains("#expect(recorder.pageViews == [PageView(\"meal_plan\")])"))
        #expect(tests.contains("#expect(navigation?.descriptor as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: first.id))"))
        #expect(tests.contains("MealPlanFeature.makeScreen(Screens.MealPlan(), environment: environment ?? self.environment)"))
        #expect(
            tests.contains("#expect(try DeepLinks.descriptor(from: link) as? Screens.MealPlan == Screens.MealPlan())"))
        // Every generated Swift file imports only what its target declares.
        for (path, text) in files {
            let allowed: Set<String> =
                path.hasPrefix("Features/")
                ? ["Core"]
                : path.hasPrefix("Tests/")
                    ? ["Core", "CoreTesting", "MealPlan", "Testing"]
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

    @Test(arguments: [
        (
            "Package.swift", "let package = Package(name: \"Cookbook\", targets: [])\n",
            "Package.swift: found no `let features = \"\"\" … \"\"\"` list of names to add Pantry to — nothing was written"
        ),
        // Without the namespace there is nowhere to declare the descriptor; an extension is not one.
        (
            "Core/Core/Descriptors/Screens.swift", "// public enum Screens {}\nextension Screens {}\n",
            "found no `public enum Screens { … }` in Core (see docs/architecture.md) — nothing was written"
        ),
    ])
    func aMissingAnchorFailsBeforeWriting(_ path: String, _ text: String, _ message: String) throws {
        let files = Fixtures.files()
        try files.write(text, to: path)
        let before = files.contents
        #expect(throws: NewFeature.Failure(message)) { try command(files).plan("Pantry") }
        #expect(files.contents == before)
    }

    @Test func aResolverThatCannotBeEditedIsReportedWithItsLine() throws {
        let files = Fixtures.files()
        try files.write(
            "import Core\n\n// A resolver built from generics.\nstruct Odd: Resolver {\n    func build<D: Descriptor>(_ d: D) {}\n}\n",
            to: "Tests/AppTests/Odd.swift")
        let plan = try command(files).plan("Pantry")

        #expect(
            plan.manualSteps == [
                "Tests/AppTests/Odd.swift:4: Odd has no builder to copy (looked for Screens.Favorites, Screens.Feed); add `@MainActor func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen { … }`"
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
        // The manifest as SwiftPM would now read it: the feature's three targets, and its part's module of entries depending on it.
        let manifest = try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry"]))
        #expect(manifest.features.map(\.name) == ["Feed", "Favorites", "Pantry"])
        try files.write(SpecGenerator(manifest: manifest).generate(), to: "project-spec.yml")
        let violations = ArchitectureCheck(manifest: manifest, files: files).run().filter { $0.rule != "test-target" }
        #expect(violations.map(\.description) == [])
    }

    /// `Recipes` against a test that expects `cookbook://recipes` to open nothing: the workspace
    /// would not stay green, so the name is refused before anything is written.
    @Test func aNameWhoseLinkATestAlreadyUsesIsRejected() throws {
        let files = Fixtures.files()
        try files.write(
            """
            import Core
            import Testing

            let invalid = [("cookbook:/\("/recipes")", "no screen has this path"), ("cookbook:/\("/recipes/42")", "")]

            """, to: "Tests/CoreTests/DeepLinkTests.swift")
        let before = files.contents

        #expect(
            throws: NewFeature.Failure(
                "“Recipes” would open cookbook://recipes (its deep link path is recipes), but Tests/CoreTests/DeepLinkTests.swift:4 uses that link for something else, so that code or test would change meaning or fail; choose another name, or change Tests/CoreTests/DeepLinkTests.swift first"
            )
        ) {
            try command(files).plan("Recipes")
        }
        #expect(files.contents == before)
        // `cookbook://recipes/42` opens a two-segment path, not `recipes`: no conflict for another name.
        #expect(try command(files).plan("Pantry").notes.isEmpty)
    }

    @Test func aLinkWithAQueryOpensThePathToo() throws {
        let files = Fixtures.files()
        try files.write("let link = \"cookbook:/\("/pantry")?sort=new\"\n", to: "Features/Feed/Links.swift")
        #expect(throws: NewFeature.Failure.self) { try command(files).plan("Pantry") }
    }

    @Test func aLinkPathAnExistingPatternMatchesIsRejected() throws {
        let files = Fixtures.files()
        try files.write(
            try files.read("Core/Core/Descriptors/Screens.swift").replacingOccurrences(
                of: "linkPath = \"favorites\"", with: "linkPath = \"{collection}\""),
            to: "Core/Core/Descriptors/Screens.swift")
        #expect(
            throws: NewFeature.Failure(
                "“Pantry” would link to pantry, which the link path {collection} of Screens.Favorites already matches; choose another name"
            )
        ) {
            try command(files).plan("Pantry")
        }
    }

    @Test func documentationMentioningTheNewLinkIsNotedOnlyWhereItOpensTheNewScreen() throws {
        let files = Fixtures.files()
        try files.write(
            "Open `cookbook:/\("/pantry")` to see it.\nDetails live at `cookbook:/\("/pantry")/{id}`, later.\n", to: "docs/links.md")
        let plan = try command(files).plan("Pantry")
        #expect(
            plan.notes == [
                "docs/links.md:1: mentions cookbook://pantry, which now opens Screens.Pantry; check that the text still says what it should"
            ])
        #expect(plan.report(dryRun: true).hasSuffix("To check:\n  \(plan.notes[0])"))
    }

    @Test func aNameTooLongForTheFileSystemIsRejectedBeforeAnythingIsWritten() throws {
        let files = Fixtures.files()
        let before = files.contents
        let name = "Pantry" + String(repeating: "Shelf", count: 50)
        do {
            _ = try command(files).plan(name)
            Issue.record("a \(name.count)-character name was accepted")
        } catch {
            #expect("\(error)".contains("is \(name.count) characters long"))
            #expect("\(error)".contains("use at most"))
        }
        #expect(files.contents == before)
        // Below the limit is fine.
        let limit = FeatureNameValidator(context: .init(targets: [])).maximumNameLength()
        #expect(limit >= 64)
        #expect(throws: Never.self) { try command(files).plan("Pantry" + String(repeating: "x", count: limit - 6)) }
    }

    @Test func theLimitAllowsForTheDepthOfThePackageFolder() {
        let shallow = FeatureNameValidator(context: .init(targets: [], packageRootLength: 20)).maximumNameLength()
        let deep = FeatureNameValidator(context: .init(targets: [], packageRootLength: 800)).maximumNameLength()
        #expect(shallow == 227)
        #expect(deep == 62)
    }

    @Test func aFailureHalfwayUndoesEverythingItWrote() throws {
        let files = FailingFileSystem(Fixtures.files().contents, failingWrite: 12)
        let before = files.contents
        let command = NewFeature(manifest: try Fixtures.manifest(), files: files)
        let plan = try command.plan("Pantry")

        do {
            try command.apply(plan)
            Issue.record("the twelfth write did not fail")
        } catch {
            #expect(
                "\(error)".contains(
                    "disk full — new-feature stopped and everything it wrote was removed and every file it changed restored"))
        }
        #expect(files.contents == before)
        #expect(!files.itemExists("Features/Pantry"))
    }

    @Test func aFailureAfterTheWritesUndoesThemAndTheSpec() throws {
        let files = Fixtures.files()
        try files.write("name: Old\n", to: "project-spec.yml")
        let before = files.contents
        let command = try command(files)
        struct ManifestUnreadable: Error {}

        #expect(throws: NewFeature.Failure.self) {
            try command.apply(try command.plan("Pantry"), alsoRestoring: ["project-spec.yml"]) {
                try files.write("name: New\n", to: "project-spec.yml")
                throw ManifestUnreadable()
            }
        }
        #expect(files.contents == before)
    }

    @Test func theDryRunReportListsEveryFile() throws {
        let report = try command().plan("Pantry").report(dryRun: true)
        let lines = report.split(separator: "\n")
        #expect(lines.first == "new-feature Pantry (dry run: nothing is written). It would:")
        // The title, eight files made, four changed (the manifest, the part of Screens, the app's and a
        // test's resolvers), and the spec.
        #expect(lines.count == 1 + 8 + 4 + 1)
        #expect(lines.last?.hasPrefix("  change   project-spec.yml") == true)
    }
}

/// Files in memory whose `failingWrite`-th write (counting from 1) fails, as a full disk would.
final class FailingFileSystem: FileSystem {
    let memory: InMemoryFileSystem
    let failingWrite: Int
    private var writes = 0

    init(_ contents: [String: String], failingWrite: Int) {
        memory = InMemoryFileSystem(contents)
        self.failingWrite = failingWrite
    }

    var contents: [String: String] { memory.contents }

    func read(_ path: String) throws -> String { try memory.read(path) }

    func write(_ text: String, to path: String) throws {
        writes += 1
        if writes == failingWrite { throw FileSystemError(path: path, problem: "disk full") }
        try memory.write(text, to: path)
    }

    func fileExists(_ path: String) -> Bool { memory.fileExists(path) }
    func itemExists(_ path: String) -> Bool { memory.itemExists(path) }
    func files(under folder: String) -> [String] { memory.files(under: folder) }
    func remove(_ path: String) throws { try memory.remove(path) }
}
