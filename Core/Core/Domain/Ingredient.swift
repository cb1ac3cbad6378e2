/// One line of a recipe's ingredient list: "200 g rice", "1 pinch salt", "2 eggs".
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
    /// Quantity and unit as people write them ("200 g", "2", "0.5 tsp"); empty without a quantity.
    public var amountText: String {
        guard let quantity else { return "" }
        // Whole numbers print without ".0"; huge or non-finite values print as Double does.
        let isWhole = quantity.isFinite && abs(quantity) < 1e15 && quantity.rounded() == quantity
        let number = isWhole ? String(Int(quantity)) : String(quantity)
        return unit == .none ? number : "\(number) \(unit.rawValue)"
    }
}
