/// A line a cook writes, read back into how much of what: "2 cloves garlic", "½ tsp salt",
/// "1 1/2 cups milk", "500g flour", "a pinch of salt", "2 onions, chopped", "salt (to taste)",
/// "milk". What is not a quantity stays words: an amount it cannot read exactly ("2-3 onions",
/// "3x400 g") is kept as `note`, so the line is never added to another as if it were a number.
public struct IngredientLine: Hashable, Sendable {
    public var quantity: Quantity?
    /// An amount written as words this cannot add up, kept as written: "2-3" in "2-3 onions".
    public var note: String
    /// What it is: "garlic", "onions, chopped", "milk".
    public var name: String

    public init(quantity: Quantity?, note: String = "", name: String) {
        self.quantity = quantity
        self.note = note
        self.name = name
    }

    /// Reads `text` in linear time. An amount above a million of a unit, or a fraction of more
    /// than 10,000 parts, is no kitchen's: such a line is all name, as is one with no name after its amount.
    public init(parsing text: String) {
        var words = Self.words(text.trimmingWhitespace)
        let ending = words.suffix(2).map { $0.lowercased() }
        let toTaste = ending == ["to", "taste"] || ending == ["(to", "taste)"]
        if toTaste { words.removeLast(2) }
        if let first = words.first, Self.isRange(first) {
            // "2-3 onions", "2–3 cloves garlic": how many is the cook's to decide.
            let unitWords = words.dropFirst().prefix(1).filter { Self.unit(named: $0) != nil }
            self.init(
                quantity: nil, note: ([first] + unitWords).joined(separator: " "), name: Self.name(words.dropFirst(1 + unitWords.count)))
            return
        }
        guard !toTaste, let (quantity, rest) = Self.leadingQuantity(words[...]), !rest.isEmpty else {
            self.init(quantity: nil, name: Self.name(words[...]))
            return
        }
        var remainder = rest
        if remainder.first?.lowercased() == "of" { remainder = remainder.dropFirst() }
        var unit = quantity.unit
        // "2 garlic cloves" is 2 cloves of garlic, as "2 cloves garlic" is ("2 whole cloves" are a spice).
        if unit == .none,
            remainder.map({ $0.lowercased() }) == ["garlic", "cloves"] || remainder.map({ $0.lowercased() }) == ["garlic", "clove"]
        {
            unit = .clove
            remainder = remainder.dropLast()
        }
        self.init(quantity: Quantity(quantity.amount, unit), name: Self.name(remainder))
    }

    /// The quantity `words` start with, its unit if one follows, and the words after them.
    static func leadingQuantity(_ words: ArraySlice<String>) -> (Quantity, ArraySlice<String>)? {
        guard let (amount, rest) = amount(in: words), amount > .zero, amount <= largest, amount.denominator <= 10_000 else {
            return nil
        }
        guard let word = rest.first, let unit = unit(named: word) else { return (Quantity(amount, .none), rest) }
        return (Quantity(amount, unit), rest.dropFirst())
    }

    /// More than this of any unit is no kitchen's amount.
    static let largest = Fraction(1_000_000)

    /// The words, with a number glued to its unit ("500g", "1½tsp") split from it.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            if let split = word.firstIndex(where: { $0.isLetter }), split > word.startIndex,
                word[..<split].allSatisfy({ $0.isNumber || $0 == "." || $0 == "," || $0 == "/" }),
                unit(named: String(word[split...])) != nil
            {
                words += [String(word[..<split]), String(word[split...])]
            } else {
                words.append(String(word))
            }
        }
        return words
    }

    /// The words as a name, without the punctuation that ended a clause: "salt" in "salt, to taste".
    private static func name(_ words: ArraySlice<String>) -> String {
        var name = words.joined(separator: " ")
        while let last = name.last, [",", ";", ":"].contains(last) { name.removeLast() }
        return name
    }

    /// "2-3", "2–3", "1/2-1": a range, which no sum can use.
    private static func isRange(_ word: String) -> Bool {
        let parts = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
        return parts.count == 2 && parts.allSatisfy { number($0) != nil }
    }

    /// The amount the line starts with, and the words after it: "1 1/2", "1½", "½", "1.5", "1,5",
    /// "1,000", "a", "an", "two", "half a".
    private static func amount(in words: ArraySlice<String>) -> (Fraction, ArraySlice<String>)? {
        guard let first = words.first else { return nil }
        let lowered = first.lowercased()
        if lowered == "half", words.count > 1 {
            let rest = words.dropFirst()
            return (.exactly(1, 2), ["a", "an"].contains(rest.first?.lowercased()) ? rest.dropFirst() : rest)
        }
        if let counted = numberWords[lowered], words.count > 1 {
            // "a dozen eggs" is twelve.
            if counted == 1, words.dropFirst().first?.lowercased() == "dozen" { return (Fraction(12), words.dropFirst(2)) }
            return (Fraction(counted), words.dropFirst())
        }
        guard let whole = number(Substring(first)) else { return nil }
        // "1 1/2", "1 ½": a whole number, then a fraction below one.
        if whole.isWhole, let next = words.dropFirst().first, let part = number(Substring(next)), !part.isWhole, part < .one,
            let sum = whole.adding(part)
        {
            return (sum, words.dropFirst(2))
        }
        return (whole, words.dropFirst())
    }

    private static let numberWords: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "dozen": 12,
    ]

    /// One number as written: "2", "1.5", "1,5", "1,000", "3/4", "1⁄2", "½", "1½"; nil for anything else.
    static func number(_ text: Substring) -> Fraction? {
        guard !text.isEmpty, text.count <= 16 else { return nil }
        if let last = text.last, let glyph = Quantity.glyphs.first(where: { $0.glyph == last }) {
            let whole = text.dropLast()
            guard !whole.isEmpty else { return glyph.value }
            guard whole.allSatisfy(isDigit), let count = Int(whole) else { return nil }
            return Fraction(count).adding(glyph.value)
        }
        let slash = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "⁄" })
        if slash.count == 2 {
            guard slash.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }), let top = Int(slash[0]), let bottom = Int(slash[1])
            else { return nil }
            return Fraction(top, bottom)
        }
        guard text.allSatisfy({ isDigit($0) || $0 == "." || $0 == "," }), text.first.map(isDigit) == true, text.last.map(isDigit) == true
        else { return nil }
        let groups = text.split(separator: ",")
        var digits = String(text)
        if !text.contains("."), groups.count > 1, groups.dropFirst().allSatisfy({ $0.count == 3 }) {
            digits.removeAll { $0 == "," }  // 1,000 and 1,000,000: thousands
        } else if groups.count == 2, !text.contains(".") {
            digits = digits.replacing(",", with: ".")  // 1,5: a decimal comma
        } else if groups.count > 1 {
            return nil
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int(parts[0]) else { return nil }
        guard parts.count == 2 else { return Fraction(whole) }
        let decimals = parts[1]
        let scales = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
        guard decimals.count < scales.count, let tail = Int(decimals), let fraction = Fraction(tail, scales[decimals.count]) else {
            return nil
        }
        return Fraction(whole).adding(fraction)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// The unit a word names, in any case and number, with or without a full stop: "tbsp.",
    /// "Tablespoons", "g", "grams", "cloves", "tins". Nil for any other word.
    static func unit(named word: String) -> Ingredient.Unit? {
        var word = word.lowercased()
        if word.hasSuffix(".") { word.removeLast() }
        return unitWords[word]
    }

    private static let unitWords: [String: Ingredient.Unit] = {
        let names: [Ingredient.Unit: [String]] = [
            .gram: ["g", "gr", "gram", "grams", "gramme", "grammes"],
            .kilogram: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
            .milliliter: ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters"],
            .liter: ["l", "litre", "litres", "liter", "liters"],
            .teaspoon: ["tsp", "tsps", "teaspoon", "teaspoons"],
            .tablespoon: ["tbsp", "tbsps", "tbs", "tablespoon", "tablespoons"],
            .cup: ["cup", "cups"],
            .clove: ["clove", "cloves"],
            .pinch: ["pinch", "pinches"],
            .slice: ["slice", "slices"],
            .can: ["can", "cans", "tin", "tins"],
            .bunch: ["bunch", "bunches"],
            .piece: ["piece", "pieces"],
        ]
        return Dictionary(names.flatMap { unit, words in words.map { ($0, unit) } }, uniquingKeysWith: { first, _ in first })
    }()
}

extension Quantity {
    /// Reads an amount alone, as `text` writes it or a cook types it: "½ tsp", "1.2 kg", "2
    /// cloves", "3", "1 1/2 cups"; nil for anything else ("a handful", "2-3").
    public init?(parsing text: String) {
        guard let (quantity, rest) = IngredientLine.leadingQuantity(IngredientLine.words(text.trimmingWhitespace)[...]), rest.isEmpty
        else { return nil }
        self = quantity
    }
}
