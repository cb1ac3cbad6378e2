import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

@Suite("The app's own screens: their kinds and builders come from their structs in Screens.swift")
struct OwnScreensRegistryTests {
    /// The fixture with `Screens.Pantry` written by hand in Screens.swift, after Favorites.
    func filesWithPantry(entry: String? = nil) throws -> InMemoryFileSystem {
        let files = Fixtures.files()
        let screens = try files.read("Core/Core/Descriptors/Screens.swift")
        let pantry = """
                /// What is in the cupboard.
                public struct Pantry: PlainScreenDescriptor {
                    public static let kind = ScreenKind.pantry
                    public static let linkPath = "pantry"

                    public init() {}

                    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
                        resolver.buildPantry(self, in: environment)
                    }
                }
            }

            """
        let end = try #require(screens.range(of: "}\n", options: .backwards))
        try files.write(screens.replacingCharacters(in: end, with: pantry), to: "Core/Core/Descriptors/Screens.swift")
        if let entry { try files.write(entry, to: "App/Entries/EntriesPart18/FeedEntry.swift") }
        return files
    }

    func changes(_ files: InMemoryFileSystem) throws -> [String: String] {
        let command = NewFeature(manifest: try Fixtures.manifest(), files: files)
        return Dictionary(uniqueKeysWithValues: try command.registryChanges().map { ($0.path, $0.text) })
    }

    @Test func theFixtureAsWrittenIsCurrent() throws {
        #expect(try changes(Fixtures.files()).isEmpty)
    }

    @Test func aStructInScreensGetsItsKindAndItsBuilderRequirementAndPlaceholder() throws {
        let changed = try changes(try filesWithPantry())

        let kinds = try #require(changed["Core/Core/Descriptors/ScreenKind.swift"])
        #expect(kinds.contains("    case favorites\n    case pantry\n"))
        #expect(kinds.contains("[.feed, .favorites, .pantry]"))
        #expect(kinds.contains("        case .pantry: return Screens.Pantry.self\n"))
        #expect(kinds.contains("        case .pantry: return 2\n"))

        let builders = try #require(changed["Core/Core/Descriptors/Screens+Builders.swift"])
        let requirement = "@MainActor func buildPantry(_ descriptor: Pantry, in environment: any Environment) -> any Screen"
        #expect(builders.contains("        \(requirement)\n"))
        #expect(
            builders.contains(
                "    @MainActor public func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen { placeholder(for: descriptor, in: environment) }\n"
            ))
        // No entry makes it, so the app's resolver writes its builder by hand: none is generated.
        #expect(changed["App/App/Composition/AppResolver+Screens.swift"] == nil)
        // Nothing of the parts changes: they do not list the app's own screens.
        #expect(changed.keys.allSatisfy { !$0.contains("+Part") })
    }

    @Test func aStructAnEntryMakesGetsTheAppsBuilderCallingThatEntry() throws {
        let entry = """
            import Core
            internal import Feed

            public enum FeedEntry {
                @MainActor public static func makeScreen(_ descriptor: Screens.Feed, environment: any Environment) -> any Screen {
                    FeedFeature.makeScreen(descriptor, environment: environment)
                }

                // Not this one: makeScreen(_ descriptor: Screens.Favorites, in a comment.
                @MainActor public static func makeScreen(_ descriptor: Screens.Pantry, environment: any Environment) -> any Screen {
                    FeedFeature.makePantry(environment: environment)
                }
            }

            """
        let app = try #require(try changes(try filesWithPantry(entry: entry))["App/App/Composition/AppResolver+Screens.swift"])
        #expect(
            app.contains(
                """
                extension AppResolver {
                    @MainActor func buildFeed(_ descriptor: Screens.Feed, in environment: any Environment) -> any Screen { FeedEntry.makeScreen(descriptor, environment: environment) }
                    @MainActor func buildPantry(_ descriptor: Screens.Pantry, in environment: any Environment) -> any Screen { FeedEntry.makeScreen(descriptor, environment: environment) }
                }
                """))
        #expect(!app.contains("buildFavorites"))
    }

    @Test func anEntrysOverloadsAreReadByTheirDescriptorsNames() {
        let code = "makeScreen(_ descriptor: Screens.RecipeDetails, environment: e) … makeScreen(_ descriptor: Screens.ChooseIngredients,"
        #expect(ScreenRegistry.madeScreens(in: code) == ["RecipeDetails", "ChooseIngredients"])
        #expect(ScreenRegistry.madeScreens(in: "makeScreen(_ descriptor: Screens.)") == [])
    }
}
