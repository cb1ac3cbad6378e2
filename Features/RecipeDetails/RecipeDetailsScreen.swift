import Core

/// The screen as runners see it: content from the translator (see `TranslatedScreen`), events to the view model.
@MainActor
final class RecipeDetailsScreen: TranslatedScreen {
    let viewModel: RecipeDetailsViewModel
    let translator = RecipeDetailsTranslator()

    init(viewModel: RecipeDetailsViewModel) {
        self.viewModel = viewModel
    }

    func appear() async {
        await viewModel.load()
    }

    func handle(_ event: ScreenEvent) async -> Navigation? {
        switch event {
        case .activate(RecipeDetailsRow.addToShoppingList):
            await viewModel.addIngredientsToShoppingList()
        case .toggle(RecipeDetailsRow.favorite), .activate(RecipeDetailsRow.favorite):
            await viewModel.toggleFavorite()
        case .activate(RecipeDetailsRow.export):
            await viewModel.export()
        case .activate(RecipeDetailsRow.moreFromAuthor):
            return viewModel.moreFromAuthor()
        case .activate(RecipeDetailsRow.chooseIngredients):
            return viewModel.chooseIngredients()
        case .flowFinished(let result):
            await viewModel.flowFinished(result)
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}
