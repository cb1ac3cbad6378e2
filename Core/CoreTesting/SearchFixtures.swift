import Core

/// Recipes written as people write them (accents, ligatures, fullwidth letters, invisible
/// characters, scripts other than Latin), and what each query must find in them, in order: the
/// table every backend's search is held to (in memory, SQLite with and without its full-text
/// index, the web API and its saved copies, the bundled client, the stub service).
public enum SearchFixtures {
    /// One query and the recipes it must find, most relevant first; `[]` when it must find none.
    public struct Case: Sendable, CustomStringConvertible {
        public var query: String
        public var finds: [Recipe.ID]
        public var why: String

        public var description: String { "“\(query)”: \(why)" }
    }

    /// What a search is sorted by after relevance: the search screen's default.
    public static let sort: [Sort<Recipe>] = [.descending(.popularity)]

    public static let amelie = Author(id: "amelie-dubois", name: "Amélie Dubois")
    public static let sofia = Author(id: "sofia-hernandez", name: "Sofía Hernández")
    public static let minjun = Author(id: "min-jun-kim", name: "김민준")
    public static let linh = Author(id: "linh-nguyen", name: "Nguyễn Linh")

    static func recipe(
        _ id: Recipe.ID, _ title: String, _ summary: String, by author: Author, _ category: Category, popularity: Int,
        _ ingredients: [String]
    ) -> Recipe {
        Recipe(
            id: id, title: title, summary: summary, author: author, category: category, cookingMinutes: 30, calories: 400,
            servings: 4, isVegetarian: true, popularity: popularity, publishedOn: "2026-02-01",
            ingredients: ingredients.map { Ingredient(name: $0, quantity: 1, unit: .none) }, steps: ["Cook it."])
    }

    public static let recipes: [Recipe] = [
        recipe(
            101, "Crème Brûlée", "Vanilla custard under a crackling caramel crust.", by: amelie, .dessert, popularity: 900,
            ["heavy cream", "egg yolks", "caster sugar", "vanilla pod"]),
        recipe(
            102, "Café de Olla", "Mexican coffee brewed with piloncillo and a cinnamon stick.", by: sofia, .drink, popularity: 700,
            ["ground coffee", "piloncillo", "cinnamon stick"]),
        // A zero-width space inside a word, as text pasted from the web often carries.
        recipe(
            103, "Straw\u{200B}berry Short\u{00AD}cake", "Sponge, cream and berries.", by: amelie, .dessert, popularity: 650,
            ["strawberries", "double cream", "self-raising ﬂour"]),
        recipe(
            104, "ＴＯＦＵ Stir-Fry", "Crisp tofu and greens, fried fast.", by: minjun, .main, popularity: 500,
            ["firm tofu", "bok choy", "soy sauce"]),
        recipe(
            105, "Phở Bò", "Vietnamese beef noodle soup with star anise.", by: linh, .soup, popularity: 1200,
            ["rice noodles", "beef brisket", "star anise"]),
        recipe(
            106, "Salade Niçoise", "Tuna, eggs, olives and potatoes.", by: amelie, .salad, popularity: 300,
            ["tuna", "eggs", "black olives", "new potatoes"]),
        recipe(
            107, "Cream of Mushroom Soup", "Mushrooms simmered and blended smooth.", by: sofia, .soup, popularity: 100,
            ["mushrooms", "single cream", "thyme"]),
        recipe(
            108, "비빔밥 (Bibimbap)", "Rice bowl with vegetables and gochujang.", by: minjun, .main, popularity: 800,
            ["rice", "spinach", "gochujang", "egg"]),
        // Written decomposed (e + U+0301), as some keyboards and files do.
        recipe(
            109, "Cre\u{0300}me Frai\u{0302}che Dip", "Herbs stirred into cre\u{0300}me frai\u{0302}che.", by: sofia, .snack,
            popularity: 200, ["crème fraîche", "chives"]),
        recipe(
            110, "Linzer Torte", "Almond pastry with redcurrant jam, from the Straße of Linz.", by: amelie, .dessert, popularity: 400,
            ["ground almonds", "redcurrant jam", "butter"]),
    ]

    public static let cases: [Case] = [
        Case(query: "creme brulee", finds: [101], why: "accents ignored"),
        Case(query: "CRÈME BRÛLÉE", finds: [101], why: "case ignored"),
        Case(query: "brulee creme", finds: [101], why: "words in any order"),
        Case(query: "cre\u{0300}me bru\u{0302}le\u{0301}e", finds: [101], why: "a query typed decomposed"),
        Case(query: "ｃｒｅｍｅ", finds: [101, 109], why: "fullwidth letters"),
        Case(query: "creme", finds: [101, 109], why: "a decomposed title is found as a composed one"),
        Case(query: "cafe", finds: [102], why: "“Cafe” finds “Café”"),
        Case(query: "Café", finds: [102], why: "and the accent typed"),
        Case(query: "strawberry", finds: [103], why: "a title with a zero-width space, by the word it shows"),
        Case(query: "shortcake", finds: [103], why: "a soft hyphen inside a word"),
        Case(query: "tofu", finds: [104], why: "a fullwidth title"),
        Case(query: "stir fry", finds: [104], why: "a hyphen separates words"),
        Case(query: "pho bo", finds: [105], why: "stacked Vietnamese diacritics"),
        Case(query: "nicoise", finds: [106], why: "a cedilla"),
        Case(query: "flour", finds: [103], why: "the ligature ﬂ"),
        Case(query: "strasse", finds: [110], why: "ß folds to ss"),
        Case(query: "amelie", finds: [101, 103, 110, 106], why: "the author's name"),
        Case(query: "hernandez cafe", finds: [102], why: "author and title together"),
        Case(query: "nguyen", finds: [105], why: "a Vietnamese name without its marks"),
        Case(query: "비빔밥", finds: [108], why: "Hangul"),
        Case(query: "비비", finds: [108], why: "Hangul typed halfway through a syllable"),
        Case(query: "김민준", finds: [108, 104], why: "an author in Hangul"),
        Case(query: "dessert", finds: [101, 103, 110], why: "the category"),
        Case(query: "star anise", finds: [105], why: "summary and ingredients"),
        Case(query: "cream", finds: [107, 101, 103], why: "title matches first, then by popularity"),
        Case(query: "rice", finds: [105, 108], why: "no title has it: by popularity"),
        Case(query: "cr", finds: [101, 109, 107, 103, 104], why: "the first letters typed: title matches first"),
        Case(query: "cre", finds: [101, 109, 107, 103], why: "one more letter"),
        Case(query: "crem", finds: [101, 109], why: "“crem” begins “creme”, not “cream”"),
        Case(query: "creme b", finds: [101], why: "a second word begun"),
        Case(query: "  crème   brûlée  ", finds: [101], why: "extra spaces"),
        Case(query: "cremebrulee", finds: [], why: "words run together are another word"),
        Case(query: "rulee", finds: [], why: "the middle of a word is not its beginning"),
        Case(query: "creme tiramisu", finds: [], why: "every word must be found"),
        Case(query: "???", finds: [], why: "punctuation alone has nothing to find"),
        Case(query: "smorgasbord", finds: [], why: "nothing mentions it"),
    ]
}
