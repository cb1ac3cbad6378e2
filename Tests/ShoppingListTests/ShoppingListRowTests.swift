import Core
import Foundation
import Testing

@testable import ShoppingList

/// The shopping list's row ids read back as the rows that wrote them, and nothing else reads as a row.
@Suite("Shopping list row ids")
struct ShoppingListRowTests {
    static let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

    @Test(arguments: [
        ShoppingListRow.item(ShoppingListRowTests.id), .notAdded(ShoppingListRowTests.id), .item(UUID()), .add, .clearChecked,
        .takeOff(1), .takeOff(12_345),
    ])
    func aRowReadsBackFromItsID(row: ShoppingListRow) {
        #expect(ShoppingListRow(rowID: row.rowID) == row)
    }

    @Test func theIDsAreTheOnesTheScreenHasAlwaysUsed() {
        #expect(
            [ShoppingListRow.item(Self.id), .notAdded(Self.id), .add, .clearChecked].map(\.rowID) == [
                "item-E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "not-added-E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "add", "clear-checked",
            ])
    }

    @Test(arguments: [
        "", "item", "item-", "item-not-a-uuid", "item-e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "-E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "items-E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "not-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "not-added-", "add-E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "Add", "clear", "clear-checked-1", "milk", "take-off-", "take-off-x",
        "take-off-+3", "take-off-03", "take-off-1.5", "take-off-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ])
    func anythingElseIsNoRow(rowID: String) {
        #expect(ShoppingListRow(rowID: rowID) == nil)
    }
}
