import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

@Suite("Source edits of new-feature, on in-memory anchor files")
struct SourceEditsTests {
    let pantry = ResolverConformers.Feature(NameForms("Pantry"), descriptor: "Screens.Pantry")
    var examples: [ResolverConformers.Feature] {
        [
            ResolverConformers.Feature(NameForms("Favorites"), descriptor: "Screens.Favorites"),
            ResolverConformers.Feature(NameForms("Feed"), descriptor: "Screens.Feed"),
        ]
    }

    @Test func theFeatureIsTheListsLastLine() throws {
        let edited = try SourceEdits.addingFeature("Pantry", toManifest: Fixtures.packageSwift)
        #expect(edited.contains("let features = \"\"\"\n    Feed\n    Favorites\n    Pantry\n    \"\"\".split("))
        #expect(try ScreenRegistry.declaredFeatures(in: edited) == ["Feed", "Favorites", "Pantry"])
        let none = "let features = \"\"\"\n    \"\"\".split(whereSeparator: \\.isWhitespace)\n"
        let one = none.replacingOccurrences(of: "\n    \"", with: "\n    Pantry\n    \"")
        #expect(try SourceEdits.addingFeature("Pantry", toManifest: none) == one)
    }

    @Test func anOlderManifestsArrayOfLiteralsIsReadAndGrown() throws {
        let manifest = "let features: [String] = [\n    \"Feed\",\n    \"Favorites\",\n]\n"
        let edited = try SourceEdits.addingFeature("Pantry", toManifest: manifest)
        #expect(edited == "let features: [String] = [\n    \"Feed\",\n    \"Favorites\",\n    \"Pantry\",\n]\n")
        #expect(try ScreenRegistry.declaredFeatures(in: edited) == ["Feed", "Favorites", "Pantry"])
    }

    @Test func aOneLineFeaturesArrayStaysOnOneLine() throws {
        let edited = try SourceEdits.addingFeature("Pantry", toManifest: #"let features = ["Feed", "Favorites"]"# + "\n")
        #expect(edited == #"let features = ["Feed", "Favorites", "Pantry"]"# + "\n")
        let empty = try SourceEdits.addingFeature("Pantry", toManifest: "let features: [String] = []\n")
        #expect(empty == #"let features: [String] = ["Pantry"]"# + "\n")
    }

    @Test func aManifestWithoutFeaturesIsAnError() {
        #expect(throws: SourceEdits.Failure.self) {
            try SourceEdits.addingFeature("Pantry", toManifest: "let package = Package(name: \"X\")\n// let features = [\n")
        }
    }

    @Test func aLineGoesLastInABodyWithoutABlankLine() throws {
        let requirement = FeatureTemplates(name: "Pantry").requirement
        for (text, expected) in [
            (
                "    public protocol Builders: AnyObject {\n    }\n",
                "    public protocol Builders: AnyObject {\n        \(requirement)\n    }\n"
            ),
            (
                "protocol Builders {\n    func a()\n}\n",
                "protocol Builders {\n    func a()\n    \(requirement)\n}\n"
            ),
            ("protocol Builders {}\n", "protocol Builders {\n    \(requirement)\n}\n"),
        ] {
            let declaration = try #require(SwiftSource(text).typeDeclarations.first)
            #expect(try SourceEdits.appendingLine(requirement, to: declaration, in: text) == expected)
        }
    }

    @Test func importsAreInsertedInOrder() {
        #expect(
            SourceEdits.addingImport("PantryEntry", to: Fixtures.appResolverSwift).hasPrefix(
                "import Core\nimport EntriesPart03\nimport EntriesPart18\n#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\nimport PantryEntry\n\n"
            ))
        // Never inside the FoundationEssentials idiom's #if, where it would apply on one platform only.
        #expect(
            SourceEdits.addingImport("Fish", to: Fixtures.appResolverSwift).hasPrefix(
                "import Core\nimport EntriesPart03\nimport EntriesPart18\n#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\nimport Fish\n\n"
            ))
        #expect(
            SourceEdits.addingImport("Cart", to: Fixtures.appResolverSwift).hasPrefix("import Cart\nimport Core\nimport EntriesPart03\n"))
        #expect(SourceEdits.addingImport("Zoo", to: "import A\n\nlet x = 1\n") == "import A\nimport Zoo\n\nlet x = 1\n")
        #expect(SourceEdits.addingImport("EntriesPart18", to: Fixtures.appResolverSwift) == Fixtures.appResolverSwift)
    }

    // MARK: Conformers

    func edited(_ outcome: ResolverConformers.Outcome) throws -> String {
        guard case .edited(let text, _) = outcome else {
            Issue.record("expected an edit, got \(outcome)")
            throw CancellationError()
        }
        return text
    }

    @Test func theAppResolverGetsTheEntryBuilderAndItsImport() throws {
        let text = try edited(
            ResolverConformers.addBuilder(for: pantry, examples: examples, typeName: "AppResolver", in: Fixtures.appResolverSwift))

        // Pantry's entry is in its part's module, which the file now imports beside Favorites' (03) and Feed's (18).
        let module = Conventions.entriesModule(of: "Pantry")
        #expect(
            SwiftSource(text).imports.map(\.module).filter { $0.hasPrefix("EntriesPart") }
                == ["EntriesPart03", module, "EntriesPart18"].sorted())
        #expect(!text.contains("import Pantry\n"))
        #expect(
            text.contains(
                """
                    @MainActor
                    func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen {
                        PantryEntry.makeScreen(descriptor, environment: environment)
                    }
                """))
        #expect(text.components(separatedBy: "FavoritesEntry.makeScreen").count == 2)
    }

    @Test func aTestDoubleGetsItsOwnOneLineBuild() throws {
        let text = try edited(
            ResolverConformers.addBuilder(for: pantry, examples: examples, typeName: "RecordingResolver", in: Fixtures.testDoublesSwift))

        #expect(
            text.contains(
                """
                    @MainActor func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen { screen(descriptor, environment) }
                    @MainActor func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen { screen(descriptor, environment) }

                """))
        // The string that looks like a declaration is left alone.
        #expect(text.contains(#"let label = "class RecordingResolver: Resolver { }""#))
    }

    @Test func theNextExampleIsUsedWhenTheFirstHasNoBuilder() throws {
        let withoutFavorites = Fixtures.testDoublesSwift.replacingOccurrences(
            of:
                "    @MainActor func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen { screen(descriptor, environment) }\n",
            with: "")
        let outcome = ResolverConformers.addBuilder(for: pantry, examples: examples, typeName: "RecordingResolver", in: withoutFavorites)
        let text = try edited(outcome)
        #expect(outcome == .edited(text, example: "Screens.Feed"))
        #expect(
            text.contains(
                "func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen { screen(descriptor, environment) }"
            ))
    }

    @Test func aConformerWithoutAnyExampleBuilderNeedsAHand() {
        let generic =
            "struct Generic: Resolver {\n    func build<D: Descriptor>(_ descriptor: D, in environment: any Environment) -> D.Output { fatalError() }\n}\n"
        #expect(
            ResolverConformers.addBuilder(for: pantry, examples: examples, typeName: "Generic", in: generic)
                == .manual("Generic has no builder to copy (looked for Screens.Favorites, Screens.Feed)"))
    }

    @Test func substitutionReplacesWholeIdentifiersOnly() {
        let favorites = ResolverConformers.Feature(NameForms("Favorites"), descriptor: "Screens.Favorites")
        let text =
            "favorites(d); self.favorites; environment.favorites; Screens.Favorites; FavoritesFeature.x; MyFavorites; favoritesCount; favoritesx; buildFavorites"
        #expect(
            ResolverConformers.substitute(
                text, from: favorites, to: ResolverConformers.Feature(NameForms("MealPlan"), descriptor: "MealPlanDescriptor"))
                == "mealPlan(d); self.mealPlan; environment.favorites; MealPlanDescriptor; MealPlanFeature.x; MyFavorites; mealPlanCount; favoritesx; buildMealPlan"
        )
    }

    @Test func substitutionWritesTheNewDescriptorQualifiedWhateverTheExample() {
        let mealPlan = ResolverConformers.Feature(NameForms("MealPlan"), descriptor: "Screens.MealPlan")
        let topLevel = ResolverConformers.Feature(NameForms("Favorites"), descriptor: "Screens.Favorites")
        // Only the whole name is qualified; a member or a longer name is renamed word by word.
        #expect(
            ResolverConformers.substitute(
                "Builder<Screens.Favorites>; Core.Screens.Favorites.self; x.FavoritesDescriptor; FavoritesDescriptors", from: topLevel,
                to: mealPlan)
                == "Builder<Screens.MealPlan>; Screens.MealPlan.self; x.MealPlanDescriptor; MealPlanDescriptors")
        let nested = ResolverConformers.Feature(NameForms("Pantry"), descriptor: "Screens.Pantry")
        #expect(
            ResolverConformers.substitute(
                "build(_ d: Screens.Pantry) { pantry(d); PantryFeature.makeScreen(d) }; Core.Screens.Pantry()",
                from: nested, to: mealPlan)
                == "build(_ d: Screens.MealPlan) { mealPlan(d); MealPlanFeature.makeScreen(d) }; Screens.MealPlan()")
    }
}
