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
        case .edit(ShoppingListRow.add, let text):
            viewModel.edit(draft: text)
        case .submit(ShoppingListRow.add):
            await viewModel.addDraft()
        case .activate(ShoppingListRow.clearChecked):
            await viewModel.clearChecked()
        case .activate(let row) where row.hasPrefix(ShoppingListRow.notAddedPrefix):
            if let id = id(in: row, after: ShoppingListRow.notAddedPrefix) { await viewModel.addAgain(id) }
        case .toggle(let row):
            if let id = id(in: row, after: ShoppingListRow.itemPrefix) { await viewModel.toggle(id) }
        case .delete(let row) where row.hasPrefix(ShoppingListRow.notAddedPrefix):
            if let id = id(in: row, after: ShoppingListRow.notAddedPrefix) { viewModel.dropNotAdded(id) }
        case .delete(let row):
            if let id = id(in: row, after: ShoppingListRow.itemPrefix) { await viewModel.delete(id) }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }

    private func id(in row: String, after prefix: String) -> UUID? {
        guard row.hasPrefix(prefix) else { return nil }
        return UUID(uuidString: String(row.dropFirst(prefix.count)))
    }
}
