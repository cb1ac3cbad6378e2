/// A recipe as the whole app knows it. Plain data: formatting for display lives in
/// each feature's Translator, never here.
public struct Recipe: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Int

    public var id: ID
    public var title: String
    public var summary: String
    public var author: Author
    public var category: Category
    /// Total time from start to table, in minutes.
    public var cookingMinutes: Int
    /// Energy per serving, in kilocalories.
    public var calories: Int
    public var servings: Int
    public var isVegetarian: Bool
    /// How many people saved or cooked it; drives "popular" ordering.
    public var popularity: Int
    /// Publication day as `YYYY-MM-DD`; sorts correctly as text and drives "new".
    public var publishedOn: String
    public var ingredients: [Ingredient]
    public var steps: [String]

    public init(
        id: ID, title: String, summary: String, author: Author, category: Category,
        cookingMinutes: Int, calories: Int, servings: Int, isVegetarian: Bool,
        popularity: Int, publishedOn: String, ingredients: [Ingredient], steps: [String]
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.author = author
        self.category = category
        self.cookingMinutes = cookingMinutes
        self.calories = calories
        self.servings = servings
        self.isVegetarian = isVegetarian
        self.popularity = popularity
        self.publishedOn = publishedOn
        self.ingredients = ingredients
        self.steps = steps
    }
}

public struct Author: Identifiable, Hashable, Sendable, Codable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

public enum Category: String, CaseIterable, Hashable, Sendable, Codable {
    case breakfast, main, soup, salad, dessert, snack, drink, side

    /// The name a person reads, the same on every platform.
    public var displayName: String {
        switch self {
        case .breakfast: "Breakfast"
        case .main: "Main course"
        case .soup: "Soup"
        case .salad: "Salad"
        case .dessert: "Dessert"
        case .snack: "Snack"
        case .drink: "Drink"
        case .side: "Side dish"
        }
    }
}
