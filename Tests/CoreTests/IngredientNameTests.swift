import Core
import Testing

/// Names a shopping list compares: the same ingredient however it is written, never two
/// ingredients as one; and lines read back into how much of what.
@Suite("Ingredient names and lines")
struct IngredientNameTests {
    @Test(
        "the same ingredient, however it is written",
        arguments: [
            ("onion", "Onions"), ("red onion", "red onions"), ("tomato", "tomatoes"), ("bay leaf", "bay leaves"),
            ("potato", "POTATOES"), ("berry", "berries"), ("anchovy", "anchovies"), ("peach", "peaches"), ("radish", "radishes"),
            ("glass noodle", "glass noodles"), ("lettuce", "lettuces"), ("cheese", "cheeses"), ("mango", "mangoes"),
            ("chili", "chilies"), ("cookie", "cookies"), ("pie", "pies"), ("Gruyère cheese", "gruyere cheese"),
            ("jalapeño", "Jalapeno"), ("crème fraîche", "creme fraiche"), ("apple", "grated apple"), ("butter", "melted butter"),
            ("butter", "softened butter"), ("onion", "onions, chopped"), ("salt", "salt (to taste)"), ("tuna", "canned tuna"),
            ("short-grain rice", "short grain rice"), ("bird's eye chilies", "birds eye chili"), ("egg", "beaten eggs"),
            ("spring onion", "spring  onions"), ("lemon", "le\u{200B}mon"), ("café", "cafe\u{301}"), ("milk", "ｍｉｌｋ"),
            ("edamame in pods", "edamame in pod"), ("lime leaf", "lime leaves"), ("hummus", "Hummus"), ("molasses", "molasses"),
            ("glaze", "glazes"), ("mousse", "mousses"), ("birdie", "birdies"), ("qozé", "qozés"), ("kiwi", "kiwis"),
        ])
    func sameIngredient(first: String, second: String) {
        #expect(IngredientName.key(first) == IngredientName.key(second), "“\(first)” and “\(second)”")
    }

    @Test(
        "different ingredients are never one",
        arguments: [
            ("rice", "cooked rice"), ("sesame oil", "toasted sesame oil"), ("pasta", "fresh pasta"), ("beef", "minced beef"),
            ("onion", "red onion"), ("tomato", "tomato paste"), ("lemon", "lemon juice"), ("water", "coconut water"),
            ("pepper", "peppercorns"), ("chili", "chili powder"), ("hummus", "hummu"), ("glass", "glas"), ("bass", "ba"),
            ("ground cumin", "cumin seeds"), ("red chili", "dried red chilies"),
        ])
    func differentIngredients(first: String, second: String) {
        #expect(IngredientName.key(first) != IngredientName.key(second), "“\(first)” and “\(second)”")
    }

    @Test(
        "a name agrees with how many",
        arguments: [
            ("onions", false, "onion"), ("onion", true, "onions"), ("bay leaf", true, "bay leaves"), ("tomatoes", false, "tomato"),
            ("Red Onion", true, "Red Onions"), ("berry", true, "berries"), ("peach", true, "peaches"), ("eggs", true, "eggs"),
            ("grated apple", false, "grated apple"), ("onions, chopped", false, "onion, chopped"), ("garlic", true, "garlic"),
            ("edamame in pods", true, "edamame in pods"), ("hummus", true, "hummus"), ("glass", true, "glasses"),
            ("boy", true, "boys"), ("LIME", true, "LIMES"), ("kiwi", true, "kiwis"), ("glaze", true, "glazes"), ("zi8", true, "zi8"),
            ("7up", true, "7up"), ("onions)", false, "onion)"),
        ])
    func inflection(name: String, many: Bool, expected: String) {
        #expect(IngredientName.name(name, forMany: many) == expected)
    }

    @Test("a name written for one or for many is the same ingredient as the name written, for every short word")
    func manyIsTheSameIngredient() {
        // Every word of one to four letters over the letters English's plural rules turn on.
        let letters = Array("aeiosyzxch")
        var words = letters.map { String($0) }
        var last = words
        for _ in 2...4 {
            last = last.flatMap { word in letters.map { word + String($0) } }
            words += last
        }
        var different: [String] = []
        for word in words {
            for many in [true, false] {
                let written = IngredientName.name(word, forMany: many)
                if IngredientName.key(written) != IngredientName.key(word) { different.append("\(word) → \(written)") }
            }
        }
        #expect(different.isEmpty, "\(different.count) of \(words.count), such as \(different.prefix(8))")
    }

    @Test func waterFromTheTapIsNotBought() {
        for name in ["water", "Warm water", "cold water", "ice water", "boiling water", "lukewarm water"] {
            #expect(IngredientName.isWater(name), "\(name)")
        }
        for name in ["coconut water", "sparkling water", "rose water", "watercress", "tonic water"] {
            #expect(!IngredientName.isWater(name), "\(name)")
        }
    }

    @Test(
        "lines read into how much of what",
        arguments: [
            ("2 onions", "2", Ingredient.Unit.none, "onions", ""), ("2 cloves garlic", "2", .clove, "garlic", ""),
            ("2 garlic cloves", "2", .clove, "garlic", ""), ("½ tsp salt", "1/2", .teaspoon, "salt", ""),
            ("500g flour", "500", .gram, "flour", ""), ("1 1/2 cups milk", "3/2", .cup, "milk", ""),
            ("a pinch of salt", "1", .pinch, "salt", ""), ("an onion", "1", .none, "onion", ""),
            ("half a lemon", "1/2", .none, "lemon", ""), ("two eggs", "2", .none, "eggs", ""), ("a dozen eggs", "12", .none, "eggs", ""),
            ("½ apple, grated", "1/2", .none, "apple, grated", ""), ("1.2 l vegetable stock", "6/5", .liter, "vegetable stock", ""),
            ("1 can tuna", "1", .can, "tuna", ""), ("salt (to taste)", nil, .none, "salt", ""),
            ("pepper to taste", nil, .none, "pepper", ""),
            ("milk", nil, .none, "milk", ""), ("2-3 onions", nil, .none, "onions", "2-3"),
            ("2–3 cloves garlic", nil, .none, "garlic", "2–3 cloves"), ("5-spice powder", nil, .none, "5-spice powder", ""),
            ("00 flour", nil, .none, "00 flour", ""), ("7up", nil, .none, "7up", ""), ("2", nil, .none, "2", ""),
            ("1/0 eggs", nil, .none, "1/0 eggs", ""), ("3 x 400 g tins", "3", .none, "x 400 g tins", ""),
            ("a", nil, .none, "a", ""), ("salt, to taste", nil, .none, "salt", ""),
        ] as [(String, String?, Ingredient.Unit, String, String)])
    func lines(text: String, amount: String?, unit: Ingredient.Unit, name: String, note: String) {
        let line = IngredientLine(parsing: text)
        #expect(line.quantity?.amount.description == amount, "\(text)")
        #expect(line.quantity.map(\.unit) ?? .none == unit, "\(text)")
        #expect(line.name == name, "\(text)")
        #expect(line.note == note, "\(text)")
    }

    @Test func aLongLineIsReadInLinearTime() {
        let clock = ContinuousClock()
        let line = String(repeating: "1/2 ", count: 200_000) + "onions"
        let elapsed = clock.measure { _ = IngredientLine(parsing: line) }
        #expect(elapsed < .seconds(60), "linear: seconds even under a sanitizer; quadratic would be hours (took \(elapsed))")
    }
}
