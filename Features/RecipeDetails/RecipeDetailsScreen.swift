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
        case .activate(let row):
            switch RecipeDetailsRow(rowID: row) {
            case .addToShoppingList: await viewModel.addIngredientsToShoppingList()
            case .takeOffShoppingList: await viewModel.takeIngredientsOffShoppingList()
            case .chooseIngredients: return viewModel.chooseIngredients()
            case .favorite: await viewModel.toggleFavorite()
            case .export: await viewModel.export()
            case .moreFromAuthor: return viewModel.moreFromAuthor()
            case .servings, nil: break
            }
        case .choose(let row, let option):
            if RecipeDetailsRow(rowID: row) == .servings { viewModel.chooseServings(at: option) }
        case .toggle(let row):
            if RecipeDetailsRow(rowID: row) == .favorite { await viewModel.toggleFavorite() }
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

/// The rows the screen's events name, its actions: the translator writes `rowID`, the screen reads
/// it back. (The recipe's facts, ingredients and steps are text no event names.)
enum RecipeDetailsRow: String, CaseIterable {
    /// How many it is cooked for.
    case servings
    case addToShoppingList = "add-to-shopping-list"
    case takeOffShoppingList = "take-off-shopping-list"
    case chooseIngredients = "choose-ingredients"
    case favorite
    case export
    case moreFromAuthor = "more-from-author"

    var rowID: String { rawValue }

    /// The row whose `rowID` is exactly this; nil for any other text.
    init?(rowID: String) {
        self.init(rawValue: rowID)
    }
}
