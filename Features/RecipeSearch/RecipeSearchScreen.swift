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

    func handle(_ event: ScreenEvent<RecipeSearchRow>) async -> Navigation? {
        switch event {
        case .submit(let row, let text):
            if row == .query { await viewModel.search(for: text) }
        case .toggle(let row), .choose(let row, _):
            if case .filter(let key) = row { await viewModel.filter(event, key: key) }
        case .activate(let row):
            switch row {
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
            case .query:
                break
            }
        case .retry:
            await viewModel.search()
        default:
            break
        }
        return nil
    }

    func edit(_ field: RecipeSearchRow, text: String) {
        if field == .query { viewModel.edit(keyword: text) }
    }
}

/// The search screen's rows, which its events name (the author's recipes use `recipe` too).
enum RecipeSearchRow: Hashable, Sendable {
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
}
