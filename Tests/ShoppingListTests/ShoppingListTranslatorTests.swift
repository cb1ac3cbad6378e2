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

    func content(_ phase: ShoppingListState.Phase, draft: String = "", notice: String? = nil) -> ScreenContent {
        translator.translate(ShoppingListState(phase: phase, draft: draft, notice: notice))
    }

    @Test func loadingShowsOnlyWhatIsLoading() {
        #expect(content(.loading) == ScreenContent(title: "Shopping list", status: .loading("Loading the shopping list…")))
    }

    @Test func aFailureKeepsTheNoticeAndOffersNoRows() {
        let failure = ScreenFailure(message: "Couldn't load the shopping list: locked.", canRetry: true)

        #expect(
            content(.failed(failure), notice: "Added “milk”.")
                == ScreenContent(title: "Shopping list", status: .failed(failure), notice: "Added “milk”."))
    }

    @Test func theAddRowIsATextFieldHoldingTheDraft() {
        let add = content(.loaded([milk]), draft: "butt").row(id: "add")

        #expect(add == ScreenRow(id: "add", .textField(label: "+ Add item", text: "butt", placeholder: "e.g. milk"), clearsOnSubmit: true))
        #expect(add?.isNumbered == false)
        #expect(add?.isDeletable == false)
    }

    @Test func anEmptyListIsOnlyTheAddRowUnderNoTitle() {
        #expect(
            content(.loaded([]), draft: "bread")
                == ScreenContent(
                    title: "Shopping list",
                    sections: [
                        ScreenSection(
                            id: "items", title: nil,
                            rows: [
                                ScreenRow(
                                    id: "add", .textField(label: "+ Add item", text: "bread", placeholder: "e.g. milk"),
                                    clearsOnSubmit: true)
                            ])
                    ],
                    status: .empty("Your shopping list is empty. Add items here, or from a recipe.")))
    }

    @Test func itemsAreDeletableTogglesThenAddThenClearChecked() {
        #expect(
            content(.loaded([milk, eggs, flour]), notice: "Added “flour”.")
                == ScreenContent(
                    title: "Shopping list",
                    sections: [
                        ScreenSection(
                            id: "items", title: "2 of 3 to buy",
                            rows: [
                                ScreenRow(
                                    id: "item-\(milk.id.uuidString)", .toggle(label: "milk", isOn: false), detail: "1 l", isDeletable: true),
                                ScreenRow(id: "item-\(eggs.id.uuidString)", .toggle(label: "eggs", isOn: true), isDeletable: true),
                                ScreenRow(
                                    id: "item-\(flour.id.uuidString)", .toggle(label: "flour", isOn: false), detail: "500 g",
                                    isDeletable: true),
                                ScreenRow(
                                    id: "add", .textField(label: "+ Add item", text: "", placeholder: "e.g. milk"), clearsOnSubmit: true),
                                ScreenRow(id: "clear-checked", .button("Clear checked (1)")),
                            ])
                    ],
                    notice: "Added “flour”."))
    }

    @Test func nothingCheckedMeansNoClearRowAndEverythingToBuy() {
        let rows = content(.loaded([milk, flour])).sections[0]

        #expect(rows.title == "2 of 2 to buy")
        #expect(rows.rows.map(\.id).last == "add")
        #expect(!rows.rows.contains { $0.id == "clear-checked" })
    }
}
