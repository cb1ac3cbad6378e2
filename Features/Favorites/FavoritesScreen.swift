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

    func handle(_ event: ScreenEvent) async -> Navigation? {
        switch event {
        case .activate(let row):
            if case .recipe(let id) = FavoritesRow(rowID: row) { return viewModel.open(id) }
        case .delete(let row):
            if case .recipe(let id) = FavoritesRow(rowID: row) { await viewModel.remove(id) }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// The rows the screen's events name, one per saved recipe: the translator writes `rowID`, the
/// screen reads it back.
enum FavoritesRow: Hashable {
    case recipe(Recipe.ID)

    var rowID: String {
        switch self {
        case .recipe(let id): "favorite-\(id)"
        }
    }

    /// The row whose `rowID` is exactly this; nil for any other text.
    init?(rowID: String) {
        // The recipe id is what follows the first dash; it is a row if the row writes the same id.
        let id = Recipe.ID(String(rowID.drop { $0 != "-" }.dropFirst()))
        guard let row = id.map(FavoritesRow.recipe), row.rowID == rowID else { return nil }
        self = row
    }
}
