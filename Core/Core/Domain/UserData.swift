#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line on the shopping list.
public struct ShoppingItem: Identifiable, Hashable, Sendable, Codable {
    public var id: UUID
    public var name: String
    /// Free text such as "200 g"; empty when the user typed only a name.
    public var amount: String
    public var isChecked: Bool
    /// The recipe the item came from, if it was added from one.
    public var recipeID: Recipe.ID?
    /// Position on the list; items are shown in this order.
    public var position: Int

    /// - Parameter id: from the environment's `ids` (`environment.ids.next()`), never `UUID()`.
    public init(id: UUID, name: String, amount: String = "", isChecked: Bool = false, recipeID: Recipe.ID? = nil, position: Int) {
        self.id = id
        self.name = name
        self.amount = amount
        self.isChecked = isChecked
        self.recipeID = recipeID
        self.position = position
    }
}

/// A recipe the user saved. It keeps a copy of the recipe so favorites open offline.
public struct FavoriteRecipe: Identifiable, Hashable, Sendable, Codable {
    public var id: Recipe.ID { recipe.id }
    public var recipe: Recipe
    /// Seconds since 1970 when it was saved; newest first on the Favorites tab.
    public var savedAt: Double

    public init(recipe: Recipe, savedAt: Double) {
        self.recipe = recipe
        self.savedAt = savedAt
    }
}

/// A keyword the user searched for, remembered for the Search screen.
public struct RecentSearch: Identifiable, Hashable, Sendable, Codable {
    /// The keyword itself, lowercased: searching again moves it to the top instead of duplicating it.
    public var id: String { keyword }
    public var keyword: String
    public var searchedAt: Double

    public init(keyword: String, searchedAt: Double) {
        self.keyword = keyword.lowercased()
        self.searchedAt = searchedAt
    }
}

/// One saved kitchen preference: a filter item's key and its value as the item writes it. The
/// Kitchen preferences screen saves them and search starts with them.
public struct KitchenPreference: Identifiable, Hashable, Sendable, Codable, Queryable {
    public var id: String { key }
    /// The filter item's key, e.g. `vegetarian`.
    public var key: String
    /// The item's value as text (JSON); the item reads it back, or tells that it cannot.
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    public enum Field: String, QueryField {
        case key
    }

    public func value(of field: Field) -> QueryValue {
        switch field {
        case .key: .text(key)
        }
    }

    public var searchableTitle: String { key }

    public var searchableText: String { key }
}
