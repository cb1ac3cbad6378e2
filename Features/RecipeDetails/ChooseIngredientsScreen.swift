import Core

/// Choosing which of a recipe's ingredients go on the shopping list: a flow of one screen. It
/// adds nothing itself: "Add" finishes the flow with the chosen ingredients for the screen that
/// opened it (the recipe's details), "Cancel" finishes it with nothing.
@MainActor
final class ChooseIngredientsScreen: TranslatedScreen {
    let viewModel: ChooseIngredientsViewModel
    let translator = ChooseIngredientsTranslator()

    init(viewModel: ChooseIngredientsViewModel) {
        self.viewModel = viewModel
    }

    func appear() async {
        await viewModel.appear()
    }

    func handle(_ event: ScreenEvent<ChooseIngredientsRow>) async -> Navigation? {
        switch event {
        case .activate(let row):
            switch row {
            case .ingredient(let index): viewModel.toggle(index)
            case .add: return viewModel.finish()
            case .cancel: return viewModel.cancel()
            }
        case .toggle(let row):
            if case .ingredient(let index) = row { viewModel.toggle(index) }
        case .retry:
            await viewModel.load()
        default:
            break
        }
        return nil
    }
}

/// Everything the chooser knows. The translator turns it into content.
struct ChooseIngredientsState: Equatable {
    enum Phase: Equatable {
        case loading
        case loaded(Recipe)
        case failed(ScreenFailure)
    }

    var phase = Phase.loading
    /// How many it is cooked for, which the amounts shown follow; nil: as many as the recipe serves.
    var servings: Int?
    /// The positions, in the recipe, of the ingredients chosen.
    var chosen: Set<Int> = []
    /// What the shopping list already has to buy, as ingredients compare (`IngredientName.key`).
    var onList: Set<String> = []

    /// The chosen ingredients, in the recipe's order.
    var chosenIngredients: [Ingredient] {
        guard case .loaded(let recipe) = phase else { return [] }
        return recipe.ingredients.indices.filter(chosen.contains).map { recipe.ingredients[$0] }
    }
}

/// The screen's rows, which its events name.
enum ChooseIngredientsRow: Hashable, Sendable {
    /// An ingredient, by its position in the recipe.
    case ingredient(Int)
    case add
    case cancel
}

/// The chooser's state to content: one toggle per ingredient (saying which are already on the
/// list), then Add and Cancel.
struct ChooseIngredientsTranslator: Translator {
    static let title = "Choose ingredients"

    func translate(_ state: ChooseIngredientsState) -> ScreenContent<ChooseIngredientsRow> {
        switch state.phase {
        case .loading:
            return ScreenContent(title: Self.title, status: .loading("Loading the ingredients…"))
        case .failed(let failure):
            return ScreenContent(title: Self.title, status: .failed(failure))
        case .loaded(let recipe):
            let factor = recipe.factor(forServings: state.servings)
            let rows = recipe.ingredients.enumerated().map { index, ingredient in
                let amount =
                    ingredient.quantity(scaledBy: factor)?.text ?? (ingredient.quantity == nil ? "to taste" : ingredient.amountText)
                let onList = state.onList.contains(IngredientName.key(ingredient.name)) ? " · already on your list" : ""
                return ScreenRow<ChooseIngredientsRow>(
                    id: .ingredient(index), .toggle(label: ingredient.name, isOn: state.chosen.contains(index)),
                    detail: amount + onList)
            }
            let count = state.chosen.count
            let add: ScreenRow<ChooseIngredientsRow> =
                count == 0
                ? ScreenRow(
                    id: .add, .button("Add to the shopping list"), isEnabled: false, note: "choose one first")
                : ScreenRow(
                    id: .add,
                    .button("Add \(count) \(count == 1 ? "ingredient" : "ingredients") to the shopping list"))
            return ScreenContent(
                title: Self.title,
                sections: [
                    ScreenSection(
                        id: "ingredients",
                        title:
                            "Ingredients of “\(recipe.title)”\(forServings(state.servings, of: recipe)) (\(count) of \(recipe.ingredients.count) chosen)",
                        rows: rows),
                    ScreenSection(id: "actions", rows: [add, ScreenRow(id: .cancel, .button("Cancel"))]),
                ])
        }
    }

    /// " for 2" when cooking for another number than the recipe's; empty otherwise.
    private func forServings(_ servings: Int?, of recipe: Recipe) -> String {
        guard let servings, servings != recipe.servings else { return "" }
        return " for \(servings)"
    }
}

/// The chooser's logic: load the recipe and the list once, flip choices, finish.
@MainActor
final class ChooseIngredientsViewModel: ScreenViewModel {
    private(set) var state = ChooseIngredientsState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    let recipeID: Recipe.ID
    private let environment: any Environment

    init(recipeID: Recipe.ID, servings: Int? = nil, environment: any Environment) {
        self.recipeID = recipeID
        self.environment = environment
        state.servings = servings
    }

    /// Loads the first time only: the choices made so far stay.
    func appear() async {
        environment.pageViewLogger.log(PageView("choose_ingredients", parameters: ["recipe_id": String(recipeID)]))
        if case .loaded = state.phase { return }
        await load()
    }

    /// Everything starts chosen but water and what is to taste, which a cook rarely buys; what
    /// the list already has is said, and chosen still, since the list adds it up.
    func load() async {
        state.phase = .loading
        do {
            let recipe = try await environment.client.recipe(id: recipeID)
            state.onList = await namesToBuy()
            state.chosen = Set(recipe.ingredients.indices.filter { recipe.ingredients[$0].goesOnShoppingList })
            state.phase = .loaded(recipe)
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load the ingredients of recipe \(recipeID)"))
        }
    }

    func toggle(_ index: Int) {
        guard case .loaded(let recipe) = state.phase, recipe.ingredients.indices.contains(index) else { return }
        if state.chosen.contains(index) {
            state.chosen.remove(index)
        } else {
            state.chosen.insert(index)
        }
    }

    /// Hands the choice back; nothing chosen is not a choice (the button is disabled).
    func finish() -> Navigation? {
        let chosen = state.chosenIngredients
        guard !chosen.isEmpty else { return nil }
        return .finish(.ingredients(recipeID: recipeID, chosen))
    }

    func cancel() -> Navigation {
        .finish(.cancelled)
    }

    /// What the shopping list still has to buy, as ingredients compare (`IngredientName.key`). A
    /// list that cannot be read counts as empty: the chooser then simply offers every ingredient.
    private func namesToBuy() async -> Set<String> {
        let items = (try? await environment.shoppingList.findAll(.equal(.isChecked, .bool(false)), sort: [])) ?? []
        return Set(items.map { IngredientName.key($0.name) })
    }
}
