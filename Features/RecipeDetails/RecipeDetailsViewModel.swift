import Core

/// The details screen's logic: load once, then act on the recipe.
@MainActor
final class RecipeDetailsViewModel: ScreenViewModel {
    private(set) var state = RecipeDetailsState() {
        didSet { onChange?() }
    }
    var onChange: (@MainActor () -> Void)?

    let recipeID: Recipe.ID
    private let interactor: RecipeDetailsInteractor

    init(recipeID: Recipe.ID, interactor: RecipeDetailsInteractor) {
        self.recipeID = recipeID
        self.interactor = interactor
    }

    func load() async {
        state.phase = .loading
        state.notice = nil
        do {
            let (recipe, savedCopy) = try await interactor.recipeWithSavedCopy(id: recipeID)
            state.isFavorite = await interactor.isFavorite(recipeID)
            state.savedCopy = savedCopy
            state.now = interactor.now
            state.phase = .loaded(recipe)
            interactor.logPageView(recipe)
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load recipe \(recipeID)"))
        }
    }

    func addIngredientsToShoppingList() async {
        await add(nil)
    }

    /// Opens the chooser, whose result comes back through `flowFinished`.
    func chooseIngredients() -> Navigation? {
        guard let recipe = state.recipe else { return nil }
        return RecipeDetailsFeature.chooseIngredients(recipe.id)
    }

    /// The chooser finished: add what was chosen for this recipe. Cancelling adds nothing.
    func flowFinished(_ result: FlowResult) async {
        guard case .ingredients(let id, let ingredients) = result, id == recipeID, !ingredients.isEmpty else { return }
        await add(ingredients)
    }

    /// Adds the ingredients (all of them when nil) and says how many, of how many.
    private func add(_ ingredients: [Ingredient]?) async {
        guard let recipe = state.recipe else { return }
        do {
            let count = try await interactor.addToShoppingList(recipe, ingredients: ingredients)
            let ofAll = count < recipe.ingredients.count ? " of \(recipe.ingredients.count)" : ""
            state.notice =
                "Added \(count)\(ofAll) \(count == 1 && ofAll.isEmpty ? "ingredient" : "ingredients") of “\(recipe.title)” to the shopping list."
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "add the ingredients to the shopping list").messageWithRecovery
        }
    }

    func toggleFavorite() async {
        guard let recipe = state.recipe else { return }
        let makeFavorite = !state.isFavorite
        do {
            let changed = try await interactor.setFavorite(recipe, makeFavorite)
            state.isFavorite = makeFavorite
            state.notice =
                makeFavorite
                ? "Saved to favorites."
                : changed ? "Removed from favorites." : "It was already removed from favorites elsewhere (by another program or screen)."
        } catch {
            state.notice = ScreenFailure(error, whileTrying: makeFavorite ? "save the favorite" : "remove the favorite").messageWithRecovery
        }
    }

    func moreFromAuthor() -> Navigation? {
        guard let recipe = state.recipe else { return nil }
        return RecipeDetailsFeature.authorRecipes(recipe.author.id)
    }

    func export() async {
        guard let recipe = state.recipe else { return }
        do {
            state.notice = try await interactor.export(recipe)
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "export “\(recipe.title)”").messageWithRecovery
        }
    }
}
