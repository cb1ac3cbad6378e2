import Core
import Foundation
import Testing

/// How a screen says it shows a saved copy, and that an answer never carries one.
@Suite("Saved copies")
struct SavedCopyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(
        "the notice says how old the copy is and why, counted from the given now",
        arguments: [
            (30.0, false, "Saved copy from less than a minute ago; offline."),
            (7200.0, false, "Saved copy from 2 hours ago; offline."),
            (108_000.0, false, "Saved copy from yesterday; offline."),
            (259_200.0, true, "Saved copy from 3 days ago; offline. Only recipes seen before are shown."),
            (-20.0, false, "Saved copy from less than a minute ago; offline."),
            (-3 * 3600.0, false, "Saved copy dated 3 hours in the future (the clock moved); offline."),
            (-400 * 86_400.0, false, "Saved copy dated 1 year in the future (the clock moved); offline."),
            (-1e300, false, "Saved copy from a time that cannot be right (the clock moved); offline."),
            (1e300, false, "Saved copy from a time that cannot be right (the clock moved); offline."),
        ] as [(TimeInterval, Bool, String)])
    func notice(age: TimeInterval, isPartial: Bool, expected: String) {
        let copy = RecipePage.SavedCopy(savedAt: now.addingTimeInterval(-age), reason: "offline", isPartial: isPartial)
        #expect(copy.notice(now: now, in: .utc) == expected)
    }

    @Test(
        "dates a damaged store or a clock set back can give: the clock moved, never “less than a minute ago” or “292471265 years ago”",
        arguments: [Int64.min, Int64.max, -62_135_596_800_000, 253_402_300_800_000, 4_102_444_800_000])
    func impossibleOrFutureDates(milliseconds: Int64) {
        let savedAt = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let notice = RecipePage.SavedCopy(savedAt: savedAt, reason: "offline").notice(now: now, in: .utc)
        #expect(notice.contains("(the clock moved)"), "\(notice)")
        #expect(!notice.contains("less than a minute") && !notice.contains("ago"), "\(notice)")
        #expect(RelativeTime.phrase(for: savedAt, now: now, in: .utc).contains("the clock moved"))
    }

    @Test(
        "past dates keep their words, in every unit",
        arguments: [
            (59.0, "just now"), (60.0, "1 minute ago"), (7200.0, "2 hours ago"), (86_400.0, "yesterday"), (3 * 86_400.0, "3 days ago"),
            (21 * 86_400.0, "3 weeks ago"), (90 * 86_400.0, "3 months ago"), (3 * 365 * 86_400.0, "3 years ago"),
        ] as [(TimeInterval, String)])
    func pastDates(age: TimeInterval, words: String) {
        #expect(RelativeTime.phrase(for: now.addingTimeInterval(-age), now: now, in: .utc) == words)
    }

    @Test("a page or a feed is encoded and decoded without its saved-copy note: a server cannot claim one")
    func notPartOfTheAnswer() throws {
        let copy = RecipePage.SavedCopy(savedAt: now, reason: "offline")
        let page = RecipePage(recipes: [], total: 0, page: .first, savedCopy: copy)
        let feed = RecipeFeed(popular: [], new: [], savedCopy: copy)

        let pageJSON = String(decoding: try JSONEncoder().encode(page), as: UTF8.self)
        let feedJSON = String(decoding: try JSONEncoder().encode(feed), as: UTF8.self)

        #expect(!pageJSON.contains("savedCopy"))
        #expect(!feedJSON.contains("savedCopy"))
        let claimed = Data(#"{"popular": [], "new": [], "savedCopy": {"savedAt": 0, "reason": "trust me"}}"#.utf8)
        #expect(try JSONDecoder().decode(RecipeFeed.self, from: claimed).savedCopy == nil)
    }

    @Test("a client that keeps no copies answers a recipe without one")
    func defaultHasNoSavedCopy() async throws {
        struct OneRecipe: RecipeServiceClient {
            let recipe: Recipe
            func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
                RecipePage(recipes: [recipe], total: 1, page: page)
            }
            func recipe(id: Recipe.ID) async throws -> Recipe { recipe }
            func feed() async throws -> RecipeFeed { RecipeFeed(popular: [recipe], new: []) }
        }
        let recipe = Recipe(
            id: 1, title: "Toast", summary: "", author: Author(id: "a", name: "A"), category: .breakfast, cookingMinutes: 5,
            calories: 200, servings: 1, isVegetarian: true, popularity: 1, publishedOn: "2026-01-01", ingredients: [], steps: [])

        let answer = try await OneRecipe(recipe: recipe).recipeWithSavedCopy(id: 1)

        #expect(answer.recipe == recipe)
        #expect(answer.savedCopy == nil)
    }
}
