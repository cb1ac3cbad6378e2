import Core
import CoreTesting
import Testing

/// A screen standing in for a feature's real one.
@MainActor
private final class FakeDetailsScreen: Screen {
    let recipeID: Recipe.ID
    let isPremium: Bool
    var onChange: (@MainActor () -> Void)?

    init(recipeID: Recipe.ID, isPremium: Bool) {
        self.recipeID = recipeID
        self.isPremium = isPremium
    }

    var content: ScreenContent<Never> { ScreenContent(title: "Recipe \(recipeID)") }
    func appear() async {}
    func handle(_ event: ScreenEvent<Never>) async -> Navigation? { nil }
}

@Suite("Placeholder screens and the stub resolver")
@MainActor
struct PlaceholderTests {
    @Test("an unlinked details descriptor resolves to a placeholder that names it")
    func detailsPlaceholder() throws {
        let environment = StubEnvironment()

        let screen = environment.resolve(Screens.RecipeDetails(recipeID: 42))

        let placeholder = try #require(screen as? PlaceholderScreen)
        #expect(placeholder.content.plainText().contains("Screens.RecipeDetails(recipeID: 42)"))
        #expect(placeholder.content.title == "Placeholder")
        #expect(placeholder.label == "Screens.RecipeDetails(recipeID: 42)")
    }

    @Test("the placeholder's whole text, as scripts see it")
    func placeholderSnapshot() {
        let screen = PlaceholderScreen(for: Screens.RecipeSearch(query: "miso"))
        #expect(
            screen.content.plainText() == """
                # Placeholder

                     Screens.RecipeSearch(query: "miso")
                     This screen belongs to a feature that is not linked here.

                """)
    }

    @Test("the placeholder ignores every event")
    func placeholderIgnoresEvents() async {
        let screen = PlaceholderScreen(for: Screens.RecipeDetails(recipeID: 1))
        let before = screen.content
        await screen.appear()
        #expect(await screen.handle(.activate(row: .descriptor)) == nil)
        #expect(await screen.handle(.retry) == nil)
        #expect(screen.content == before)
    }

    @Test("resolutions are recorded, and can be read back by type")
    func recorderHoldsResolutions() {
        let environment = StubEnvironment()

        _ = environment.resolve(Screens.RecipeDetails(recipeID: 42))
        _ = environment.resolve(Screens.RecipeSearch(query: "soup"))
        _ = environment.resolve(Screens.RecipeDetails(recipeID: 7))

        #expect(
            environment.recorder.resolved(Screens.RecipeDetails.self) == [
                Screens.RecipeDetails(recipeID: 42), Screens.RecipeDetails(recipeID: 7),
            ])
        #expect(environment.recorder.resolved(Screens.RecipeSearch.self) == [Screens.RecipeSearch(query: "soup")])
        #expect(environment.recorder.resolved(RecipeExportDescriptor.self).isEmpty)
        #expect(
            environment.recorder.resolvedDescriptions == [
                "Screens.RecipeDetails(recipeID: 42)",
                "Screens.RecipeSearch(query: \"soup\")",
                "Screens.RecipeDetails(recipeID: 7)",
            ])
    }

    @Test("setting a builder replaces the placeholder, and the resolution is still recorded")
    func builderReplacesPlaceholder() throws {
        let environment = StubEnvironment().overriding(\.userFeatures, with: .premium)
        environment.stubResolver.register(Screens.RecipeDetails.self) { descriptor, environment in
            FakeDetailsScreen(recipeID: descriptor.recipeID, isPremium: environment.userFeatures.isPremium)
        }

        let screen = environment.resolve(Screens.RecipeDetails(recipeID: 42))

        let details = try #require(screen as? FakeDetailsScreen)
        #expect(details.recipeID == 42)
        #expect(details.isPremium)
        #expect(!(screen is PlaceholderScreen))
        #expect(environment.recorder.resolved(Screens.RecipeDetails.self) == [Screens.RecipeDetails(recipeID: 42)])
    }

    @Test("setting one builder leaves the other descriptors as placeholders")
    func otherBuildersStayPlaceholders() {
        let environment = StubEnvironment()
        environment.stubResolver.register(Screens.RecipeDetails.self) { descriptor, _ in
            FakeDetailsScreen(recipeID: descriptor.recipeID, isPremium: false)
        }

        #expect(environment.resolve(Screens.RecipeSearch(query: "x")) is PlaceholderScreen)
    }

    @Test("an export descriptor resolves to a recording exporter in that format", arguments: RecipeExportDescriptor.Format.allCases)
    func exportResolvesToRecordingExporter(format: RecipeExportDescriptor.Format) throws {
        let environment = StubEnvironment()

        let exporter = try #require(environment.resolve(RecipeExportDescriptor(format: format)) as? RecordingExporter)

        #expect(exporter.format == format)
        #expect(environment.recorder.resolved(RecipeExportDescriptor.self) == [RecipeExportDescriptor(format: format)])
    }
}

@Suite("RecordingExporter")
struct RecordingExporterTests {
    @Test("records the ids it exported, in order, and writes nothing")
    func recordsIDs() async throws {
        let exporter = RecordingExporter(format: .markdown)
        #expect(exporter.exportedRecipeIDs.isEmpty)

        let first = try await exporter.export(Fixtures.misoSoup)
        _ = try await exporter.export(Fixtures.curryRice)
        _ = try await exporter.export(Fixtures.misoSoup)

        #expect(exporter.exportedRecipeIDs == [3, 1, 3])
        #expect(first == "Exported “Miso Soup” as markdown (stub: nothing was written).")
    }

    @Test("says the format it was made for")
    func saysFormat() async throws {
        let exporter = RecordingExporter(format: .plainText)
        let message = try await exporter.export(Fixtures.pancakes)
        #expect(message.contains("“Pancakes”"))
        #expect(message.contains("plainText"))
    }
}
