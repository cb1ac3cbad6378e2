import Core
import Testing

@testable import App

/// Every ingredient of every bundled recipe reads as a cook writes it: fractions where cooks use
/// them, unit words and names that agree with the number, no "piece".
@Suite("Bundled ingredients in words")
struct IngredientWordingTests {
    static let ingredients = BundledRecipeClient.bundled().recipes.flatMap { recipe in
        recipe.ingredients.map { (recipe: recipe.title, ingredient: $0) }
    }

    /// Words whose one and many are the same, or whose one ends in "s".
    static let invariant: Set<String> = ["anise", "asparagus", "hummus", "couscous", "molasses"]

    /// The last word of what a counted line names: "egg" in "1 egg", "apple" in "½ apple, grated".
    static func headNoun(_ ingredient: Ingredient) -> String {
        let name = ingredient.text.split(separator: ",").first.map(String.init) ?? ingredient.text
        return name.split(separator: " ").last.map(String.init) ?? name
    }

    @Test func spoonsCupsAndCountedThingsAreInFractionsNotDecimals() {
        for (recipe, ingredient) in Self.ingredients
        where ingredient.unit != .gram && ingredient.unit != .kilogram
            && ingredient.unit != .milliliter && ingredient.unit != .liter
        {
            #expect(!ingredient.text.contains("."), "“\(recipe)”: \(ingredient.text)")
        }
    }

    @Test func unitWordsAgreeWithTheNumber() {
        let words: [(one: String, many: String)] = [
            ("cup", "cups"), ("clove", "cloves"), ("pinch", "pinches"), ("slice", "slices"), ("can", "cans"), ("bunch", "bunches"),
        ]
        for (recipe, ingredient) in Self.ingredients {
            guard let quantity = ingredient.quantity else { continue }
            let tokens = ingredient.text.split(separator: " ").map(String.init)
            #expect(!tokens.contains("piece"), "“\(recipe)”: \(ingredient.text)")
            for (one, many) in words {
                let wrong = quantity > 1 ? one : many
                #expect(tokens.dropFirst().first != wrong, "“\(recipe)”: \(ingredient.text)")
            }
        }
    }

    @Test func countedThingsAreOneOrMany() {
        for (recipe, ingredient) in Self.ingredients where ingredient.unit == .none || ingredient.unit == .piece {
            guard let quantity = ingredient.quantity else { continue }
            let noun = Self.headNoun(ingredient)
            guard !Self.invariant.contains(noun) else { continue }
            if quantity > 1 {
                #expect(noun.hasSuffix("s"), "“\(recipe)”: \(ingredient.text)")
            } else {
                #expect(!noun.hasSuffix("s"), "“\(recipe)”: \(ingredient.text)")
            }
        }
    }

    @Test func fractionsCountsAndLitresReadAsACookWritesThem() {
        let texts = Set(Self.ingredients.map(\.ingredient.text))
        #expect(texts.contains("½ apple, grated"))
        #expect(texts.contains("2 cloves garlic"))
        #expect(texts.contains("1 clove garlic"))
        #expect(texts.contains("½ tsp salt"))
        #expect(texts.contains("¼ red onion"))
        #expect(texts.contains("1.2 l vegetable stock"))
        #expect(texts.contains("1 can tuna"))
        #expect(texts.contains("2 cans chickpeas"))
        #expect(texts.contains("1 egg"))
        #expect(!texts.contains { $0.contains("0.5") || $0.contains("0.25") })
    }
}
