extension Quantity {
    /// As a cook writes it: "200 g", "2", "½ tsp", "1½ cups", "2 cloves", "1.2 l". Spoons, cups
    /// and things counted take fractions (halves, thirds, quarters, eighths), metric units
    /// decimals; a unit word agrees with the number, and "piece" is left out ("½" of an apple).
    /// An amount no cook's fraction writes (⅚ egg) is rounded to one that does, saying so: "about ¾".
    public var text: String {
        let number = Self.number(amount, in: unit)
        let word = amount > .one ? unit.plural : unit.singular
        return word.isEmpty ? number : "\(number) \(word)"
    }

    /// The fractions a cook writes, and the other vulgar fractions Unicode has (read, never written).
    static let glyphs: [(glyph: Character, value: Fraction, written: Bool)] = [
        ("½", .exactly(1, 2), true), ("⅓", .exactly(1, 3), true), ("⅔", .exactly(2, 3), true), ("¼", .exactly(1, 4), true),
        ("¾", .exactly(3, 4), true), ("⅛", .exactly(1, 8), true), ("⅜", .exactly(3, 8), true), ("⅝", .exactly(5, 8), true),
        ("⅞", .exactly(7, 8), true), ("⅕", .exactly(1, 5), false), ("⅖", .exactly(2, 5), false), ("⅗", .exactly(3, 5), false),
        ("⅘", .exactly(4, 5), false), ("⅙", .exactly(1, 6), false), ("⅚", .exactly(5, 6), false), ("⅐", .exactly(1, 7), false),
        ("⅑", .exactly(1, 9), false), ("⅒", .exactly(1, 10), false),
    ]

    /// "2", "½", "1½", "0.3" in units that take fractions; "1.2", "250", "2.5" in metric ones.
    static func number(_ amount: Fraction, in unit: Ingredient.Unit) -> String {
        if amount.isWhole { return String(amount.numerator) }
        guard unit.takesFractions, amount > .zero else {
            // Grams and millilitres from 10 up are whole; below, and kilograms and litres, to two decimals.
            let places = (unit == .gram || unit == .milliliter) && amount >= Fraction(10) ? 0 : 2
            return decimal(amount, places: places)
        }
        let whole = amount.wholePart
        let wholeText = whole > 0 ? String(whole) : ""
        if let glyph = glyphs.first(where: { $0.written && $0.value == amount.fractionalPart }) {
            return wholeText + String(glyph.glyph)
        }
        // A decimal a recipe gave (0.3 tsp) stays one; a fraction no cook writes is rounded to a
        // common one (no eighths but ⅛ itself: "about ⅞ egg" claims a precision it does not have).
        if let tenths = amount.multiplied(by: Fraction(10)), tenths.isWhole { return decimal(amount, places: 1) }
        let part = amount.fractionalPart.doubleValue
        let nearest = glyphs.filter { $0.written && ($0.value.denominator < 8 || $0.value.numerator == 1) }
            .min { abs($0.value.doubleValue - part) < abs($1.value.doubleValue - part) }
        if let nearest, abs(nearest.value.doubleValue - part) < min(part, 1 - part) {
            return "about " + wholeText + String(nearest.glyph)
        }
        return part < 0.5 ? (whole > 0 ? "about \(whole)" : "about ⅛") : "about \(whole + 1)"
    }

    /// Rounded to `places` decimals, with no trailing zeros: "1.2", "0.33", "250".
    static func decimal(_ amount: Fraction, places: Int) -> String {
        let scale = [1.0, 10, 100, 1000][min(max(places, 0), 3)]
        let rounded = (amount.doubleValue * scale).rounded() / scale
        guard abs(rounded) < 1e15 else { return String(rounded) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension Ingredient.Unit {
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
