import Core
import CoreTesting
import Foundation
import Testing

@testable import ShoppingList

// MARK: - The typed rows

@Suite("Shopping list rows")
struct ShoppingListItemsTranslatorTests {
    let translator = ShoppingListItemsTranslator()
    let bread = ShoppingItem(id: UUID(), name: "bread", position: 0)
    let milk = ShoppingItem(id: UUID(), name: "milk", position: 1)
    let eggs = ShoppingItem(id: UUID(), name: "eggs", amount: "6", position: 2)

    @Test func itemsComeFirstThenTheAddRow() {
        let rows = translator.translate((items: [bread, milk, eggs], notAdded: [], draft: ""))

        #expect(rows == [.item(bread), .item(milk), .item(eggs), .add(draft: "")])
    }

    @Test func anEmptyListHasOnlyTheAddRowWithTheDraft() {
        #expect(translator.translate((items: [], notAdded: [], draft: "butt")) == [.add(draft: "butt")])
    }

    @Test func clearCheckedFollowsOnlyWhenSomethingIsChecked() {
        var checkedMilk = milk
        checkedMilk.isChecked = true
        var checkedEggs = eggs
        checkedEggs.isChecked = true

        #expect(
            translator.translate((items: [bread, checkedMilk], notAdded: [], draft: "x")) == [
                .item(bread), .item(checkedMilk), .add(draft: "x"), .clearChecked(count: 1),
            ])
        #expect(
            translator.translate((items: [checkedEggs, bread, checkedMilk], notAdded: [], draft: "")) == [
                .item(checkedEggs), .item(bread), .item(checkedMilk), .add(draft: ""), .clearChecked(count: 2),
            ])
    }

    @Test func itemsKeepTheOrderTheyAreGiven() {
        let rows = translator.translate((items: [eggs, bread], notAdded: [], draft: ""))

        #expect(rows.map(\.row) == [.item(eggs.id), .item(bread.id), .add])
    }

    @Test func eachRowIsNamedByWhatItShowsNotByItsPlace() {
        let entry = ShoppingListState.NotAdded(id: UUID(), name: "flour")

        #expect(ShoppingListItem.item(bread).row == .item(bread.id))
        #expect(ShoppingListItem.notAdded(entry).row == .notAdded(entry.id))
        #expect(ShoppingListItem.add(draft: "anything").row == .add)
        #expect(ShoppingListItem.clearChecked(count: 3).row == .clearChecked)
    }
}

// MARK: - The screen

/// Types into "+ Add item" and presses Enter, as the runner does: the field, which clears on
/// submit, is emptied at Enter, and the text goes with the event.
@MainActor
func add(_ text: String, on screen: any Screen<ShoppingListRow>) async {
    screen.edit(.add, text: text)
    if screen.content.row(id: .add)?.clearsOnSubmit == true { screen.edit(.add, text: "") }
    _ = await screen.handle(.submit(row: .add, text: text))
}

@MainActor
@Suite("Shopping list screen")
struct ShoppingListScreenTests {
    let environment = StubEnvironment()
    var recorder: Recorder { environment.recorder }
    var store: any Repository<ShoppingItem> { environment.shoppingList }

    func makeScreen(in environment: StubEnvironment? = nil) -> any Screen<ShoppingListRow> {
        ShoppingListFeature.makeScreen(Screens.ShoppingList(), environment: environment ?? self.environment) as! any Screen<ShoppingListRow>
    }

    func appearedScreen(in environment: StubEnvironment? = nil) async -> any Screen<ShoppingListRow> {
        let screen = makeScreen(in: environment)
        await screen.appear()
        return screen
    }

    /// What the stub environment's store holds, in list order.
    func storedItems() async throws -> [ShoppingItem] {
        try await store.findAll(.all, sort: [.ascending(.position)])
    }

    // MARK: Loading

    @Test func beforeAppearingTheListSaysItIsLoading() {
        let screen = makeScreen()

        #expect(screen.content.title == "Shopping list")
        #expect(screen.content.status == .loading("Loading the shopping list…"))
        #expect(recorder.pageViews.isEmpty)
    }

    @Test func anEmptyListSaysHowToFillItAndOffersTheAddRow() async {
        let screen = await appearedScreen()

        #expect(screen.content.status == .empty("Your shopping list is empty. Add items here, or from a recipe."))
        #expect(screen.content.sections.count == 1)
        #expect(screen.content.sections[0].title == nil)
        #expect(screen.content.interactiveRows.map(\.id) == [.add])
        #expect(screen.content.numberedRows.isEmpty)
        #expect(recorder.pageViews == [PageView("shopping_list")])
    }

    @Test func storedItemsAreShownInListOrder() async throws {
        let bread = ShoppingItem(id: UUID(), name: "bread", position: 5)
        let butter = ShoppingItem(id: UUID(), name: "butter", amount: "250 g", isChecked: true, position: 1)
        let eggs = ShoppingItem(id: UUID(), name: "eggs", position: 3)
        try await store.save([bread, butter, eggs])

        let screen = await appearedScreen()

        #expect(screen.content.itemLabels == ["butter", "eggs", "bread"])
        #expect(screen.content.status == .ready)
        #expect(screen.content.sections[0].title == "2 of 3 to buy")
        #expect(screen.content.row(id: .item(butter.id))?.plainText == "[x] butter · 250 g")
        #expect(screen.content.row(id: .item(bread.id))?.plainText == "[ ] bread")
        #expect(screen.content.row(id: .item(bread.id))?.isDeletable == true)
        #expect(screen.content.row(id: .add)?.isDeletable == false)
    }

    @Test func everyAppearReloadsSoItemsAddedElsewhereShowUp() async throws {
        let screen = await appearedScreen()
        #expect(screen.content.itemLabels.isEmpty)

        // As the recipe details screen does from another tab.
        try await store.save([
            ShoppingItem(id: UUID(), name: "chicken thigh", amount: "400 g", recipeID: 1, position: 0),
            ShoppingItem(id: UUID(), name: "rice", amount: "2 cup", recipeID: 1, position: 1),
        ])
        await screen.appear()

        #expect(screen.content.itemLabels == ["chicken thigh", "rice"])
        #expect(screen.content.sections[0].title == "2 of 2 to buy")
        #expect(recorder.pageViews == [PageView("shopping_list"), PageView("shopping_list")])
    }

    // MARK: Adding

    @Test func addingSavesTheItemAtTheEnd() async throws {
        try await store.save([ShoppingItem(id: UUID(), name: "bread", position: 0), ShoppingItem(id: UUID(), name: "butter", position: 4)])
        let screen = await appearedScreen()

        screen.edit(.add, text: "milk")
        #expect(screen.content.draft == "milk")
        let navigation = await screen.handle(.submit(row: .add, text: "milk"))

        #expect(navigation == nil)
        let stored = try await storedItems()
        #expect(stored.map(\.name) == ["bread", "butter", "milk"])
        let milk = try #require(stored.last)
        #expect(milk.position == 5)
        #expect(milk.amount == "")
        #expect(!milk.isChecked)
        #expect(milk.recipeID == nil)
        #expect(screen.content.itemLabels == ["bread", "butter", "milk"])
        #expect(screen.content.notice == "Added “milk”.")
        #expect(recorder.events == [ActivityEvent("shopping_item_add", payload: ["name": "milk"])])
    }

    @Test func theFirstItemOfAnEmptyListGoesToTheTop() async throws {
        let screen = await appearedScreen()

        await add("milk", on: screen)
        await add("eggs", on: screen)

        let stored = try await storedItems()
        #expect(stored.map(\.name) == ["milk", "eggs"])
        #expect(stored.map(\.position) == [0, 1])
        #expect(screen.content.status == .ready)
        #expect(screen.content.sections[0].title == "2 of 2 to buy")
    }

    @Test func surroundingSpacesAreTrimmed() async throws {
        let screen = await appearedScreen()

        await add("  oat milk  ", on: screen)

        #expect(try await storedItems().map(\.name) == ["oat milk"])
        #expect(screen.content.notice == "Added “oat milk”.")
    }

    @Test(arguments: ["", "   "])
    func aBlankDraftShowsAHintAndSavesNothing(draft: String) async throws {
        let screen = await appearedScreen()

        await add(draft, on: screen)

        #expect(try await storedItems().isEmpty)
        #expect(screen.content.notice == "Type what to buy, then press Enter.")
        #expect(screen.content.status == .empty("Your shopping list is empty. Add items here, or from a recipe."))
        #expect(recorder.events.isEmpty)
        #expect(screen.content.draft == "", "the blanks are not left in the field before the next item")
    }

    @Test func whatIsTypedWhileAnItemIsSavedStaysInTheField() async throws {
        let screen = await appearedScreen()
        #expect(screen.content.row(id: .add)?.clearsOnSubmit == true, "the UI empties the field at Enter")

        let saving = Task { await screen.handle(.submit(row: .add, text: "milk")) }
        screen.edit(.add, text: "eggs")
        _ = await saving.value

        #expect(try await storedItems().map(\.name) == ["milk"])
        #expect(screen.content.draft == "eggs", "the next entry, typed while “milk” was saved")
    }

    @Test func submittingWithoutEditingShowsTheHint() async throws {
        let screen = await appearedScreen()

        _ = await screen.handle(.submit(row: .add, text: ""))

        #expect(try await storedItems().isEmpty)
        #expect(screen.content.notice == "Type what to buy, then press Enter.")
    }

    // MARK: Checking

    @Test func togglingChecksAndUnchecksAndPersists() async throws {
        let milk = ShoppingItem(id: UUID(), name: "milk", position: 0)
        try await store.save([milk, ShoppingItem(id: UUID(), name: "eggs", position: 1)])
        let screen = await appearedScreen()
        let row = ShoppingListRow.item(milk.id)

        _ = await screen.handle(.toggle(row: row))

        #expect(try await store.find(id: milk.id)?.isChecked == true)
        #expect(screen.content.row(id: row)?.plainText == "[x] milk")
        #expect(screen.content.sections[0].title == "1 of 2 to buy")
        #expect(screen.content.row(id: .clearChecked)?.label == "Clear checked (1)")
        #expect(screen.content.notice == nil)

        _ = await screen.handle(.toggle(row: row))

        #expect(try await store.find(id: milk.id)?.isChecked == false)
        #expect(screen.content.row(id: row)?.plainText == "[ ] milk")
        #expect(screen.content.sections[0].title == "2 of 2 to buy")
        #expect(screen.content.row(id: .clearChecked) == nil)
        #expect(
            recorder.events == [
                ActivityEvent("shopping_item_check", payload: ["name": "milk"]),
                ActivityEvent("shopping_item_uncheck", payload: ["name": "milk"]),
            ])
    }

    @Test func aCheckIsStillThereOnTheNextVisit() async throws {
        let milk = ShoppingItem(id: UUID(), name: "milk", position: 0)
        try await store.save(milk)
        let first = await appearedScreen()
        _ = await first.handle(.toggle(row: .item(milk.id)))

        let second = await appearedScreen()

        #expect(second.content.row(id: .item(milk.id))?.plainText == "[x] milk")
    }

    @Test(arguments: [ShoppingListRow.item(UUID()), .notAdded(UUID()), .add, .clearChecked])
    func togglingARowThatIsNoItemDoesNothing(row: ShoppingListRow) async throws {
        let milk = ShoppingItem(id: UUID(), name: "milk", position: 0)
        try await store.save(milk)
        let screen = await appearedScreen()

        _ = await screen.handle(.toggle(row: row))
        _ = await screen.handle(.delete(row: row))

        #expect(try await storedItems() == [milk])
        #expect(screen.content.notice == nil)
        #expect(recorder.events.isEmpty)
    }

    // MARK: Deleting

    @Test func deletingRemovesTheItem() async throws {
        let bread = ShoppingItem(id: UUID(), name: "bread", position: 0)
        let milk = ShoppingItem(id: UUID(), name: "milk", position: 1)
        try await store.save([bread, milk])
        let screen = await appearedScreen()

        let navigation = await screen.handle(.delete(row: .item(bread.id)))

        #expect(navigation == nil)
        #expect(try await storedItems() == [milk])
        #expect(screen.content.itemLabels == ["milk"])
        #expect(screen.content.notice == "Removed “bread”.")
        #expect(recorder.events == [ActivityEvent("shopping_item_delete", payload: ["count": "1"])])
    }

    @Test func deletingTheLastItemShowsTheEmptyState() async throws {
        let bread = ShoppingItem(id: UUID(), name: "bread", position: 0)
        try await store.save(bread)
        let screen = await appearedScreen()

        _ = await screen.handle(.delete(row: .item(bread.id)))

        #expect(screen.content.status == .empty("Your shopping list is empty. Add items here, or from a recipe."))
        #expect(screen.content.notice == "Removed “bread”.")
    }

    // MARK: Clearing checked items

    @Test func clearCheckedRemovesOnlyTheCheckedItemsInOneDelete() async throws {
        let bread = ShoppingItem(id: UUID(), name: "bread", isChecked: true, position: 0)
        let milk = ShoppingItem(id: UUID(), name: "milk", position: 1)
        let eggs = ShoppingItem(id: UUID(), name: "eggs", isChecked: true, position: 2)
        let repository = FlakyRepository<ShoppingItem>([bread, milk, eggs])
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))
        #expect(screen.content.row(id: .clearChecked)?.plainText == "<Clear checked (2)>")

        let navigation = await screen.handle(.activate(row: .clearChecked))

        #expect(navigation == nil)
        #expect(await repository.deleteCalls == [[bread.id, eggs.id]])
        #expect(await repository.stored() == [milk])
        #expect(screen.content.itemLabels == ["milk"])
        #expect(screen.content.row(id: .clearChecked) == nil)
        #expect(screen.content.notice == "Cleared 2 checked items.")
        #expect(recorder.events == [ActivityEvent("shopping_item_delete", payload: ["count": "2"])])
    }

    @Test func clearingOneCheckedItemSaysItem() async throws {
        let milk = ShoppingItem(id: UUID(), name: "milk", position: 0)
        try await store.save([milk, ShoppingItem(id: UUID(), name: "eggs", position: 1)])
        let screen = await appearedScreen()
        _ = await screen.handle(.toggle(row: .item(milk.id)))

        _ = await screen.handle(.activate(row: .clearChecked))

        #expect(try await storedItems().map(\.name) == ["eggs"])
        #expect(screen.content.notice == "Cleared 1 checked item.")
    }

    @Test func clearCheckedWithNothingCheckedDoesNothing() async throws {
        let repository = FlakyRepository<ShoppingItem>([ShoppingItem(id: UUID(), name: "milk", position: 0)])
        let screen = await appearedScreen(in: environment.overriding(\.shoppingList, with: repository))

        _ = await screen.handle(.activate(row: .clearChecked))

        #expect(await repository.deleteCalls.isEmpty)
        #expect(screen.content.itemLabels == ["milk"])
        #expect(screen.content.notice == nil)
        #expect(recorder.events.isEmpty)
    }

    // MARK: Logging

    @Test func aSessionLogsWhatTheUserDid() async throws {
        let screen = await appearedScreen()
        await add("milk", on: screen)
        await add("eggs", on: screen)
        let milk = try #require(try await storedItems().first)
        _ = await screen.handle(.toggle(row: .item(milk.id)))
        _ = await screen.handle(.activate(row: .clearChecked))
        await screen.appear()

        #expect(
            recorder.events == [
                ActivityEvent("shopping_item_add", payload: ["name": "milk"]),
                ActivityEvent("shopping_item_add", payload: ["name": "eggs"]),
                ActivityEvent("shopping_item_check", payload: ["name": "milk"]),
                ActivityEvent("shopping_item_delete", payload: ["count": "1"]),
            ])
        #expect(recorder.pageViews == [PageView("shopping_list"), PageView("shopping_list")])
        #expect(recorder.clientCalls.isEmpty)
    }

    @Test func onChangeIsCalledWhenTheListChanges() async {
        let screen = makeScreen()
        var shown: [[String]] = []
        screen.onChange = { shown.append(screen.content.itemLabels) }

        await screen.appear()
        let afterLoad = shown
        await add("milk", on: screen)

        #expect(afterLoad.last == [], "the loaded list, empty")
        #expect(shown.last == ["milk"], "the last change a runner hears of shows the item added")
    }

    // MARK: Snapshots

    @Test func snapshotOfAListWithACheckedItemAndADraft() async throws {
        try await store.save([
            ShoppingItem(id: UUID(), name: "chicken thigh", amount: "400 g", isChecked: true, recipeID: 1, position: 0),
            ShoppingItem(id: UUID(), name: "onions", amount: "2", recipeID: 1, position: 1),
            ShoppingItem(id: UUID(), name: "milk", position: 2),
        ])
        let screen = await appearedScreen()
        screen.edit(.add, text: "eggs")

        #expect(
            screen.content.plainText() == """
                # Shopping list

                ## 2 of 3 to buy
                 [1] [x] chicken thigh · 400 g (for recipe 1)
                 [2] [ ] onions · 2 (for recipe 1)
                 [3] [ ] milk
                 [✎] + Add item: "eggs"
                 [4] <Clear checked (1)>

                ## Recipes on the list
                 [5] <Take “recipe 1” off> · 2 rows are for it

                """)
    }

    @Test func snapshotOfAnEmptyList() async {
        let screen = await appearedScreen()

        #expect(
            screen.content.plainText() == """
                # Shopping list

                 [✎] + Add item: [e.g. milk]

                (empty) Your shopping list is empty. Add items here, or from a recipe.

                """)
    }
}

extension ScreenContent<ShoppingListRow> {
    /// The names of the items on the list, top to bottom.
    var itemLabels: [String] {
        sections.flatMap(\.rows).filter {
            if case .item = $0.id { true } else { false }
        }.map(\.label)
    }

    /// The text in the "+ Add item" field.
    var draft: String? {
        guard case .textField(_, let text, _)? = row(id: .add)?.element else { return nil }
        return text
    }
}
