import Core

/// The screen as runners see it: content from the translator, events to the view model.
@MainActor
final class RecipeDetailsScreen: Screen {
    private let viewModel: RecipeDetailsViewModel
    private let translator = RecipeDetailsTranslator()

    var onChange: (@MainActor () -> Void)? {
        get { viewModel.onChange }
        set { viewModel.onChange = newValue }
    }

    init(viewModel: RecipeDetailsViewModel) {
        self.viewModel = viewModel
    }

    var content: ScreenContent { translator.translate(viewModel.state) }

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
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}
