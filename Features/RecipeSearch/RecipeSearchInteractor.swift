import Core
import Foundation

/// Every side effect of the search screen, all through the environment.
struct RecipeSearchInteractor {
    let environment: any Environment
    /// How many recent keywords the screen offers.
    static let recentLimit = 5

    func search(keyword: String, page: PageRequest) async throws -> RecipePage {
        try await environment.client.searchRecipes(.keyword(keyword), sort: [.descending(.popularity)], page: page)
    }

    /// Stores the keyword; returns a notice for the user when the store failed.
    func remember(keyword: String) async -> String? {
        do {
            try await environment.recentSearches.save(RecentSearch(keyword: keyword, searchedAt: Date().timeIntervalSince1970))
            return nil
        } catch {
            return "The search worked, but it could not be remembered: \(error.localizedDescription)"
        }
    }

    /// Newest first. A store that cannot be read offers none rather than blocking search.
    func recentKeywords() async -> [String] {
        let recent = try? await environment.recentSearches.findAll(.all, sort: [.descending(.searchedAt)])
        return (recent ?? []).prefix(Self.recentLimit).map(\.keyword)
    }

    func logPageView() {
        environment.pageViewLogger.log(PageView("recipe_search"))
    }

    func logSearch(keyword: String, resultCount: Int) {
        environment.activityLogger.log(ActivityEvent("search", payload: ["keyword": keyword, "results": String(resultCount)]))
    }

    func logOpen(recipeID: Recipe.ID, source: String = "search") {
        environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(recipeID), "source": source]))
    }

    /// Every recipe by the author, most popular first (authors have dozens, not thousands).
    func recipes(byAuthor authorID: Author.ID) async throws -> [Recipe] {
        try await environment.client.searchRecipes(.equal(.authorID, .text(authorID)), sort: [.descending(.popularity)], page: PageRequest(limit: 100)).recipes
    }

    func logAuthorPageView(_ authorID: Author.ID) {
        environment.pageViewLogger.log(PageView("author_recipes", parameters: ["author_id": authorID]))
    }
}
