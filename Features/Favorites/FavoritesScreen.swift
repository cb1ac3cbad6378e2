import Core

/// The screen as runners see it: content from the translator (see `TranslatedScreen`), events to the view model.
@MainActor
final class FavoritesScreen: TranslatedScreen {
    let viewModel: FavoritesViewModel
    let translator = FavoritesTranslator()

    init(viewModel: FavoritesViewModel) {
        self.viewModel = viewModel
    }

    /// Reloads every time: a recipe may have been saved or removed on its details screen.
    func appear() async {
        await viewModel.load()
    }

    func handle(_ event: ScreenEvent<FavoritesRow>) async -> Navigation? {
        switch event {
        case .activate(let row):
            if case .recipe(let id) = row { return viewModel.open(id) }
        case .delete(let row):
            if case .recipe(let id) = row { await viewModel.remove(id) }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// The screen's rows, which its events name: one per saved recipe.
enum FavoritesRow: Hashable, Sendable {
    case recipe(Recipe.ID)
}
