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

    func handle(_ event: ScreenEvent<RecipeDetailsRow>) async -> Navigation? {
        switch event {
        case .activate(let row):
            switch row {
            case .addToShoppingList: await viewModel.addIngredientsToShoppingList()
            case .takeOffShoppingList: await viewModel.takeIngredientsOffShoppingList()
            case .chooseIngredients: return viewModel.chooseIngredients()
            case .favorite: await viewModel.toggleFavorite()
            case .export: await viewModel.export()
            case .moreFromAuthor: return viewModel.moreFromAuthor()
            case .servings, .fact, .ingredient, .step, .noSteps: break
            }
        case .choose(let row, let option):
            if row == .servings { viewModel.chooseServings(at: option) }
        case .toggle(let row):
            if row == .favorite { await viewModel.toggleFavorite() }
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

/// The screen's rows: its actions, which its events name, and the recipe's facts, ingredients and
/// steps, text no event names.
enum RecipeDetailsRow: Hashable, Sendable {
    /// How many it is cooked for.
    case servings
    case addToShoppingList
    case takeOffShoppingList
    case chooseIngredients
    case favorite
    case export
    case moreFromAuthor
    /// The summary, then the facts, by position.
    case fact(Int)
    /// An ingredient, by its position in the recipe.
    case ingredient(Int)
    /// A step, by its position.
    case step(Int)
    /// Said when the recipe has no steps.
    case noSteps

    /// The rows an event can name, in the order the screen shows them.
    static let actions: [RecipeDetailsRow] = [
        .servings, .addToShoppingList, .chooseIngredients, .takeOffShoppingList, .favorite, .export, .moreFromAuthor,
    ]
}
