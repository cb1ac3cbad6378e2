import Core
import Foundation
import Testing

@testable import ShoppingList

/// The shopping list's screen translator on its own: every typed row becomes the row
/// a person sees, the "+ Add item" row included.
@Suite("Shopping list translator")
struct ShoppingListTranslatorTests {
    let translator = ShoppingListTranslator()
    let milk = ShoppingItem(id: UUID(), name: "milk", amount: "1 l", position: 0)
    let eggs = ShoppingItem(id: UUID(), name: "eggs", isChecked: true, position: 1)
    let flour = ShoppingItem(id: UUID(), name: "flour", amount: "500 g", position: 2)

    func content(_ phase: ShoppingListState.Phase, draft: String = "", notice: String? = nil) -> ScreenContent<ShoppingListRow> {
        translator.translate(ShoppingListState(phase: phase, draft: draft, notice: notice))
    }

    @Test func loadingShowsOnlyWhatIsLoading() {
        #expect(content(.loading) == ScreenContent<ShoppingListRow>(title: "Shopping list", status: .loading("Loading the shopping list…")))
    }

    @Test func aFailureKeepsTheNoticeAndOffersNoRows() {
        let failure = ScreenFailure(message: "Couldn't load the shopping list: locked.", canRetry: true)

        #expect(
            content(.failed(failure), notice: "Added “milk”.")
                == ScreenContent<ShoppingListRow>(title: "Shopping list", status: .failed(failure), notice: "Added “milk”."))
    }

    @Test func theAddRowIsATextFieldHoldingTheDraft() {
        let add = content(.loaded([milk]), draft: "butt").row(id: .add)

        #expect(
            add
                == ScreenRow<ShoppingListRow>(
                    id: .add, .textField(label: "+ Add item", text: "butt", placeholder: "e.g. milk"), clearsOnSubmit: true))
        #expect(add?.isNumbered == false)
        #expect(add?.isDeletable == false)
    }

    @Test func anEmptyListIsOnlyTheAddRowUnderNoTitle() {
        #expect(
            content(.loaded([]), draft: "bread")
                == ScreenContent<ShoppingListRow>(
                    title: "Shopping list",
                    sections: [
                        ScreenSection<ShoppingListRow>(
                            id: "items", title: nil,
                            rows: [
                                ScreenRow<ShoppingListRow>(
                                    id: .add, .textField(label: "+ Add item", text: "bread", placeholder: "e.g. milk"),
                                    clearsOnSubmit: true)
                            ])
                    ],
                    status: .empty("Your shopping list is empty. Add items here, or from a recipe.")))
    }

    @Test func itemsAreDeletableTogglesThenAddThenClearChecked() {
        #expect(
            content(.loaded([milk, eggs, flour]), notice: "Added “flour”.")
                == ScreenContent<ShoppingListRow>(
                    title: "Shopping list",
                    sections: [
                        ScreenSection<ShoppingListRow>(
                            id: "items", title: "2 of 3 to buy",
                            rows: [
                                ScreenRow<ShoppingListRow>(
                                    id: .item(milk.id), .toggle(label: "milk", isOn: false), detail: "1 l", isDeletable: true),
                                ScreenRow<ShoppingListRow>(id: .item(eggs.id), .toggle(label: "eggs", isOn: true), isDeletable: true),
                                ScreenRow<ShoppingListRow>(
                                    id: .item(flour.id), .toggle(label: "flour", isOn: false), detail: "500 g",
                                    isDeletable: true),
                                ScreenRow<ShoppingListRow>(
                                    id: .add, .textField(label: "+ Add item", text: "", placeholder: "e.g. milk"), clearsOnSubmit: true),
                                ScreenRow<ShoppingListRow>(id: .clearChecked, .button("Clear checked (1)")),
                            ])
                    ],
                    notice: "Added “flour”."))
    }

    @Test func nothingCheckedMeansNoClearRowAndEverythingToBuy() {
        let rows = content(.loaded([milk, flour])).sections[0]

        #expect(rows.title == "2 of 2 to buy")
        #expect(rows.rows.map(\.id).last == .add)
        #expect(!rows.rows.contains { $0.id == .clearChecked })
    }

    /// A row for a recipe (or two), as adding a recipe's ingredients makes it.
    func row(_ name: String, _ parts: [(recipe: Recipe.ID?, title: String, amount: String)], position: Int) -> ShoppingItem {
        ShoppingItem(
            id: UUID(), name: name,
            parts: parts.map { ShoppingItem.Part(recipeID: $0.recipe, recipeTitle: $0.title, quantity: Quantity(parsing: $0.amount)) },
            position: position)
    }

    @Test func eachRowSaysHowMuchInAllAndWhichRecipesItIsFor() {
        let onions = row("onions", [(1, "Curry Rice", "2"), (2, "Risotto", "1"), (nil, "", "½")], position: 0)
        let lemon = row("lemons", [(2, "Risotto", "½"), (3, "Lemon Tart", "½")], position: 1)
        let rows = content(.loaded([onions, lemon])).sections[0].rows

        #expect(rows[0].plainText == "[ ] onions · 3½ (for Curry Rice, Risotto, plus what you added)", "the typed ½ is the cook's")
        #expect(rows[1].plainText == "[ ] lemon · 1 (for Risotto, Lemon Tart)", "the noun agrees with the sum")
    }

    @Test func rowsOfOneIngredientInUnitsThatDoNotAddUpStandTogether() {
        let cans = row("chickpeas", [(1, "Hummus", "2 cans")], position: 0)
        let rice = row("rice", [(1, "Hummus", "200 g")], position: 1)
        let grams = row("Chickpeas", [(2, "Salad", "200 g")], position: 2)
        let labels = content(.loaded([cans, rice, grams])).sections[0].rows.map(\.plainText)

        #expect(
            Array(labels.prefix(3)) == [
                "[ ] chickpeas · 2 cans (for Hummus)", "[ ] Chickpeas · 200 g (for Salad)", "[ ] rice · 200 g (for Hummus)",
            ])
    }

    @Test func everyRecipeOnTheListCanBeTakenOff() {
        let onions = row("onions", [(1, "Curry Rice", "2"), (2, "Risotto", "1")], position: 0)
        let rice = row("rice", [(1, "Curry Rice", "400 g")], position: 1)
        let old = row("salt", [(9, "", "1 tsp")], position: 2)
        let section = content(.loaded([onions, rice, old, milk])).sections.last

        #expect(section?.title == "Recipes on the list")
        #expect(
            section?.rows.map(\.plainText) == [
                "<Take “Curry Rice” off> · 2 rows are for it", "<Take “Risotto” off> · 1 row is for it",
                "<Take “recipe 9” off> · 1 row is for it",
            ])
        #expect(section?.rows.map(\.id) == [.takeOff(1), .takeOff(2), .takeOff(9)])
        #expect(content(.loaded([milk])).sections.count == 1, "no recipe, no section")
    }
}
