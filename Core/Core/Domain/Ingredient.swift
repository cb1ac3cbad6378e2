/// One line of a recipe's ingredient list: "200 g rice", "1 pinch salt", "2 eggs" (`text`).
public struct Ingredient: Hashable, Sendable, Codable {
    public var name: String
    /// Absent for "to taste" ingredients.
    public var quantity: Double?
    public var unit: Unit

    public init(name: String, quantity: Double?, unit: Unit) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
    }

    public enum Unit: String, CaseIterable, Hashable, Sendable, Codable {
        case gram = "g"
        case kilogram = "kg"
        case milliliter = "ml"
        case liter = "l"
        case teaspoon = "tsp"
        case tablespoon = "tbsp"
        case cup
        case piece, clove, pinch, slice, can, bunch
        /// Counted things with no unit word: "2 eggs".
        case none = ""
    }
}

extension Ingredient {
    /// The quantity, exact: 0.5 is ½ and 0.333 is ⅓ (see `Fraction(approximating:)`); nil to taste.
    public var exactQuantity: Quantity? {
        quantity.flatMap(Fraction.init(approximating:)).map { Quantity($0, unit) }
    }

    /// The quantity for `factor` times the servings the recipe is written for: as written for
    /// the recipe's own servings, in the unit a cook would write otherwise (½ tbsp is 1½ tsp).
    public func quantity(scaledBy factor: Fraction) -> Quantity? {
        guard let exact = exactQuantity, factor != .one else { return exactQuantity }
        return exact.scaled(by: factor)?.inCooksUnit ?? exact
    }

    /// Whether "Add ingredients to shopping list" adds it without being chosen: not water from
    /// the tap, and not what is added to taste.
    public var goesOnShoppingList: Bool {
        quantity != nil && !IngredientName.isWater(name)
    }

    /// Quantity and unit as a cook writes them: "200 g", "2", "½ tsp", "1½ cups", "2 cloves",
    /// "1.2 l"; empty without a quantity. See `Quantity.text`.
    public var amountText: String {
        guard let quantity else { return "" }
        // Beyond what any kitchen measures (see `Fraction(approximating:)`): the number as it came.
        return exactQuantity?.text
            ?? [String(quantity), quantity > 1 ? unit.plural : unit.singular].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The whole line as a cook writes it: "200 g rice", "2 cloves garlic", "½ apple, grated",
    /// "1 can tuna", "salt (to taste)".
    public var text: String {
        text(scaledBy: .one)
    }

    /// The line for `factor` times the servings: "¼ apple, grated" for half of "½ apple, grated",
    /// "1 egg" for half of "2 eggs"; a counted thing's name agrees with its new number.
    public func text(scaledBy factor: Fraction) -> String {
        guard quantity != nil else { return "\(name) (to taste)" }
        let scaled = quantity(scaledBy: factor)
        var name = name
        if unit == .can, name.hasPrefix("canned ") { name.removeFirst("canned ".count) }
        if factor != .one, let scaled, case .counted(.none) = scaled.family {
            name = IngredientName.name(name, forMany: scaled.amount > .one)
        }
        // A counted thing is named before how it is prepared: "½ apple, grated", not "½ grated apple".
        if unit == .none || unit == .piece, let space = name.firstIndex(of: " "),
            Self.preparations.contains(String(name[..<space]))
        {
            name = String(name[name.index(after: space)...]) + ", " + String(name[..<space])
        }
        return "\(scaled?.text ?? amountText) \(name)"
    }

    /// Words saying how a counted thing is prepared, which a cook writes after it.
    static let preparations: Set<String> = [
        "grated", "chopped", "diced", "sliced", "minced", "crushed", "peeled", "halved", "quartered", "shredded", "beaten",
        "melted", "softened", "toasted", "cooked", "boiled", "mashed", "zested", "juiced",
    ]
}
