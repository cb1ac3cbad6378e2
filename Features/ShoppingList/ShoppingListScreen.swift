import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The screen as runners see it: content from the translator (see `TranslatedScreen`), events to the view model.
@MainActor
final class ShoppingListScreen: TranslatedScreen {
    let viewModel: ShoppingListViewModel
    let translator = ShoppingListTranslator()

    init(viewModel: ShoppingListViewModel) {
        self.viewModel = viewModel
    }

    /// Reloads every time: items may have been added from a recipe in another tab.
    func appear() async {
        await viewModel.load()
    }

    func handle(_ event: ScreenEvent) async -> Navigation? {
        switch event {
        case .edit(let row, let text):
            if ShoppingListRow(rowID: row) == .add { viewModel.edit(draft: text) }
        case .submit(let row):
            if ShoppingListRow(rowID: row) == .add { await viewModel.addDraft() }
        case .activate(let row):
            switch ShoppingListRow(rowID: row) {
            case .clearChecked: await viewModel.clearChecked()
            case .notAdded(let id): await viewModel.addAgain(id)
            case .takeOff(let recipeID): await viewModel.takeOff(recipeID)
            case .item, .add, nil: break
            }
        case .toggle(let row):
            if case .item(let id) = ShoppingListRow(rowID: row) { await viewModel.toggle(id) }
        case .delete(let row):
            switch ShoppingListRow(rowID: row) {
            case .item(let id): await viewModel.delete(id)
            case .notAdded(let id): viewModel.dropNotAdded(id)
            case .add, .clearChecked, .takeOff, nil: break
            }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// The rows the screen's events name: the translator writes `rowID`, the screen reads it back.
enum ShoppingListRow: Hashable {
    /// A stored item, by its id.
    case item(UUID)
    /// An entry that could not be saved, kept to try again.
    case notAdded(UUID)
    /// The "+ Add item" field.
    case add
    case clearChecked
    /// Takes what a recipe added off the list.
    case takeOff(Recipe.ID)

    var rowID: String {
        switch self {
        case .item(let id): "item-\(id.uuidString)"
        case .notAdded(let id): "not-added-\(id.uuidString)"
        case .add: "add"
        case .clearChecked: "clear-checked"
        case .takeOff(let recipeID): "take-off-\(recipeID)"
        }
    }

    /// The row whose `rowID` is exactly this; nil for any other text.
    init?(rowID: String) {
        // An id ends in a UUID, 36 characters, or a recipe's number; which row it is, the one that writes the same id.
        let id = UUID(uuidString: String(rowID.suffix(36)))
        let recipeID = Int(rowID.trimmingPrefix("take-off-"))
        let rows: [ShoppingListRow] =
            [.add, .clearChecked] + (id.map { [.item($0), .notAdded($0)] } ?? []) + (recipeID.map { [.takeOff($0)] } ?? [])
        guard let row = rows.first(where: { $0.rowID == rowID }) else { return nil }
        self = row
    }
}
