import Core
import Foundation
import Testing

@testable import App

/// The real ingredient lines of the bundled recipes: every one reads back into the quantity and
/// ingredient it was written from, and a list of all of them adds up exactly, one row per
/// ingredient and unit family.
@Suite("Bundled ingredients on a shopping list")
struct BundledShoppingListTests {
    static let recipes = BundledRecipeClient.bundled().recipes

    @Test func everyLineReadsBackIntoItsQuantityAndIngredient() {
        var lines = 0
        for recipe in Self.recipes {
            for ingredient in recipe.ingredients {
                lines += 1
                let line = IngredientLine(parsing: ingredient.text)
                #expect(line.note.isEmpty, "“\(recipe.title)”: \(ingredient.text)")
                #expect(
                    IngredientName.key(line.name) == IngredientName.key(ingredient.name),
                    "“\(recipe.title)”: \(ingredient.text) names \(line.name), not \(ingredient.name)")
                guard let exact = ingredient.exactQuantity else {
                    #expect(line.quantity == nil, "“\(recipe.title)”: \(ingredient.text) is to taste")
                    continue
                }
                #expect(line.quantity?.converted(to: ingredient.unit) == exact, "“\(recipe.title)”: \(ingredient.text)")
                #expect(Quantity(parsing: ingredient.amountText)?.converted(to: ingredient.unit) == exact, "\(ingredient.amountText)")
            }
        }
        #expect(lines > 600)
    }

    @Test func everyRecipeOnOneListAddsUpExactlyByIngredientAndUnitFamily() {
        var items: [ShoppingItem] = []
        var expected: [String: Quantity] = [:]
        for recipe in Self.recipes {
            let lines = recipe.ingredients.filter(\.goesOnShoppingList)
            ShoppingItem.add(lines.map { ShoppingItem.Addition(id: UUID(), ingredient: $0, of: recipe) }, to: &items)
            for ingredient in lines {
                guard let quantity = ingredient.exactQuantity else { continue }
                let key = "\(IngredientName.key(ingredient.name)) \(quantity.family)"
                expected[key] = expected[key].map { $0.adding(quantity) ?? $0 } ?? quantity
            }
        }
        #expect(items.count == expected.count, "one row per ingredient and unit family")
        for item in items {
            guard let quantity = item.quantity else {
                Issue.record("\(item.name) has no amount")
                continue
            }
            let key = "\(IngredientName.key(item.name)) \(quantity.family)"
            #expect(expected[key]?.subtracting(quantity)?.amount == .zero, "\(item.name): \(item.amount)")
        }
        #expect(!items.contains { IngredientName.isWater($0.name) }, "water is not bought")
        let garlic = items.filter { IngredientName.key($0.name) == "garlic" }
        #expect(garlic.map(\.amount) == ["75 cloves"])
    }

    @Test func thirteenRecipesMakeAListOfTheirIngredientsNotOfTheirLines() {
        var items: [ShoppingItem] = []
        let recipes = Self.recipes.prefix(13)
        let lines = recipes.flatMap { recipe in recipe.ingredients.filter(\.goesOnShoppingList).map { (recipe, $0) } }
        ShoppingItem.add(lines.map { ShoppingItem.Addition(id: UUID(), ingredient: $1, of: $0) }, to: &items)
        let rows = items.map { "\($0.displayName) · \($0.amount)" }
        #expect(items.count < lines.count - 10, "\(items.count) rows for \(lines.count) lines")
        for row in ["garlic · 9 cloves", "eggs · 7", "butter · 350 g", "onions · 5", "onions · 1 kg", "tomatoes · 4", "beer · 200 ml"] {
            #expect(rows.contains(row), "\(row) in \(rows)")
        }
        #expect(!rows.contains { $0.hasPrefix("water") || $0 == "salt · " }, "water and salt to taste are not bought")
    }
}
