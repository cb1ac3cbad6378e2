import Core
import Testing

@testable import RecipeDetails

/// The row ids of the details screen and of the ingredient chooser read back as the rows that
/// wrote them, and nothing else reads as a row.
@Suite("Recipe details row ids")
struct RecipeDetailsRowTests {
    @Test(arguments: RecipeDetailsRow.allCases)
    func anActionReadsBackFromItsID(row: RecipeDetailsRow) {
        #expect(RecipeDetailsRow(rowID: row.rowID) == row)
    }

    @Test func theActionIDsAreTheOnesTheScreenHasAlwaysUsed() {
        #expect(
            RecipeDetailsRow.allCases.map(\.rowID) == [
                "servings", "add-to-shopping-list", "take-off-shopping-list", "choose-ingredients", "favorite", "export",
                "more-from-author",
            ])
    }

    @Test(arguments: ["", "Favorite", "favorite-1", "addToShoppingList", "ingredient-0", "step-0", "about-0", "no-steps", "choose-0"])
    func anythingElseIsNoAction(rowID: String) {
        #expect(RecipeDetailsRow(rowID: rowID) == nil)
    }

    @Test(arguments: [ChooseIngredientsRow.ingredient(0), .ingredient(3), .ingredient(120), .add, .cancel])
    func aChooserRowReadsBackFromItsID(row: ChooseIngredientsRow) {
        #expect(ChooseIngredientsRow(rowID: row.rowID) == row)
    }

    @Test func theChooserIDsAreTheOnesTheScreenHasAlwaysUsed() {
        #expect([ChooseIngredientsRow.ingredient(2), .add, .cancel].map(\.rowID) == ["choose-2", "add-chosen", "cancel"])
    }

    @Test(arguments: [
        "", "choose", "choose-", "choose-x", "choose-01", "choose-+1", "choose-1-2", "Choose-1", "add", "add-", "add-chosen-1",
        "cancel-", "cancel-1", "-1", "1", "choose-ingredients",
    ])
    func anythingElseIsNoChooserRow(rowID: String) {
        #expect(ChooseIngredientsRow(rowID: rowID) == nil)
    }
}
