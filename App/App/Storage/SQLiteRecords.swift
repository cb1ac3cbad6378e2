import Core
import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// How each entity is stored. Column names equal the entity's query field names.

private let encoder = JSONEncoder()

extension ShoppingItem: SQLiteRecord {
    static let table = "shopping_items"
    static let rowName = "shopping-list item"
    static let primaryKey = "id"
    /// `amount` and `recipeID` say the total and the first recipe in words, for a person reading
    /// the file; `parts` (JSON) and `note` are what is read back.
    static let columns = ["id", "name", "amount", "isChecked", "recipeID", "position", "parts", "note"]

    var columnValues: [SQLValue] {
        [
            .text(id.uuidString), .text(name), .text(amount), .integer(isChecked ? 1 : 0), .integer(Int64(recipeID ?? 0)),
            .integer(Int64(position)), .text((try? encoder.encode(parts)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"), .text(note),
        ]
    }

    init(row: SQLRow) throws {
        guard let id = UUID(uuidString: try row.text("id")) else { throw StoreError.malformedRow(column: "id") }
        let recipeID = try row.integer("recipeID")
        self.init(
            id: id, name: try row.text("name"), amount: try row.text("amount"), isChecked: try row.integer("isChecked") != 0,
            recipeID: recipeID == 0 ? nil : Int(recipeID), position: Int(try row.integer("position"))
        )
        // A row written before rows added up has no parts: its amount text is its one part.
        let parts = try row.text("parts")
        guard !parts.isEmpty else { return }
        do {
            self.parts = try JSONReader.decode([Part].self, from: Data(parts.utf8))
        } catch {
            throw StoreError.malformedRow(column: "parts", detail: error.description)
        }
        note = try row.text("note")
    }

    static func value(ofID id: UUID) -> SQLValue { .text(id.uuidString) }
}

extension FavoriteRecipe: SQLiteRecord {
    static let table = "favorites"
    static let rowName = "favorite"
    static let primaryKey = "recipeID"
    static let columns = ["recipeID", "title", "savedAt", "recipe"]

    var columnValues: [SQLValue] {
        [.integer(Int64(recipe.id)), .text(recipe.title), .integer(Int64(savedAt * 1000)), .text(Self.json(recipe))]
    }

    init(row: SQLRow) throws {
        self.init(recipe: try decodeRecipe(row), savedAt: Double(try row.integer("savedAt")) / 1000)
    }

    static func value(ofID id: Recipe.ID) -> SQLValue { .integer(Int64(id)) }

    static func json(_ recipe: Recipe) -> String {
        (try? encoder.encode(recipe)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension RecentSearch: SQLiteRecord {
    static let table = "recent_searches"
    static let rowName = "recent search"
    static let primaryKey = "keyword"
    static let columns = ["keyword", "searchedAt"]

    var columnValues: [SQLValue] { [.text(keyword), .integer(Int64(searchedAt * 1000))] }

    init(row: SQLRow) throws {
        self.init(keyword: try row.text("keyword"), searchedAt: Double(try row.integer("searchedAt")) / 1000)
    }

    static func value(ofID id: String) -> SQLValue { .text(id) }
}

extension KitchenPreference: SQLiteRecord {
    static let table = "kitchen_preferences"
    static let rowName = "kitchen preference"
    static let primaryKey = "key"
    static let columns = ["key", "value"]

    var columnValues: [SQLValue] { [.text(key), .text(value)] }

    init(row: SQLRow) throws {
        self.init(key: try row.text("key"), value: try row.text("value"))
    }

    static func value(ofID id: String) -> SQLValue { .text(id) }
}

extension Recipe: SQLiteRecord {
    static let table = "recipes"
    static let rowName = "cached recipe"
    static let primaryKey = "id"
    /// The address of the server the recipe came from (`CachedRecipe.server(of:)`).
    static let partitionColumn: String? = "server"
    static let columns = [
        "id", "title", "category", "cookingMinutes", "calories", "isVegetarian", "popularity", "publishedOn", "authorID", "recipe",
    ]

    var columnValues: [SQLValue] {
        [
            .integer(Int64(id)), .text(title), .text(category.rawValue), .integer(Int64(cookingMinutes)), .integer(Int64(calories)),
            .integer(isVegetarian ? 1 : 0), .integer(Int64(popularity)), .text(publishedOn), .text(author.id),
            .text(FavoriteRecipe.json(self)),
        ]
    }

    init(row: SQLRow) throws {
        self = try decodeRecipe(row)
    }

    static func value(ofID id: Recipe.ID) -> SQLValue { .integer(Int64(id)) }

    static let fullTextIndex: FullTextIndex? = .recipes
}

/// Recipes are stored whole as JSON next to their queryable columns.
private func decodeRecipe(_ row: SQLRow) throws -> Recipe {
    let text = try row.text("recipe")
    do {
        return try JSONReader.decode(Recipe.self, from: Data(text.utf8))
    } catch {
        throw StoreError.malformedRow(column: "recipe", detail: error.description)
    }
}
