#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One row of the shopping list: how much of one ingredient to buy, and which recipes it is for.
/// Rows of the same ingredient add up (see `ShoppingItem.add(_:to:placingFrom:)`).
public struct ShoppingItem: Identifiable, Hashable, Sendable, Codable {
    public var id: UUID
    /// What to buy, as first written: "red onions", "milk".
    public var name: String
    public var isChecked: Bool
    /// Position on the list; items are shown in this order.
    public var position: Int
    /// How much each recipe needs, and how much was typed on the list (the part with no recipe):
    /// the row's quantity is their sum, and taking a recipe off takes its part away.
    public var parts: [Part]
    /// An amount that is not a quantity, as written ("2-3"); nothing is ever added to such a row.
    public var note: String

    /// What one recipe, or the person typing, put on a row.
    public struct Part: Hashable, Sendable, Codable {
        /// The recipe this part is for; nil for what was typed on the list.
        public var recipeID: Recipe.ID?
        /// The recipe's title when it was added, so the list can say what a row is for offline.
        public var recipeTitle: String
        /// Nil when there is no amount: "salt" to taste, "milk" typed alone.
        public var quantity: Quantity?

        public init(recipeID: Recipe.ID? = nil, recipeTitle: String = "", quantity: Quantity?) {
            self.recipeID = recipeID
            self.recipeTitle = recipeTitle
            self.quantity = quantity
        }

        /// The recipe as the list names it: its title, or "recipe 12" for a part added before
        /// titles were kept; nil for what was typed.
        public var recipeName: String? {
            recipeID.map { recipeTitle.isEmpty ? "recipe \($0)" : recipeTitle }
        }
    }

    /// - Parameter id: from the environment's `ids` (`environment.ids.next()`), never `UUID()`.
    public init(id: UUID, name: String, parts: [Part], note: String = "", isChecked: Bool = false, position: Int) {
        self.id = id
        self.name = name
        self.parts = parts
        self.note = note
        self.isChecked = isChecked
        self.position = position
    }

    /// A row of one part, its amount read from words as a cook writes them ("200 g", "2 cloves",
    /// "½"); an amount that is no quantity ("a handful") is kept as the row's note.
    /// - Parameter id: from the environment's `ids` (`environment.ids.next()`), never `UUID()`.
    public init(id: UUID, name: String, amount: String = "", isChecked: Bool = false, recipeID: Recipe.ID? = nil, position: Int) {
        self.init(id: id, name: name, parts: [Part(recipeID: recipeID, quantity: nil)], isChecked: isChecked, position: position)
        self.amount = amount
    }

    /// The row's total, in the unit a cook would write it in (400 g + 800 g is 1.2 kg); nil when
    /// it has no amount.
    public var quantity: Quantity? {
        Self.total(of: parts)?.inCooksUnit
    }

    /// How much, in words: "1.2 kg", "2 cloves", "½", "2-3"; empty with no amount. Setting it
    /// reads the words, as `init(id:name:amount:…)` does, into a single part.
    public var amount: String {
        get { note.isEmpty ? quantity?.text ?? "" : note }
        set {
            let text = newValue.trimmingWhitespace
            let quantity = Quantity(parsing: text)
            parts = [Part(recipeID: recipeID, recipeTitle: parts.first?.recipeTitle ?? "", quantity: quantity)]
            note = quantity == nil ? text : ""
        }
    }

    /// The first recipe it is for; nil when it was only typed.
    public var recipeID: Recipe.ID? {
        parts.lazy.compactMap(\.recipeID).first
    }

    /// The names of the recipes it is for (`Part.recipeName`), each once, in the order they were added.
    public var recipeTitles: [String] {
        var seen = Set<Recipe.ID>()
        return parts.compactMap { part in
            guard let id = part.recipeID, seen.insert(id).inserted else { return nil }
            return part.recipeName
        }
    }

    /// The name with its noun agreeing with how many are counted: "1 lemon", "2 lemons",
    /// "½ lemon"; as written for other units ("200 g cherry tomatoes").
    public var displayName: String {
        guard let quantity, case .counted(.none) = quantity.family else { return name }
        return IngredientName.name(name, forMany: quantity.amount > .one)
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
