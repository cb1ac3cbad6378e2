import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The details screen's operations of more than one step: each changes a store or exports, then
/// logs what it did, so the activity log never tells of a change that did not happen. A one-call
/// use (the recipe, the page view) is a direct call on the environment in the view model.
extension Environment {
    /// Saves or removes the favorite; false when there was none to remove (another program or
    /// screen removed it first), and then nothing is logged.
    func setFavorite(_ recipe: Recipe, to isFavorite: Bool) async throws -> Bool {
        if isFavorite {
            try await favorites.save(FavoriteRecipe(recipe: recipe, savedAt: clock.now.timeIntervalSince1970))
        } else {
            guard try await favorites.delete(id: recipe.id) else { return false }
        }
        activityLogger.log(ActivityEvent(isFavorite ? "favorite_add" : "favorite_remove", payload: ["recipe_id": String(recipe.id)]))
        return true
    }

    /// Adds the ingredients, for `factor` times the servings the recipe is written for: each to
    /// the row of the same ingredient it adds up with, or as a new row after the last, all in
    /// one transaction of the store, so what another screen or program adds meanwhile is counted
    /// too. Returns how many ingredients.
    func addToShoppingList(_ recipe: Recipe, ingredients: [Ingredient], scaledBy factor: Fraction) async throws -> Int {
        let additions = ingredients.map { ShoppingItem.Addition(id: ids.next(), ingredient: $0, of: recipe, scaledBy: factor) }
        try await shoppingList.add(additions)
        activityLogger.log(
            ActivityEvent("shopping_list_add", payload: ["recipe_id": String(recipe.id), "count": String(additions.count)]))
        return additions.count
    }

    /// Takes the recipe's ingredients, for `factor` times its servings, off the shopping list:
    /// never more of a row than the recipe added to it. Returns how many rows changed or went.
    func takeOffShoppingList(_ recipe: Recipe, scaledBy factor: Fraction) async throws -> Int {
        let lines = recipe.ingredients.map { ShoppingItem.Addition(id: ids.next(), ingredient: $0, of: recipe, scaledBy: factor) }
        let changed = try await shoppingList.takeOff(recipe: recipe.id, titled: recipe.title, lines)
        activityLogger.log(ActivityEvent("shopping_list_take_off", payload: ["recipe_id": String(recipe.id), "count": String(changed)]))
        return changed
    }

    /// Exports the recipe as Markdown through the app's exporter, a service no feature can see the
    /// implementation of; returns what the exporter says it did.
    @MainActor
    func exportAsMarkdown(_ recipe: Recipe) async throws -> String {
        let outcome = try await resolve(RecipeExportDescriptor(format: .markdown)).export(recipe)
        activityLogger.log(ActivityEvent("export_recipe", payload: ["recipe_id": String(recipe.id), "format": "markdown"]))
        return outcome
    }
}
