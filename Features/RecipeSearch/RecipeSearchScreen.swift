import Core

/// The screen as runners see it: content from the translator (see `TranslatedScreen`), events to the view model.
@MainActor
final class RecipeSearchScreen: TranslatedScreen {
    let viewModel: RecipeSearchViewModel
    let translator = RecipeSearchTranslator()

    init(viewModel: RecipeSearchViewModel) {
        self.viewModel = viewModel
    }

    func appear() async {
        await viewModel.appear()
    }

    func handle(_ event: ScreenEvent) async -> Navigation? {
        switch event {
        case .edit(let row, let text):
            if RecipeSearchRow(rowID: row) == .query { viewModel.edit(keyword: text) }
        case .submit(let row):
            if RecipeSearchRow(rowID: row) == .query { await viewModel.search() }
        case .toggle(let row), .choose(let row, _):
            if case .filter(let key) = RecipeSearchRow(rowID: row) { await viewModel.filter(event, key: key) }
        case .activate(let row):
            switch RecipeSearchRow(rowID: row) {
            case .filter(let key):
                await viewModel.filter(event, key: key)
            case .kitchenPreferences:
                return viewModel.openKitchenPreferences()
            case .loadMore:
                await viewModel.loadMore()
            case .recipe(let id):
                return viewModel.open(recipeID: id)
            case .recent(let keyword):
                viewModel.edit(keyword: keyword)
                await viewModel.search()
            case .query, nil:
                break
            }
        case .retry:
            await viewModel.search()
        default:
            break
        }
        return nil
    }
}

/// The rows the search screen's events name (the author's recipes use `recipe` too): the
/// translators write `rowID`, the screens read it back.
enum RecipeSearchRow: Hashable {
    /// The keyword field.
    case query
    /// A result, by its recipe.
    case recipe(Recipe.ID)
    /// "Show more": the next page of results.
    case loadMore
    /// A recent search, by its keyword.
    case recent(String)
    /// A filter, by its item's key.
    case filter(key: String)
    case kitchenPreferences

    var rowID: String {
        switch self {
        case .query: "query"
        case .recipe(let id): "recipe-\(id)"
        case .loadMore: "more"
        case .recent(let keyword): "recent-\(keyword)"
        case .filter(let key): "filter-\(key)"
        case .kitchenPreferences: "kitchen-preferences"
        }
    }

    /// The row whose `rowID` is exactly this; nil for any other text.
    init?(rowID: String) {
        // What a row holds follows the first dash; which row it is, the one that writes the same id.
        let payload = String(rowID.drop { $0 != "-" }.dropFirst())
        let rows: [RecipeSearchRow] =
            [.query, .loadMore, .kitchenPreferences, .recent(payload), .filter(key: payload)]
            + (Recipe.ID(payload).map { [.recipe($0)] } ?? [])
        guard let row = rows.first(where: { $0.rowID == rowID }) else { return nil }
        self = row
    }
}
