import Core

/// The details screen's logic: load once, then act on the recipe.
@MainActor
final class RecipeDetailsViewModel: ScreenViewModel {
    private(set) var state = RecipeDetailsState() {
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

    /// Cooks for another number: the quantities shown, and those added to the list, follow.
    func chooseServings(at index: Int) {
        guard let recipe = state.recipe else { return }
        let choices = recipe.servingsChoices(including: state.servings)
        guard choices.indices.contains(index) else { return }
        state.servings = choices[index]
        state.notice = nil
    }

    /// How many times the recipe's quantities are cooked.
    private var factor: Fraction {
        state.recipe?.factor(forServings: state.servings) ?? .one
    }

    /// " (for 2)" when cooking for another number than the recipe's; empty otherwise.
    private var forServings: String {
        guard let recipe = state.recipe, let servings = state.servings, servings != recipe.servings else { return "" }
        return " (for \(servings))"
    }

    func load() async {
        state.phase = .loading
        state.notice = nil
        do {
            let (recipe, savedCopy) = try await environment.client.recipeWithSavedCopy(id: recipeID)
            // A favorites store that cannot be read says "not a favorite" rather than failing the screen.
            state.isFavorite = (try? await environment.favorites.find(id: recipeID)) != nil
            state.savedCopy = savedCopy
            state.now = environment.clock.now
            state.region = environment.region
            state.phase = .loaded(recipe)
            environment.pageViewLogger.log(PageView("recipe_details", parameters: ["recipe_id": String(recipe.id)]))
        } catch {
            state.phase = .failed(ScreenFailure(error, whileTrying: "load recipe \(recipeID)"))
        }
    }

    func addIngredientsToShoppingList() async {
        await add(nil)
    }

    /// Opens the chooser, with the amounts for the servings chosen; its result comes back through `flowFinished`.
    func chooseIngredients() -> Navigation? {
        guard let recipe = state.recipe else { return nil }
        return RecipeDetailsFeature.chooseIngredients(recipe.id, servings: state.servings)
    }

    /// The chooser finished: add what was chosen for this recipe. Cancelling adds nothing.
    func flowFinished(_ result: FlowResult) async {
        guard case .ingredients(let id, let ingredients) = result, id == recipeID, !ingredients.isEmpty else { return }
        await add(ingredients)
    }

    /// Adds the ingredients chosen, or else every one but water and what is to taste, for the
    /// servings chosen; says how many, of how many, and what was left out.
    private func add(_ chosen: [Ingredient]?) async {
        guard let recipe = state.recipe else { return }
        let ingredients = chosen ?? recipe.ingredients.filter(\.goesOnShoppingList)
        let leftOut = chosen == nil ? recipe.ingredients.filter { !$0.goesOnShoppingList } : []
        do {
            let count = try await environment.addToShoppingList(recipe, ingredients: ingredients, scaledBy: factor)
            let ofAll = count < recipe.ingredients.count ? " of \(recipe.ingredients.count)" : ""
            let noun = count == 1 && ofAll.isEmpty ? "ingredient" : "ingredients"
            var notice = "Added \(count)\(ofAll) \(noun) of “\(recipe.title)”\(forServings) to the shopping list."
            if !leftOut.isEmpty {
                let names = leftOut.map { $0.quantity == nil ? "\($0.name) (to taste)" : $0.name }
                notice += " Left out \(Self.inWords(names)): choose them with “Choose ingredients to add…”."
            }
            state.notice = notice
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "add the ingredients to the shopping list").messageWithRecovery
        }
    }

    /// Takes the recipe's ingredients, for the servings chosen, off the shopping list.
    func takeIngredientsOffShoppingList() async {
        guard let recipe = state.recipe else { return }
        do {
            let count = try await environment.takeOffShoppingList(recipe, scaledBy: factor)
            state.notice =
                count == 0
                ? "Nothing on the shopping list is for “\(recipe.title)”."
                : "Took the ingredients of “\(recipe.title)”\(forServings) off the shopping list: \(count) \(count == 1 ? "row" : "rows") changed."
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "take the ingredients off the shopping list").messageWithRecovery
        }
    }

    func toggleFavorite() async {
        guard let recipe = state.recipe else { return }
        let makeFavorite = !state.isFavorite
        do {
            let changed = try await environment.setFavorite(recipe, to: makeFavorite)
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
            state.notice = try await environment.exportAsMarkdown(recipe)
        } catch {
            state.notice = ScreenFailure(error, whileTrying: "export “\(recipe.title)”").messageWithRecovery
        }
    }

    /// "water", "water and salt", "water, ice and salt".
    static func inWords(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
