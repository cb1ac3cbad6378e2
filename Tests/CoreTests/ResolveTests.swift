import Core
import CoreTesting
import Testing

@Suite("Environment.resolve dispatches each descriptor to its own builder")
@MainActor
struct ResolveTests {
    let resolver = RecordingResolver()

    @Test("a details descriptor runs exactly the details builder, with that descriptor")
    func detailsDescriptorRunsDetailsBuilder() throws {
        let environment = TestEnvironment(resolver: resolver)

        let screen = environment.resolve(Screens.RecipeDetails(recipeID: 42))

        #expect(resolver.builds == [.details(Screens.RecipeDetails(recipeID: 42))])
        let built = try #require(screen as? LabelledScreen)
        #expect(built.label == "details: 42")
    }

    @Test("a search descriptor runs exactly the search builder, with its query")
    func searchDescriptorRunsSearchBuilder() throws {
        let environment = TestEnvironment(resolver: resolver)

        let screen = environment.resolve(Screens.RecipeSearch(query: "miso"))

        #expect(resolver.builds == [.search(Screens.RecipeSearch(query: "miso"))])
        #expect((screen as? LabelledScreen)?.label == "search: miso")
    }

    @Test("a search link without a query opens the search builder with an empty query")
    func searchLinkWithoutQueryOpensAnEmptySearch() throws {
        let environment = TestEnvironment(resolver: resolver)
        let descriptor = try #require(try DeepLinks.descriptor(from: "cookbook://search") as? Screens.RecipeSearch)

        let screen = environment.resolve(descriptor)

        #expect(resolver.builds == [.search(Screens.RecipeSearch(query: ""))])
        #expect((screen as? LabelledScreen)?.label == "search: ")
    }

    @Test("an export descriptor returns the very exporter the resolver built", arguments: RecipeExportDescriptor.Format.allCases)
    func exportDescriptorReturnsBuiltExporter(format: RecipeExportDescriptor.Format) throws {
        let environment = TestEnvironment(resolver: resolver)

        let exporter = environment.resolve(RecipeExportDescriptor(format: format))

        #expect(resolver.builds == [.export(RecipeExportDescriptor(format: format))])
        let recording = try #require(exporter as? RecordingExporter)
        #expect(recording === resolver.exporter)
    }

    @Test("builders receive the environment that resolved the descriptor")
    func buildersReceiveTheResolvingEnvironment() {
        let first = TestEnvironment(resolver: resolver, flags: ["first"])
        let second = TestEnvironment(resolver: resolver, flags: ["second"])

        _ = first.resolve(Screens.RecipeSearch())
        _ = second.resolve(Screens.RecipeDetails(recipeID: 1))
        _ = first.resolve(RecipeExportDescriptor(format: .plainText))

        #expect(resolver.environmentFlags == [["first"], ["second"], ["first"]])
    }

    @Test("each resolution builds a new screen, in the order asked")
    func resolutionsAreRecordedInOrder() {
        let environment = TestEnvironment(resolver: resolver)

        let a = environment.resolve(Screens.RecipeDetails(recipeID: 1))
        let b = environment.resolve(Screens.RecipeDetails(recipeID: 1))
        _ = environment.resolve(Screens.RecipeSearch(query: "x"))

        #expect(a !== b)
        #expect(
            resolver.builds == [
                .details(Screens.RecipeDetails(recipeID: 1)),
                .details(Screens.RecipeDetails(recipeID: 1)),
                .search(Screens.RecipeSearch(query: "x")),
            ])
    }
}
