import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every side effect of the details screen and its ingredient chooser, all through the environment:
/// the recipe, the favorites and shopping-list stores, the app's exporter, the logs.
struct RecipeDetailsInteractor {
    let environment: any Environment

    func recipe(id: Recipe.ID) async throws -> Recipe {
        try await environment.client.recipe(id: id)
    }

    /// The recipe, and whether it is a saved copy (for the details screen to say so).
    func recipeWithSavedCopy(id: Recipe.ID) async throws -> (recipe: Recipe, savedCopy: RecipePage.SavedCopy?) {
        try await environment.client.recipeWithSavedCopy(id: id)
    }

    /// What "now" is, for "saved copy from 2 hours ago".
    var now: Date { environment.clock.now }
    /// Where the cook is, for "yesterday".
    var region: Region { environment.region }

    /// Whether the recipe is a favorite; a store that cannot be read says no rather than failing the screen.
    func isFavorite(_ id: Recipe.ID) async -> Bool {
        (try? await environment.favorites.find(id: id)) != nil
    }

    /// Saves or removes the favorite; false when there was none to remove (another program or
    /// screen removed it first).
    func setFavorite(_ recipe: Recipe, _ isFavorite: Bool) async throws -> Bool {
        if isFavorite {
            try await environment.favorites.save(FavoriteRecipe(recipe: recipe, savedAt: environment.clock.now.timeIntervalSince1970))
        } else {
            guard try await environment.favorites.delete(id: recipe.id) else { return false }
        }
        environment.activityLogger.log(
            ActivityEvent(isFavorite ? "favorite_add" : "favorite_remove", payload: ["recipe_id": String(recipe.id)]))
        return true
    }

    /// Adds the ingredients, for `factor` times the servings the recipe is written for: each to
    /// the row of the same ingredient it adds up with, or as a new row after the last, all in
    /// one transaction of the store, so what another screen or program adds meanwhile is counted
    /// too. Returns how many ingredients.
    func addToShoppingList(_ recipe: Recipe, ingredients: [Ingredient], scaledBy factor: Fraction) async throws -> Int {
        let additions = ingredients.map { ShoppingItem.Addition(id: environment.ids.next(), ingredient: $0, of: recipe, scaledBy: factor) }
        try await environment.shoppingList.add(additions)
        environment.activityLogger.log(
            ActivityEvent("shopping_list_add", payload: ["recipe_id": String(recipe.id), "count": String(additions.count)]))
        return additions.count
    }

    /// Takes the recipe's ingredients, for `factor` times its servings, off the shopping list:
    /// never more of a row than the recipe added to it. Returns how many rows changed or went.
    func takeOffShoppingList(_ recipe: Recipe, scaledBy factor: Fraction) async throws -> Int {
        let lines = recipe.ingredients.map {
            ShoppingItem.Addition(id: environment.ids.next(), ingredient: $0, of: recipe, scaledBy: factor)
        }
        let changed = try await environment.shoppingList.takeOff(recipe: recipe.id, titled: recipe.title, lines)
        environment.activityLogger.log(
            ActivityEvent("shopping_list_take_off", payload: ["recipe_id": String(recipe.id), "count": String(changed)]))
        return changed
    }

    /// What the shopping list still has to buy, as ingredients compare (`IngredientName.key`). A
    /// list that cannot be read counts as empty: the chooser then simply offers every ingredient.
    func namesToBuy() async -> Set<String> {
        let items = (try? await environment.shoppingList.findAll(.equal(.isChecked, .bool(false)), sort: [])) ?? []
        return Set(items.map { IngredientName.key($0.name) })
    }

    func logChooserPageView(_ recipeID: Recipe.ID) {
        environment.pageViewLogger.log(PageView("choose_ingredients", parameters: ["recipe_id": String(recipeID)]))
    }

    func logPageView(_ recipe: Recipe) {
        environment.pageViewLogger.log(PageView("recipe_details", parameters: ["recipe_id": String(recipe.id)]))
    }

    /// Exports the recipe as Markdown through the app's exporter, a service no feature can see the
    /// implementation of; returns what the exporter says it did.
    @MainActor
    func export(_ recipe: Recipe) async throws -> String {
        let outcome = try await environment.resolve(RecipeExportDescriptor(format: .markdown)).export(recipe)
        environment.activityLogger.log(ActivityEvent("export_recipe", payload: ["recipe_id": String(recipe.id), "format": "markdown"]))
        return outcome
    }
}
