import Core
import CoreTesting

// The feed's own scenarios, offered after the shared ones (`--scenario nothing-new`).
extension Scenario {
    /// A quiet week: the web API's feed has popular recipes and an empty list of new ones, which
    /// the feed leaves out rather than heading About with "New".
    static let nothingNew = Scenario(
        "nothing-new", "as default, but the feed has no new recipes (its empty list is left out)", basedOn: .default,
        dependencies: { $0.client = NothingNewClient(base: $0.client) })
}

extension Scenario {
    /// Offline, and the copy saved of the feed has no recipes: the empty state and the saved-copy
    /// notice at once.
    static let offlineEmpty = Scenario(
        "offline-empty", "no recipes, and the answer is a copy saved 2 hours ago (offline)", service: .empty,
        savedCopy: Scenario.savedCopy.savedCopy)
}

/// The scenario's service: the stub's answers, with the feed's new recipes taken out.
struct NothingNewClient: RecipeServiceClient {
    let base: any RecipeServiceClient

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        try await base.searchRecipes(query, sort: sort, page: page)
    }

    func recipe(id: Recipe.ID) async throws -> Recipe {
        try await base.recipe(id: id)
    }

    func feed() async throws -> RecipeFeed {
        var feed = try await base.feed()
        feed.new = []
        return feed
    }
}
