/// How much of an ingredient, exactly, in a unit: ½ tsp, 1.2 kg, 2 cloves, 3 (eggs). Amounts in
/// units of one family (g and kg; ml and l; tsp, tbsp and cup) add up and convert; amounts in
/// different families (grams and cups, cloves and whole heads) never do.
public struct Quantity: Hashable, Sendable, Codable {
    public var amount: Fraction
    public var unit: Ingredient.Unit

    public init(_ amount: Fraction, _ unit: Ingredient.Unit) {
        self.amount = amount
        self.unit = unit
    }

    /// What a unit measures. Amounts add up within a family only; "½ apple" (piece) and "2
    /// apples" (no unit) are both things counted.
    public enum Family: Hashable, Sendable {
        case mass, volume, spoons
        case counted(Ingredient.Unit)
    }

    public var family: Family { unit.family }

    /// The same amount in another unit of its family; nil in a unit of another family, or on overflow.
    public func converted(to other: Ingredient.Unit) -> Quantity? {
        guard other.family == unit.family, let ratio = Fraction(unit.size, other.size), let amount = amount.multiplied(by: ratio)
        else { return nil }
        return Quantity(amount, other)
    }

    /// The sum, in this quantity's unit; nil when the units are of different families, or on overflow.
    public func adding(_ other: Quantity) -> Quantity? {
        guard let other = other.converted(to: unit), let sum = amount.adding(other.amount) else { return nil }
        return Quantity(sum, unit)
    }

    /// The difference, in this quantity's unit (below zero if `other` is more); nil as for `adding`.
    public func subtracting(_ other: Quantity) -> Quantity? {
        guard let other = other.converted(to: unit), let difference = amount.subtracting(other.amount) else { return nil }
        return Quantity(difference, unit)
    }

    /// For more or fewer servings: ½ apple for 4 is ¼ apple for 2. Nil on overflow.
    public func scaled(by factor: Fraction) -> Quantity? {
        amount.multiplied(by: factor).map { Quantity($0, unit) }
    }

    /// The unit a cook would write this amount in, within its family: 1,200 g is 1.2 kg, 3 tsp is
    /// 1 tbsp, 8 tbsp is ½ cup, ½ tbsp is 1½ tsp, 0.5 kg is 500 g. The unit it has is kept when
    /// no other reads better: ⅓ cup stays ⅓ cup, 4 tsp stays 4 tsp (1⅓ tbsp is no cook's measure).
    public var inCooksUnit: Quantity {
        guard amount > .zero else { return self }
        let ladder = Ingredient.Unit.allCases.filter { $0.family == family && $0 != .piece }.sorted { $0.size < $1.size }
        // Up, to the largest unit that the amount fills and reads well in.
        for bigger in ladder.reversed() where bigger.size > unit.size {
            if let candidate = converted(to: bigger), candidate.amount >= bigger.switchedUpToFrom, candidate.readsWell {
                return candidate
            }
        }
        // Down, when the amount is too little of this unit, or reads badly in it.
        guard amount < unit.keptFrom || !readsWell else { return self }
        for smaller in ladder.reversed() where smaller.size < unit.size {
            if let candidate = converted(to: smaller), candidate.readsWell { return candidate }
        }
        return self
    }

    /// Whether a cook would write the amount in this unit as it is: kilograms and litres to two
    /// decimals, tablespoons in halves, cups in quarters and thirds; the smallest unit of a family always.
    var readsWell: Bool {
        switch unit {
        case .kilogram, .liter: (amount.multiplied(by: Fraction(100)))?.isWhole ?? false
        case .tablespoon: [1, 2].contains(amount.denominator)
        case .cup: [1, 2, 3, 4].contains(amount.denominator)
        default: true
        }
    }
}

extension Ingredient.Unit {
    var family: Quantity.Family {
        switch self {
        case .gram, .kilogram: .mass
        case .milliliter, .liter: .volume
        case .teaspoon, .tablespoon, .cup: .spoons
        case .none, .piece: .counted(.none)
        case .clove, .pinch, .slice, .can, .bunch: .counted(self)
        }
    }

    /// How many of its family's smallest unit one of this is: 1,000 g in a kg, 3 tsp in a tbsp, 48 in a cup.
    var size: Int {
        switch self {
        case .kilogram, .liter: 1000
        case .tablespoon: 3
        case .cup: 48
        default: 1
        }
    }

    /// The least amount of this unit a cook switches up to it for: 1,000 g is 1 kg and 3 tsp
    /// 1 tbsp, but 4 tbsp stay 4 tbsp and only 8 tbsp become ½ cup.
    var switchedUpToFrom: Fraction {
        self == .cup ? .exactly(1, 2) : .one
    }

    /// Below this much, a cook writes the amount in a smaller unit: half a kilogram is 500 g,
    /// half a tablespoon 1½ tsp, but a quarter cup stays a quarter cup.
    var keptFrom: Fraction {
        self == .cup ? .exactly(1, 4) : .one
    }
}
