import Core
import Foundation
import Testing

/// The shopping list adds up: the same ingredient in units that add up is one row with the sum,
/// written as a cook writes it; anything else stays a row of its own.
@Suite("Shopping list merging")
struct ShoppingListMergeTests {
    static let curry = Recipe.sample(id: 1, title: "Curry Rice")
    static let risotto = Recipe.sample(id: 2, title: "Mushroom Risotto")

    /// The list after adding `lines` one at a time, each typed or for `recipe`.
    static func list(_ lines: [String], for recipe: Recipe? = nil, to items: [ShoppingItem] = []) -> [ShoppingItem] {
        var items = items
        for line in lines {
            var addition = ShoppingItem.Addition(id: UUID(), typed: IngredientLine(parsing: line))
            if let recipe {
                addition.recipeID = recipe.id
                addition.recipeTitle = recipe.title
            }
            ShoppingItem.add([addition], to: &items)
        }
        return items
    }

    static func rows(_ items: [ShoppingItem]) -> [String] {
        items.sorted { $0.position < $1.position }.map { "\($0.displayName) · \($0.amount)" }
    }

    @Test(
        "the same ingredient in units that add up is one row with the sum",
        arguments: [
            (["½ lemon", "½ lemon"], ["lemon · 1"]),
            (["1 clove garlic", "1 clove garlic"], ["garlic · 2 cloves"]),
            (["400 g rice", "800 g rice"], ["rice · 1.2 kg"]),
            (["1 tsp salt", "2 tsp salt"], ["salt · 1 tbsp"]),
            (["½ tsp cumin", "1 tbsp cumin"], ["cumin · 3½ tsp"]),
            (["200 ml milk", "1 l milk"], ["milk · 1.2 l"]),
            (["⅓ cup sugar", "⅔ cup sugar"], ["sugar · 1 cup"]),
            (["4 tbsp olive oil", "4 tbsp olive oil"], ["olive oil · ½ cup"]),
            (["1 onion", "2 onions", "½ Onion"], ["onions · 3½"]),
            (["1 tomato", "2 tomatoes"], ["tomatoes · 3"]),
            (["2 bay leaves", "1 bay leaf"], ["bay leaves · 3"]),
            (["½ grated apple", "1 apple"], ["apples · 1½"]),
            (["0.5 kg potatoes", "250 g potatoes"], ["potatoes · 750 g"]),
            (["2 cans chickpeas", "200 g chickpeas", "1 can chickpeas"], ["chickpeas · 3 cans", "chickpeas · 200 g"]),
            (["1 red onion", "1 onion"], ["red onion · 1", "onion · 1"]),
            (["milk", "Milk"], ["milk · "]),
            (["milk", "1 l milk"], ["milk · ", "milk · 1 l"]),
            (["2-3 onions", "2 onions"], ["onions · 2-3", "onions · 2"]),
            (["2-3 onions", "2-3 onions"], ["onions · 2-3", "onions · 2-3"]),
            (["1 bunch coriander", "2 tbsp coriander"], ["coriander · 1 bunch", "coriander · 2 tbsp"]),
        ])
    func addsUp(lines: [String], expected: [String]) {
        #expect(Self.rows(Self.list(lines)) == expected)
    }

    @Test func eachRowSaysWhichRecipesItIsFor() {
        var items = Self.list(["2 onions", "400 g rice"], for: Self.curry)
        items = Self.list(["1 onion"], for: Self.risotto, to: items)
        items = Self.list(["1 onion"], to: items)
        #expect(Self.rows(items) == ["onions · 4", "rice · 400 g"])
        #expect(items[0].recipeTitles == ["Curry Rice", "Mushroom Risotto"])
        #expect(items[1].recipeTitles == ["Curry Rice"])
        // The same recipe again doubles its part; it is still said once.
        items = Self.list(["2 onions"], for: Self.curry, to: items)
        #expect(Self.rows(items) == ["onions · 6", "rice · 400 g"])
        #expect(items[0].recipeTitles == ["Curry Rice", "Mushroom Risotto"])
    }

    @Test func aCheckedRowIsBoughtAndNeverAddedTo() {
        var items = Self.list(["1 lemon"])
        items[0].isChecked = true
        items = Self.list(["1 lemon"], to: items)
        #expect(items.map(\.amount) == ["1", "1"])
        #expect(items.map(\.isChecked) == [true, false])
    }

    @Test func newRowsGoAfterTheLastInTheOrderAdded() {
        let existing = ShoppingItem(id: UUID(), name: "bread", position: 7)
        let items = Self.list(["1 lemon", "2 eggs", "½ lemon"], to: [existing])
        #expect(items.map(\.position) == [7, 8, 9])
        #expect(Self.rows(items) == ["bread · ", "lemons · 1½", "eggs · 2"])
    }

    @Test func aSumThatWouldOverflowIsARowOfItsOwn() {
        let huge = ShoppingItem.Addition(id: UUID(), name: "salt", quantity: Quantity(Fraction(Int.max), .pinch))
        var items: [ShoppingItem] = []
        ShoppingItem.add([huge, huge], to: &items)
        #expect(items.count == 2)
    }

    @Test func takingARecipeOffTakesItsPartOnly() {
        var items = Self.list(["2 onions", "400 g rice", "salt to taste"], for: Self.curry)
        items = Self.list(["1 onion", "salt to taste"], for: Self.risotto, to: items)
        items = Self.list(["1 onion", "milk"], to: items)
        #expect(ShoppingItem.takeOff(recipe: Self.curry.id, nil, from: &items) == 3)
        #expect(Self.rows(items) == ["onions · 2", "salt · ", "milk · "])
        #expect(items[0].recipeTitles == ["Mushroom Risotto"])
        #expect(ShoppingItem.takeOff(recipe: Self.risotto.id, nil, from: &items) == 2)
        #expect(Self.rows(items) == ["onion · 1", "milk · "], "what was typed stays")
        #expect(ShoppingItem.takeOff(recipe: Self.risotto.id, nil, from: &items) == 0)
    }

    @Test func takingScaledLinesOffSubtractsThemAndNeverMoreThanTheRecipeAdded() {
        let lemon = Ingredient(name: "lemon", quantity: 0.5, unit: .none)
        let rice = Ingredient(name: "rice", quantity: 400, unit: .gram)
        let recipe = Recipe.sample(id: 3, title: "Lemon Rice", ingredients: [lemon, rice])
        let twice = recipe.ingredients.map { ShoppingItem.Addition(id: UUID(), ingredient: $0, of: recipe, scaledBy: Fraction(2)) }
        var items: [ShoppingItem] = Self.list(["1 lemon"])
        ShoppingItem.add(twice, to: &items)
        #expect(Self.rows(items) == ["lemons · 2", "rice · 800 g"])
        let half = recipe.ingredients.map {
            ShoppingItem.Addition(id: UUID(), ingredient: $0, of: recipe, scaledBy: Fraction(1, 2) ?? .one)
        }
        #expect(ShoppingItem.takeOff(recipe: recipe.id, half, from: &items) == 2)
        #expect(Self.rows(items) == ["lemons · 1¾", "rice · 600 g"])
        let thrice = recipe.ingredients.map { ShoppingItem.Addition(id: UUID(), ingredient: $0, of: recipe, scaledBy: Fraction(3)) }
        ShoppingItem.takeOff(recipe: recipe.id, thrice, from: &items)
        #expect(Self.rows(items) == ["lemon · 1"], "what was typed is not the recipe's to take")
    }

    @Test func aRecipeLineScalesExactly() {
        let apple = Ingredient(name: "grated apple", quantity: 0.5, unit: .piece)
        let addition = ShoppingItem.Addition(id: UUID(), ingredient: apple, of: Self.curry, scaledBy: Fraction(2, 4) ?? .one)
        var items: [ShoppingItem] = []
        ShoppingItem.add([addition], to: &items)
        #expect(Self.rows(items) == ["apple · ¼"])
        #expect(items[0].recipeTitles == ["Curry Rice"])
    }

    @Test func anAmountSetAsWordsIsReadBack() {
        var item = ShoppingItem(id: UUID(), name: "flour", amount: "1 1/2 cups", position: 0)
        #expect(item.amount == "1½ cups")
        #expect(item.quantity == Quantity(Fraction(3, 2) ?? .zero, .cup))
        item.amount = "a handful"
        #expect(item.quantity == nil)
        #expect(item.amount == "a handful")
        #expect(item.note == "a handful")
    }
}

extension Recipe {
    static func sample(id: Recipe.ID, title: String, ingredients: [Ingredient] = []) -> Recipe {
        Recipe(
            id: id, title: title, summary: "", author: Author(id: "a", name: "A"), category: .main, cookingMinutes: 10, calories: 100,
            servings: 4, isVegetarian: true, popularity: 0, publishedOn: "2025-01-01", ingredients: ingredients, steps: [])
    }
}
