import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The web API cache on SQLite: the `recipes` table (the recipe's queryable columns and its
/// JSON) with `savedAt`, in milliseconds since 1970, and the `server` it came from: each server's
/// copies are a part of the table of their own (`SQLiteRepository.partition`).
extension CachedRecipe: SQLiteRecord {
    static let table = Recipe.table
    static let rowName = Recipe.rowName
    static let primaryKey = Recipe.primaryKey
    static let partitionColumn = Recipe.partitionColumn
    static let columns = Recipe.columns + ["savedAt"]

    var columnValues: [SQLValue] {
        recipe.columnValues + [.integer(Int64((savedAt.timeIntervalSince1970 * 1000).rounded()))]
    }

    init(row: SQLRow) throws {
        self.init(recipe: try Recipe(row: row), savedAt: Date(timeIntervalSince1970: Double(try row.integer("savedAt")) / 1000))
    }

    static func value(ofID id: Recipe.ID) -> SQLValue { Recipe.value(ofID: id) }

    static let fullTextIndex: FullTextIndex? = Recipe.fullTextIndex
}
