import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shopping list's changes: each changes the store, then logs what it did, so the activity
/// log never tells of a change that did not happen. Reading the list is a direct call on the
/// environment in the view model.
extension Environment {
    /// Adds what was typed ("2 onions", "500 g flour", "milk") to the row of the same ingredient
    /// it adds up with, or as a new row at the end; the store does both in one transaction, so
    /// what another tab or program adds meanwhile is counted too, and never takes the same place.
    /// Returns the addition and the rows it changed or made.
    func addToShoppingList(typed name: String) async throws -> (addition: ShoppingItem.Addition, rows: [ShoppingItem]) {
        let addition = ShoppingItem.Addition(id: ids.next(), typed: IngredientLine(parsing: name))
        let rows = try await shoppingList.add([addition])
        activityLogger.log(ActivityEvent("shopping_item_add", payload: ["name": name]))
        return (addition, rows)
    }

    /// Checks or unchecks the item as it is stored now (its other fields keep their stored values).
    func setChecked(_ id: UUID, to isChecked: Bool) async throws {
        let item = try await shoppingList.update(id: id) { $0.isChecked = isChecked }
        activityLogger.log(ActivityEvent(item.isChecked ? "shopping_item_check" : "shopping_item_uncheck", payload: ["name": item.name]))
    }

    /// Takes off the list what a recipe added: its part of every row; rows only it needed go.
    /// Returns how many rows changed or went.
    func takeOffShoppingList(_ recipeID: Recipe.ID, titled title: String) async throws -> Int {
        let changed = try await shoppingList.takeOff(recipe: recipeID, titled: title, nil)
        activityLogger.log(ActivityEvent("shopping_list_take_off", payload: ["recipe_id": String(recipeID), "count": String(changed)]))
        return changed
    }

    /// Deletes what is stored of `ids` (with `onlyIfChecked`, of those still checked); returns the ids deleted.
    func deleteFromShoppingList(_ ids: [UUID], onlyIfChecked: Bool = false) async throws -> [UUID] {
        let deleted = try await shoppingList.delete(ids: ids, matching: onlyIfChecked ? .equal(.isChecked, .bool(true)) : .all)
        if !deleted.isEmpty {
            activityLogger.log(ActivityEvent("shopping_item_delete", payload: ["count": String(deleted.count)]))
        }
        return deleted
    }
}
