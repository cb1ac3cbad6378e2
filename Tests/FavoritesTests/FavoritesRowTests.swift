import Core
import Testing

@testable import Favorites

/// The favorites' row ids read back as the rows that wrote them, and nothing else reads as a row.
@Suite("Favorites row ids")
struct FavoritesRowTests {
    @Test(arguments: [FavoritesRow.recipe(4), .recipe(0), .recipe(12_345)])
    func aRowReadsBackFromItsID(row: FavoritesRow) {
        #expect(FavoritesRow(rowID: row.rowID) == row)
    }

    @Test func theIDIsTheOneTheScreenHasAlwaysUsed() {
        #expect(FavoritesRow.recipe(4).rowID == "favorite-4")
    }

    @Test(arguments: [
        "", "favorite", "favorite-", "favorite-x", "favorite-04", "favorite-+4", "favorite-4-1", "Favorite-4", "recipe-4", "-4", "4",
    ])
    func anythingElseIsNoRow(rowID: String) {
        #expect(FavoritesRow(rowID: rowID) == nil)
    }
}
