import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the shopping list screen knows. The translator turns it into content.
struct ShoppingListState: Equatable {
    enum Phase: Equatable {
        case loading
        case loaded([ShoppingItem])
        case failed(ScreenFailure)
    }

    /// Text typed and entered that could not be saved: kept until it is added or dropped.
    struct NotAdded: Equatable {
        var id: UUID
        var name: String
    }

    /// A recipe that rows of the list are for.
    struct RecipeOnList: Equatable {
        var id: Recipe.ID
        /// Its title when it was added; "recipe 12" for rows saved before titles were kept.
        var title: String
        var rows: Int
    }

    var phase = Phase.loading
    /// What the user is typing into the "+ Add item" row: the next item. Enter hands it over
    /// and empties it at once, so keys typed while the item is saved start the one after.
    var draft = ""
    /// Entries whose save failed, in the order entered.
    var notAdded: [NotAdded] = []
    var notice: String?

    var items: [ShoppingItem] {
        if case .loaded(let items) = phase { return items }
        return []
    }
}

/// One row of the list, typed (a Translator turns them into rows): the "+ Add item" row, the entries to try again,
/// the "Clear checked" row and the recipes to take off are cases, not index arithmetic around the items.
enum ShoppingListItem: Equatable {
    case item(ShoppingItem)
    case notAdded(ShoppingListState.NotAdded)
    case add(draft: String)
    case clearChecked(count: Int)
    /// A recipe something on the list is for, and how many rows.
    case recipe(ShoppingListState.RecipeOnList)

    /// The row that shows it, which the screen's events name.
    var row: ShoppingListRow {
        switch self {
        case .item(let item): .item(item.id)
        case .notAdded(let entry): .notAdded(entry.id)
        case .add: .add
        case .clearChecked: .clearChecked
        case .recipe(let recipe): .takeOff(recipe.id)
        }
    }
}
