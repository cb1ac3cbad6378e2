import Core
import CoreTesting

@testable import RecipeSearch

/// Drives a screen the way the terminal runner does.
@MainActor
func search(_ screen: any Screen<RecipeSearchRow>, for keyword: String) async {
    screen.edit(.query, text: keyword)
    _ = await screen.handle(.submit(row: .query, text: keyword))
}

extension ScreenContent<RecipeSearchRow> {
    /// The rows that open a recipe, top to bottom.
    var recipeRows: [ScreenRow<RecipeSearchRow>] {
        sections.flatMap(\.rows).filter {
            if case .recipe = $0.id { true } else { false }
        }
    }

    /// The titles of the result rows, top to bottom.
    var resultTitles: [String] { recipeRows.map(\.label) }

    /// The ids of the result rows, top to bottom.
    var resultRowIDs: [RecipeSearchRow] { recipeRows.map(\.id) }

    /// The text shown in the search field.
    var queryText: String? {
        guard case .textField(_, let text, _)? = row(id: .query)?.element else { return nil }
        return text
    }
}

extension ScreenContent {
    func section(titled title: String) -> ScreenSection<Row>? {
        sections.first { $0.title == title }
    }
}

/// Holds back the searches `isGated` picks until the test releases them, then answers them
/// (or fails them with the stub's "unreachable" error); answers every other search at once.
struct GatedClient: RecipeServiceClient {
    let base: StubRecipeClient
    let isGated: @Sendable (Query<Recipe>, PageRequest) -> Bool
    var failsWhenReleased = false
    /// Told when a gated search has reached the client.
    let arrived: AsyncStream<Void>.Continuation
    /// Gated searches go on once this yields.
    let release: AsyncStream<Void>

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        if isGated(query, page) {
            arrived.yield()
            for await _ in release { break }
            if failsWhenReleased { throw StubServiceError.unreachable }
        }
        return try await base.searchRecipes(query, sort: sort, page: page)
    }

    func recipe(id: Recipe.ID) async throws -> Recipe { try await base.recipe(id: id) }
    func feed() async throws -> RecipeFeed { try await base.feed() }
}

/// `count` recipes that all match the keyword "paging", most popular first by id.
func pagingRecipes(count: Int) -> [Recipe] {
    (1...count).map { index in
        Recipe(
            id: index, title: "Paging Stew \(index)", summary: "Generated for paging.",
            author: Fixtures.aiko, category: .main, cookingMinutes: 30, calories: 500, servings: 2,
            isVegetarian: false, popularity: 10_000 - index, publishedOn: "2025-01-01",
            ingredients: [Ingredient(name: "water", quantity: 1, unit: .liter)], steps: ["Simmer."]
        )
    }
}
