import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every side effect of the search screen, all through the environment.
struct RecipeSearchInteractor {
    let environment: any Environment
    /// How many recent keywords the screen offers.
    static let recentLimit = 5

    func search(_ request: SearchRequest, page: PageRequest) async throws -> RecipePage {
        try await environment.client.searchRecipes(request.query, sort: request.sort, page: page)
    }

    var isPremium: Bool { environment.userFeatures.isPremium }

    /// Stores the keyword; returns a notice for the user when the store failed.
    func remember(keyword: String) async -> String? {
        do {
            try await environment.recentSearches.save(
                RecentSearch(keyword: keyword, searchedAt: environment.clock.now.timeIntervalSince1970))
            return nil
        } catch {
            return "The search worked, but it could not be remembered: \(error.inWords)"
        }
    }

    /// Newest first. A store that cannot be read offers none rather than blocking search.
    func recentKeywords() async -> [String] {
        let recent = try? await environment.recentSearches.findAll(.all, sort: [.descending(.searchedAt)])
        return (recent ?? []).prefix(Self.recentLimit).map(\.keyword)
    }

    /// The saved kitchen preferences, by item key: what the filters start at.
    func kitchenPreferences() async throws -> [String: String] {
        try await KitchenPreferencesInteractor(environment: environment).saved()
    }

    func logPageView() {
        environment.pageViewLogger.log(PageView("recipe_search"))
    }

    func logSearch(keyword: String, filters: String, resultCount: Int) {
        var payload = ["keyword": keyword, "results": String(resultCount)]
        if !filters.isEmpty { payload["filters"] = filters }
        environment.activityLogger.log(ActivityEvent("search", payload: payload))
    }

    func logFilter(key: String, value: String) {
        environment.activityLogger.log(ActivityEvent("filter", payload: ["filter": key, "value": value]))
    }

    func logOpen(recipeID: Recipe.ID, source: String = "search") {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(recipeID), "source": source]))
    }

    /// Every recipe by the author, most popular first (authors have dozens, not thousands),
    /// and whether they are a saved copy.
    func recipes(byAuthor authorID: Author.ID) async throws -> RecipePage {
        try await environment.client.searchRecipes(
            .equal(.authorID, .text(authorID)), sort: [.descending(.popularity)], page: PageRequest(limit: 100))
    }

    /// What "now" is, for "saved copy from 2 hours ago".
    var now: Date { environment.clock.now }
    /// Where the cook is, for "yesterday".
    var region: Region { environment.region }

    func logAuthorPageView(_ authorID: Author.ID) {
        environment.pageViewLogger.log(PageView("author_recipes", parameters: ["author_id": authorID]))
    }
}
