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

        /// Whether cooks write this unit's quantities as fractions (½ tsp) rather than decimals (1.5 kg).
        var takesFractions: Bool {
            switch self {
            case .gram, .kilogram, .milliliter, .liter: false
            default: true
            }
        }

        /// The word for one or less: "cup", "tsp"; "piece" is never written.
        var singular: String {
            self == .piece ? "" : rawValue
        }

        /// The word for more than one: "cups", "cloves", "pinches"; abbreviations stay as they are, and
        /// "piece" is never written.
        var plural: String {
            switch self {
            case .cup: "cups"
            case .clove: "cloves"
            case .pinch: "pinches"
            case .slice: "slices"
            case .can: "cans"
            case .bunch: "bunches"
            case .piece, .none: ""
            case .gram, .kilogram, .milliliter, .liter, .teaspoon, .tablespoon: rawValue
            }
        }
    }
}

extension Ingredient {
    /// Quantity and unit as a cook writes them: "200 g", "2", "½ tsp", "1½ cups", "2 cloves",
    /// "1.2 l"; empty without a quantity. Spoons, cups and things counted take fractions (halves,
    /// thirds, quarters, eighths), metric units decimals; a unit word agrees with the number, and
    /// "piece" is left out ("½" of an apple).
    public var amountText: String {
        guard let quantity else { return "" }
        let number = Self.number(quantity, inFractions: unit.takesFractions)
        let word = quantity > 1 ? unit.plural : unit.singular
        return word.isEmpty ? number : "\(number) \(word)"
    }

    /// The whole line as a cook writes it: "200 g rice", "2 cloves garlic", "½ apple, grated",
    /// "1 can tuna", "salt (to taste)".
    public var text: String {
        guard quantity != nil else { return "\(name) (to taste)" }
        var name = name
        if unit == .can, name.hasPrefix("canned ") { name.removeFirst("canned ".count) }
        // A counted thing is named before how it is prepared: "½ apple, grated", not "½ grated apple".
        if unit == .none || unit == .piece, let space = name.firstIndex(of: " "),
            Self.preparations.contains(String(name[..<space]))
        {
            name = String(name[name.index(after: space)...]) + ", " + String(name[..<space])
        }
        return "\(amountText) \(name)"
    }

    /// Words saying how a counted thing is prepared, which a cook writes after it.
    static let preparations: Set<String> = [
        "grated", "chopped", "diced", "sliced", "minced", "crushed", "peeled", "halved", "quartered", "shredded", "beaten",
        "melted", "softened", "toasted", "cooked", "boiled", "mashed", "zested", "juiced",
    ]

    /// The fractions a cook writes, with how much each is.
    static let fractions: [(value: Double, glyph: String)] = [
        (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (3.0 / 8, "⅜"), (1.0 / 2, "½"), (5.0 / 8, "⅝"), (2.0 / 3, "⅔"),
        (3.0 / 4, "¾"), (7.0 / 8, "⅞"),
    ]

    /// "2", "½", "1½" (with fractions) or "0.5", "1.2" (without). A part that is no cook's fraction
    /// (0.3 tsp) stays a decimal; huge or non-finite values print as Double does.
    static func number(_ quantity: Double, inFractions: Bool) -> String {
        guard quantity.isFinite, abs(quantity) < 1e15 else { return String(quantity) }
        if quantity.rounded() == quantity { return String(Int(quantity)) }
        if inFractions, quantity > 0 {
            let whole = quantity.rounded(.down)
            if let fraction = fractions.first(where: { abs(quantity - whole - $0.value) < 0.01 }) {
                return (whole > 0 ? String(Int(whole)) : "") + fraction.glyph
            }
        }
        return String(quantity)
    }
}
