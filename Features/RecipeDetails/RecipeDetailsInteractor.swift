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

    /// Appends the ingredients (every one unless told) after the list's last item, in one
    /// transaction; the store numbers them, so items added meanwhile elsewhere never take their
    /// places. Returns how many.
    func addToShoppingList(_ recipe: Recipe, ingredients: [Ingredient]? = nil) async throws -> Int {
        let items = (ingredients ?? recipe.ingredients).map { ingredient in
            ShoppingItem(id: environment.ids.next(), name: ingredient.name, amount: ingredient.amountText, recipeID: recipe.id, position: 0)
        }
        _ = try await environment.shoppingList.append(items, numbering: .position) { $0.position = $1 }
        environment.activityLogger.log(
            ActivityEvent("shopping_list_add", payload: ["recipe_id": String(recipe.id), "count": String(items.count)]))
        return items.count
    }

    /// What the shopping list still has to buy, lowercased. A list that cannot be read counts as empty:
    /// the chooser then simply offers every ingredient.
    func namesToBuy() async -> Set<String> {
        let items = (try? await environment.shoppingList.findAll(.equal(.isChecked, .bool(false)), sort: [])) ?? []
        return Set(items.map { $0.name.lowercased() })
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
