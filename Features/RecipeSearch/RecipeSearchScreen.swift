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
        case .edit(RecipeSearchRow.query, let text):
            viewModel.edit(keyword: text)
        case .submit(RecipeSearchRow.query):
            await viewModel.search()
        case .toggle(let row) where row.hasPrefix(RecipeSearchRow.filterPrefix),
            .choose(let row, _) where row.hasPrefix(RecipeSearchRow.filterPrefix),
            .activate(let row) where row.hasPrefix(RecipeSearchRow.filterPrefix):
            await viewModel.filter(event, row: row)
        case .activate(RecipeSearchRow.kitchenPreferences):
            return viewModel.openKitchenPreferences()
        case .activate(RecipeSearchRow.loadMore):
            await viewModel.loadMore()
        case .activate(let row) where row.hasPrefix(RecipeSearchRow.recipePrefix):
            guard let id = Recipe.ID(row.dropFirst(RecipeSearchRow.recipePrefix.count)) else { return nil }
            return viewModel.open(recipeID: id)
        case .activate(let row) where row.hasPrefix(RecipeSearchRow.recentPrefix):
            viewModel.edit(keyword: String(row.dropFirst(RecipeSearchRow.recentPrefix.count)))
            await viewModel.search()
        case .retry:
            await viewModel.search()
        default:
            break
        }
        return nil
    }
}
