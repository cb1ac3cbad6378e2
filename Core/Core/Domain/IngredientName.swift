/// Ingredient names as a shopping list compares and a cook writes them. Two names are the same
/// ingredient when their `key`s are equal: "Red Onions" and "red onion", "Gruyère" and
/// "gruyere", "bay leaves" and "bay leaf", "grated apple" and "apple", "onions, chopped" and
/// "onion". Plurals are made singular by English's rules, with a table where they fail (leaves,
/// tomatoes, cookies); a name is inflected for a number at its head noun ("cherry tomatoes").
public enum IngredientName {
    /// What a name is compared by: lower case, letters without accents, hyphens as spaces, no
    /// invisible characters; without what follows a comma or a bracket ("onions, chopped"), the
    /// words that say how something bought is prepared ("grated", "melted", "chopped"), and plurals.
    public static func key(_ name: String) -> String {
        var words = folded(name).split(separator: " ").map(String.init)
        while words.count > 1, let first = words.first, preparations.contains(first) { words.removeFirst() }
        // Every word singular, not only the head: "edamame in pods" is "edamame in pod".
        return words.map { stem(singular($0)) }.joined(separator: " ")
    }

    /// A singular as keys compare it, the same for every singular English's rules cannot tell
    /// apart from its plural: "glaze" and "glazes" (read back as "glaz", as "boxes" is "box"),
    /// "mousse" and "mousses", "birdie" and "birdies" (read back as "birdy", as "berries" is
    /// "berry"). Without it, a row a list names in the plural would not meet the next entry of
    /// the same ingredient.
    static func stem(_ word: String) -> String {
        if word.hasSuffix("ie") { return String(word.dropLast(2)) + "y" }
        if word.hasSuffix("e"), ["ch", "sh", "x", "z", "ss"].contains(where: { word.dropLast().hasSuffix($0) }) {
            return String(word.dropLast())
        }
        return word
    }

    /// The name as a shopping list shows it: what is bought, without the words before it that
    /// say how it is prepared ("apple" for "grated apple"); otherwise as written.
    public static func toBuy(_ name: String) -> String {
        var words = name.split(whereSeparator: \.isWhitespace)
        while words.count > 1, let first = words.first, preparations.contains(folded(String(first))) { words.removeFirst() }
        let trimmed = words.joined(separator: " ")
        return trimmed.isEmpty ? name : trimmed
    }

    /// Water from the tap, warm or cold: never bought, so not added to a shopping list unless chosen.
    public static func isWater(_ name: String) -> Bool {
        let words = folded(name).split(separator: " ")
        return words.last == "water" && words.dropLast().allSatisfy { waterWords.contains(String($0)) }
    }

    /// The name for one or for many of it, with its head noun agreeing: "onion" for 1, "onions"
    /// for 2 or 1½; "bay leaf" and "bay leaves"; case kept ("Kalamata olives").
    public static func name(_ name: String, forMany many: Bool) -> String {
        var words = name.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // The noun is named before a comma or a bracket: "onions" in "onions, chopped".
        let clause = words.indices.first { words[$0].contains(",") || words[$0].contains(";") || words[$0].hasPrefix("(") }
        let named = words[..<(clause.map { words[$0].hasPrefix("(") ? $0 : $0 + 1 } ?? words.endIndex)]
        guard let head = headIndex(named.map { $0.lowercased() }) else { return name }
        let word = words[head]
        // The noun itself, without the punctuation that follows it ("onions," in "onions, chopped");
        // a word with digits or symbols in it ("zi8", "7up") is no noun to inflect.
        let noun = word.prefix { $0.isLetter || $0 == "'" || $0 == "-" }
        guard !noun.isEmpty, word.dropFirst(noun.count).allSatisfy({ ",;:.)".contains($0) }) else { return name }
        let one = singular(noun.lowercased())
        // A plural the rules would read back as another word ("kiwis" as the word "kiwis", like
        // "basis") is not written: the name for one is, so the row still meets its next entry.
        let inflected = many && key(plural(one)) == key(one) ? plural(one) : one
        words[head] = matchingCase(inflected, of: String(noun)) + word.dropFirst(noun.count)
        return words.joined(separator: " ")
    }

    /// The singular of one lower-case word: "onions" → "onion", "leaves" → "leaf", "berries" →
    /// "berry", "peaches" → "peach"; words that only look plural ("hummus", "molasses") as they are.
    static func singular(_ word: String) -> String {
        if let irregular = singulars[word] { return irregular }
        if word.count < 3 || invariant.contains(word) || ["ss", "us", "is"].contains(where: { word.hasSuffix($0) }) { return word }
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if ["ches", "shes", "xes", "zes", "sses"].contains(where: { word.hasSuffix($0) }) { return String(word.dropLast(2)) }
        if word.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }

    /// The plural of one lower-case singular word: "onion" → "onions", "leaf" → "leaves",
    /// "berry" → "berries", "peach" → "peaches", "tomato" → "tomatoes".
    static func plural(_ word: String) -> String {
        if let irregular = plurals[word] { return irregular }
        // A word that only looks plural ("hummus") stays; "glass" becomes "glasses" below.
        if invariant.contains(word) || word.hasSuffix("s") && !word.hasSuffix("ss") && singular(word) == word { return word }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) { return String(word.dropLast()) + "ies" }
        if ["ch", "sh", "x", "z", "ss"].contains(where: { word.hasSuffix($0) }) { return word + "es" }
        return word + "s"
    }

    /// Folded as search folds text (`TextFolding`: case, accents, width, invisible characters),
    /// hyphens and dashes as spaces, apostrophes dropped, one space between words, and nothing
    /// after a comma or an opening bracket.
    static func folded(_ name: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in TextFolding.folded(name) {
            if character == "," || character == "(" || character == ";" { break }
            if character == "'" || character == "’" { continue }
            if character.isWhitespace || character == "-" || character == "–" || character == "—" {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    /// Where the noun a name is about stands: its last word, or the last before "in", "for",
    /// "with" or "of" when it goes on ("edamame in pods", "oil for deep-frying").
    private static func headIndex(_ words: [String]) -> Int? {
        guard !words.isEmpty else { return nil }
        let end = words.dropFirst().firstIndex { ["in", "for", "with", "of"].contains($0) } ?? words.endIndex
        return end - 1
    }

    /// `word` in the case `model` is written in: "Onions" for "onions" after "Onion".
    private static func matchingCase(_ word: String, of model: String) -> String {
        if model.count > 1, model == model.uppercased() { return word.uppercased() }
        if let first = model.first, first.isUppercase { return word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }

    /// Words a cook writes before something bought to say how it is prepared or served; what is
    /// bought is the same ("melted butter" is butter). Words that change what is bought or how
    /// much ("cooked rice", "toasted sesame oil", "minced beef", "fresh pasta") are not here.
    static let preparations: Set<String> = [
        "grated", "chopped", "diced", "peeled", "halved", "quartered", "beaten", "melted", "softened", "juiced", "zested", "cold",
        "warm", "ripe", "canned", "tinned", "finely", "roughly", "freshly", "thinly", "coarsely",
    ]

    /// What may stand before "water" in water from the tap.
    private static let waterWords: Set<String> = ["warm", "cold", "hot", "boiling", "ice", "iced", "lukewarm", "tepid", "tap", "room"]

    /// Plural to singular where the rules fail; `plurals` is the same table read the other way.
    private static let singulars: [String: String] = [
        "leaves": "leaf", "loaves": "loaf", "halves": "half", "knives": "knife", "calves": "calf", "potatoes": "potato",
        "tomatoes": "tomato", "mangoes": "mango", "chilies": "chili", "chillies": "chilli", "cookies": "cookie",
        "brownies": "brownie", "smoothies": "smoothie", "veggies": "veggie", "quiches": "quiche", "brioches": "brioche",
        "ganaches": "ganache", "avocadoes": "avocado", "kiwis": "kiwi", "salamis": "salami", "chapatis": "chapati", "geese": "goose",
        "mice": "mouse", "teeth": "tooth",
    ]

    private static let plurals: [String: String] = Dictionary(
        singulars.map { ($0.value, $0.key) }, uniquingKeysWith: { first, second in first.count <= second.count ? first : second }
    ).merging(["avocado": "avocados"]) { _, explicit in explicit }

    /// Words whose one and many are the same, or whose one ends in "s".
    private static let invariant: Set<String> = [
        "fish", "salmon", "tuna", "cod", "squid", "shrimp", "sheep", "deer", "molasses", "anise", "asparagus", "hummus", "couscous",
        "swiss", "series", "species", "news", "grits", "oats", "edamame", "tofu", "rice", "garlic",
    ]
}
