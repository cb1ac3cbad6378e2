import Core
import Testing

@testable import Feed

/// The feed's row ids read back as the rows that wrote them, and nothing else reads as a row.
@Suite("Feed row ids")
struct FeedRowTests {
    @Test(arguments: [FeedRow.popular(4), .new(4), .popular(0), .new(12_345), .about])
    func aRowReadsBackFromItsID(row: FeedRow) {
        #expect(FeedRow(rowID: row.rowID) == row)
    }

    @Test func theIDsAreTheOnesTheScreenHasAlwaysUsed() {
        #expect([FeedRow.popular(4), .new(6), .about].map(\.rowID) == ["popular-4", "new-6", "about"])
    }

    @Test(arguments: [
        "", "popular", "popular-", "popular-x", "popular-4-", "popular-04", "popular-+4", "Popular-4", "new4", "new-4 ",
        "about-4", "about-", "recipe-4", "favorite-4", "-4", "4",
    ])
    func anythingElseIsNoRow(rowID: String) {
        #expect(FeedRow(rowID: rowID) == nil)
    }
}
