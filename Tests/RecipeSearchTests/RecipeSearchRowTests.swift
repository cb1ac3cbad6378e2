import Core
import Testing

@testable import RecipeSearch

/// The row ids of the search screen (and the author's recipes) and of Kitchen preferences read
/// back as the rows that wrote them, and nothing else reads as a row.
@Suite("Recipe search row ids")
struct RecipeSearchRowTests {
    @Test(arguments: [
        RecipeSearchRow.query, .recipe(6), .recipe(0), .loadMore, .recent("soup"), .recent("green curry"), .recent("sugar-free jam"),
        .recent("recipe-6"), .recent(""), .filter(key: "vegetarian"), .filter(key: "max-calories"), .kitchenPreferences,
    ])
    func aRowReadsBackFromItsID(row: RecipeSearchRow) {
        #expect(RecipeSearchRow(rowID: row.rowID) == row)
    }

    @Test func theIDsAreTheOnesTheScreenHasAlwaysUsed() {
        #expect(
            [RecipeSearchRow.query, .recipe(6), .loadMore, .recent("soup"), .filter(key: "cooking-time"), .kitchenPreferences].map(\.rowID)
                == ["query", "recipe-6", "more", "recent-soup", "filter-cooking-time", "kitchen-preferences"])
    }

    @Test(arguments: [
        "", "Query", "query-1", "recipe", "recipe-", "recipe-abc", "recipe-06", "recipe-+6", "recipe-6-7", "more-", "more-1", "recent",
        "filter", "kitchen", "kitchen-", "preference-vegetarian", "favorite-6", "-6", "6",
    ])
    func anythingElseIsNoRow(rowID: String) {
        #expect(RecipeSearchRow(rowID: rowID) == nil)
    }

    @Test(arguments: [KitchenPreferencesRow.preference(key: "vegetarian"), .preference(key: "max-calories"), .reset])
    func aPreferenceRowReadsBackFromItsID(row: KitchenPreferencesRow) {
        #expect(KitchenPreferencesRow(rowID: row.rowID) == row)
    }

    @Test func thePreferenceIDsAreTheOnesTheScreenHasAlwaysUsed() {
        #expect([KitchenPreferencesRow.preference(key: "cooking-time"), .reset].map(\.rowID) == ["preference-cooking-time", "reset"])
    }

    @Test(arguments: ["", "preference", "Preference-vegetarian", "filter-vegetarian", "reset-", "reset-1", "Reset", "about", "-x"])
    func anythingElseIsNoPreferenceRow(rowID: String) {
        #expect(KitchenPreferencesRow(rowID: rowID) == nil)
    }
}
