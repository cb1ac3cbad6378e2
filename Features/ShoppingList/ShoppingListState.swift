import Core

/// Everything the shopping list screen knows. The translator turns it into content.
struct ShoppingListState: Equatable {
    enum Phase: Equatable {
        case loading
        case loaded([ShoppingItem])
        case failed(ScreenFailure)
    }

    var phase = Phase.loading
    /// What the user is typing into the "+ Add item" row.
    var draft = ""
    var notice: String?

    var items: [ShoppingItem] {
        if case .loaded(let items) = phase { return items }
        return []
    }
}

/// One row of the list, typed (seed 000): the "+ Add item" row and the "Clear checked" row
/// are cases, not index arithmetic around the items.
enum ShoppingListItem: Equatable {
    case item(ShoppingItem)
    case add(draft: String)
    case clearChecked(count: Int)

    var rowID: String {
        switch self {
        case .item(let item): ShoppingListRow.itemPrefix + item.id.uuidString
        case .add: ShoppingListRow.add
        case .clearChecked: ShoppingListRow.clearChecked
        }
    }
}

/// Row ids: the screen's events name rows by these.
enum ShoppingListRow {
    static let add = "add"
    static let clearChecked = "clear-checked"
    static let itemPrefix = "item-"
}
