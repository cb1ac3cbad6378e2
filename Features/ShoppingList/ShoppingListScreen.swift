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

    func handle(_ event: ScreenEvent<ShoppingListRow>) async -> Navigation? {
        switch event {
        case .submit(let row, let text):
            if row == .add { await viewModel.add(typed: text) }
        case .activate(let row):
            switch row {
            case .clearChecked: await viewModel.clearChecked()
            case .notAdded(let id): await viewModel.addAgain(id)
            case .takeOff(let recipeID): await viewModel.takeOff(recipeID)
            case .item, .add: break
            }
        case .toggle(let row):
            if case .item(let id) = row { await viewModel.toggle(id) }
        case .delete(let row):
            switch row {
            case .item(let id): await viewModel.delete(id)
            case .notAdded(let id): viewModel.dropNotAdded(id)
            case .add, .clearChecked, .takeOff: break
            }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }

    func edit(_ field: ShoppingListRow, text: String) {
        if field == .add { viewModel.edit(draft: text) }
    }
}

/// The screen's rows, which its events name.
enum ShoppingListRow: Hashable, Sendable {
    /// A stored item, by its id.
    case item(UUID)
    /// An entry that could not be saved, kept to try again.
    case notAdded(UUID)
    /// The "+ Add item" field.
    case add
    case clearChecked
    /// Takes what a recipe added off the list.
    case takeOff(Recipe.ID)
}
