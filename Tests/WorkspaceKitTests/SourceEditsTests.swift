import Foundation
import Testing

@testable import WorkspaceKit

@Suite("Source edits of new-feature, on in-memory anchor files")
struct SourceEditsTests {
    let pantry = ResolverConformers.Feature(NameForms("Pantry"), descriptor: "Screens.Pantry")
    var examples: [ResolverConformers.Feature] {
        [
            ResolverConformers.Feature(NameForms("Favorites"), descriptor: "Screens.Favorites"),
            ResolverConformers.Feature(NameForms("Feed"), descriptor: "Screens.Feed"),
        ]
    }

    @Test func theFeatureIsAppendedToTheFeaturesArray() throws {
        let edited = try SourceEdits.addingFeature("Pantry", toManifest: Fixtures.packageSwift)
        #expect(
            edited.contains(
                """
                let features: [String] = [
                    "Feed",
                    "Favorites",
                    "Pantry",
                ]
                """))
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

    @Test func theKindGetsACaseAfterTheLastOneAndAnArmAtTheEndOfItsSwitch() throws {
        let edited = try SourceEdits.addingKind(
            "pantry", descriptor: "Screens.Pantry", toScreenKindIn: Fixtures.screenKindSwift, path: "ScreenKind.swift")
        #expect(
            edited.contains(
                """
                    case feed
                    // A comment: case notACase
                    case favorites
                    case pantry

                    public var descriptorType
                """))
        #expect(
            edited.contains(
                """
                        case .favorites: return Screens.Favorites.self
                        case .pantry: return Screens.Pantry.self
                        }
                """))
    }

    @Test func aFileWithoutScreenKindIsRefused() {
        #expect(throws: SourceEdits.Failure(path: "X.swift", message: "found no `enum ScreenKind { … }` to add the case pantry to")) {
            try SourceEdits.addingKind("pantry", descriptor: "Screens.Pantry", toScreenKindIn: "enum Other {}\n", path: "X.swift")
        }
    }

    @Test func theRequirementGoesAfterTheLastScreenBuilderOfProtocolResolver() throws {
        let requirement = FeatureTemplates(name: "Pantry").requirement
        let edited = try SourceEdits.addingRequirement(requirement, toResolverIn: Fixtures.descriptorSwift, path: "Descriptor.swift")
        #expect(
            edited.contains(
                """
                    @MainActor func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen
                    @MainActor func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen
                    @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter
                }
                """))
        // Only one line was added: not in `protocol Descriptor`, not in the doc comment's braces.
        #expect(edited.split(separator: "\n").count == Fixtures.descriptorSwift.split(separator: "\n").count + 1)
    }

    @Test func aProtocolWithoutScreenBuildersGetsTheRequirementBeforeItsBrace() throws {
        let edited = try SourceEdits.addingRequirement(
            "func build(_ d: P) -> any Screen", toResolverIn: "public protocol Resolver: Sendable {\n}\n", path: "R.swift")
        #expect(edited == "public protocol Resolver: Sendable {\n    func build(_ d: P) -> any Screen\n}\n")
        #expect(throws: SourceEdits.Failure.self) {
            try SourceEdits.addingRequirement("x", toResolverIn: "// protocol Resolver {}\n", path: "R.swift")
        }
    }

    @Test func theDescriptorGoesIntoTheBodyOfScreens() throws {
        let member = FeatureTemplates(name: "Pantry").descriptor
        let edited = try SourceEdits.addingMember(member, toEnumNamed: "Screens", in: Fixtures.screensSwift, path: "Screens.swift")
        #expect(
            edited.hasPrefix(
                String(Fixtures.screensSwift.dropLast("}\n".count))
                    + "\n    /// The Pantry screen (made by `workspace new-feature`).\n    public struct Pantry: PlainScreenDescriptor {\n"
            ))
        #expect(edited.contains("        public static let kind = ScreenKind.pantry\n        public static let linkPath = \"pantry\"\n\n"))
        #expect(edited.hasSuffix("            resolver.buildPantry(self, in: environment)\n        }\n    }\n}\n"))
        // Blank lines stay blank, without trailing spaces.
        #expect(!edited.contains(" \n"))

        let second = try SourceEdits.addingMember(
            FeatureTemplates(name: "MealPlan").descriptor, toEnumNamed: "Screens", in: edited, path: "Screens.swift")
        #expect(
            second.hasPrefix(String(edited.dropLast("}\n".count)) + "\n    /// The Meal Plan screen (made by `workspace new-feature`).\n"))
        #expect(second.hasSuffix("    }\n}\n"))
        #expect(
            SourceIndex(manifest: try Fixtures.manifest(), files: InMemoryFileSystem(["Core/Core/S.swift": second])).screenDescriptors.map(
                \.qualifiedName)
                == ["Screens.Feed", "Screens.Favorites", "Screens.Pantry", "Screens.MealPlan"])
    }

    @Test func aMemberKeepsTheEnumsIndentationAndTheCommentsBeforeItsBrace() throws {
        let text = "enum Outer {\n    /* enum Screens {} */\n}\n\npublic enum Screens {\n    public struct A {}\n    // More below.\n}\n"
        let edited = try SourceEdits.addingMember("struct B {\n    let x = 1\n}\n", toEnumNamed: "Screens", in: text, path: "S.swift")
        #expect(
            edited
                == "enum Outer {\n    /* enum Screens {} */\n}\n\npublic enum Screens {\n    public struct A {}\n    // More below.\n\n    struct B {\n        let x = 1\n    }\n}\n"
        )
    }

    @Test func anExtensionOrANestedEnumIsNotTheNamespace() {
        // A descriptor in a new `extension Screens` would be a new top-level declaration: every feature recompiles.
        #expect(
            throws: SourceEdits.Failure(path: "S.swift", message: "found no top-level `enum Screens { … }` to declare the new member in")
        ) {
            try SourceEdits.addingMember(
                "struct B {}", toEnumNamed: "Screens", in: "extension Screens {}\nenum Outer {\n    enum Screens {}\n}\n", path: "S.swift")
        }
    }

    @Test func importsAreInsertedInOrder() {
        #expect(
            SourceEdits.addingImport("PantryEntry", to: Fixtures.appResolverSwift).hasPrefix(
                "import Core\nimport FavoritesEntry\nimport FeedEntry\n#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\nimport PantryEntry\n\n"
            ))
        // Never inside the FoundationEssentials idiom's #if, where it would apply on one platform only.
        #expect(
            SourceEdits.addingImport("Fish", to: Fixtures.appResolverSwift).hasPrefix(
                "import Core\nimport FavoritesEntry\nimport FeedEntry\n#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\nimport Fish\n\n"
            ))
        #expect(
            SourceEdits.addingImport("Cart", to: Fixtures.appResolverSwift).hasPrefix("import Cart\nimport Core\nimport FavoritesEntry\n"))
        #expect(SourceEdits.addingImport("Zoo", to: "import A\n\nlet x = 1\n") == "import A\nimport Zoo\n\nlet x = 1\n")
        #expect(SourceEdits.addingImport("FeedEntry", to: Fixtures.appResolverSwift) == Fixtures.appResolverSwift)
    }

    // MARK: Conformers

    func edited(_ outcome: ResolverConformers.Outcome) throws -> String {
        guard case .edited(let text, _) = outcome else {
            Issue.record("expected an edit, got \(outcome)")
            throw CancellationError()
        }
        return text
    }

    @Test func theStubResolverGetsAPlaceholderPropertyAndARecordingBuild() throws {
        let outcome = ResolverConformers.addBuilder(
            for: pantry, examples: examples, typeName: "StubResolver", in: Fixtures.stubResolverSwift)
        let text = try edited(outcome)

        #expect(outcome == .edited(text, example: "Screens.Favorites"))
        #expect(
            text.contains(
                """
                    public var favorites: Builder<Screens.Favorites> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
                    public var pantry: Builder<Screens.Pantry> = { descriptor, _ in PlaceholderScreen(for: descriptor) }
                    public var recipeExport:
                """))
        #expect(
            text.contains(
                """
                        return favorites(descriptor, environment)
                    }

                    /// Saved recipes.
                    @MainActor public func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen {
                        recorder.record(resolved: descriptor)
                        return pantry(descriptor, environment)
                    }

                    @MainActor public func buildRecipeExport(_ descriptor: RecipeExportDescriptor
                """))
        #expect(!text.contains("import Pantry"))
    }

    @Test func theAppResolverGetsTheEntryBuilderAndItsImport() throws {
        let text = try edited(
            ResolverConformers.addBuilder(for: pantry, examples: examples, typeName: "AppResolver", in: Fixtures.appResolverSwift))

        #expect(text.contains("    import Foundation\n#endif\nimport PantryEntry\n"))
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

    @Test func listsOfEveryScreenDescriptorStayComplete() {
        let text = """
            private let everyScreen: [any ScreenDescriptor] = [
                Screens.Feed(),
                Screens.Favorites(),
            ]
            let types = [Screens.Feed.self, Screens.Favorites.self]
            let some = [Screens.Feed()]
            let names = ["Screens.Feed", "Screens.Favorites"]
            let labels: [String] = [String(describing: Screens.Feed()), String(describing: Screens.Favorites.init())]

            """
        let result = SourceEdits.completingDescriptorLists(
            in: text, descriptors: ["Screens.Feed", "Screens.Favorites"], example: "Screens.Favorites",
            adding: "Screens.Pantry", path: "T.swift"
        )
        #expect(result.added == 2)
        #expect(result.manualLines == [8])
        #expect(
            result.text
                == text
                .replacingOccurrences(
                    of: "    Screens.Favorites(),\n]", with: "    Screens.Favorites(),\n    Screens.Pantry(),\n]"
                )
                .replacingOccurrences(of: "Screens.Favorites.self]", with: "Screens.Favorites.self, Screens.Pantry.self]"))

        // Nested descriptors count by their own names; a list that has the new one already is complete.
        let nested =
            "let all = [Screens.Feed.self, Screens.Pantry.self]\nlet done = [Screens.Feed.self, Screens.Pantry.self, Screens.MealPlan.self]\n"
        let next = SourceEdits.completingDescriptorLists(
            in: nested, descriptors: ["Feed", "Pantry"], example: "Pantry",
            adding: "Screens.MealPlan", path: "T.swift"
        )
        #expect(next.added == 1)
        #expect(
            next.text == "let all = [Screens.Feed.self, Screens.Pantry.self, Screens.MealPlan.self]\n"
                + nested.split(separator: "\n")[1] + "\n")
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
