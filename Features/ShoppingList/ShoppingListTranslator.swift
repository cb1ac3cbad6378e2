import Core

/// Stored items to typed rows (the Translator pattern): every item, the entries not added, then
/// "+ Add item", then "Clear checked" when something is checked.
struct ShoppingListItemsTranslator: Translator {
    func translate(_ input: (items: [ShoppingItem], notAdded: [ShoppingListState.NotAdded], draft: String)) -> [ShoppingListItem] {
        let checked = input.items.filter(\.isChecked).count
        return input.items.map(ShoppingListItem.item) + input.notAdded.map(ShoppingListItem.notAdded) + [.add(draft: input.draft)]
            + (checked > 0 ? [.clearChecked(count: checked)] : [])
    }
}

/// State to content: the screen switches over typed items, never over positions.
struct ShoppingListTranslator: Translator {
    private let itemsTranslator = ShoppingListItemsTranslator()

    func translate(_ state: ShoppingListState) -> ScreenContent {
        switch state.phase {
        case .loading:
            return ScreenContent(title: "Shopping list", status: .loading("Loading the shopping list…"))
        case .failed(let failure):
            return ScreenContent(title: "Shopping list", status: .failed(failure), notice: state.notice)
        case .loaded(let items):
            let rows = itemsTranslator.translate((items, state.notAdded, state.draft)).map(row)
            let unchecked = items.filter { !$0.isChecked }.count
            return ScreenContent(
                title: "Shopping list",
                sections: [ScreenSection(id: "items", title: items.isEmpty ? nil : "\(unchecked) of \(items.count) to buy", rows: rows)],
                status: items.isEmpty ? .empty("Your shopping list is empty. Add items here, or from a recipe.") : .ready,
                notice: state.notice
            )
        }
    }

    private func row(_ item: ShoppingListItem) -> ScreenRow {
        switch item {
        case .item(let item):
            ScreenRow(
                id: ShoppingListRow.item(item.id).rowID, .toggle(label: item.name, isOn: item.isChecked),
                detail: item.amount.isEmpty ? nil : item.amount, isDeletable: true)
        case .notAdded(let entry):
            ScreenRow(id: item.row.rowID, .button("Add “\(entry.name)” again"), detail: "not saved yet", isDeletable: true)
        case .add(let draft):
            ScreenRow(id: item.row.rowID, .textField(label: "+ Add item", text: draft, placeholder: "e.g. milk"), clearsOnSubmit: true)
        case .clearChecked(let count):
            ScreenRow(id: item.row.rowID, .button("Clear checked (\(count))"))
        }
    }
}
