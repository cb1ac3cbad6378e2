import Core
import CoreTesting
import Foundation
import Testing

@testable import App

/// The shopping list adds up in the SQLite store: the merge runs inside the store's write
/// transaction, so two programs adding at once both count, and rows saved before rows added up
/// are read and added to.
@Suite("SQLite shopping list adding up")
struct ShoppingListStoreTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var path: String { directory.file(LocalStore.fileName).path }

    /// Adds `line` as typed, as the shopping list's view model does.
    static func add(_ line: String, to repository: some Repository<ShoppingItem>, recipe: Recipe? = nil) async throws {
        var addition = ShoppingItem.Addition(id: UUID(), typed: IngredientLine(parsing: line))
        addition.recipeID = recipe?.id
        addition.recipeTitle = recipe?.title ?? ""
        try await repository.add([addition])
    }

    static func rows(_ repository: some Repository<ShoppingItem>) async throws -> [String] {
        try await repository.findAll(.all, sort: [.ascending(.position)]).map { "\($0.displayName) · \($0.amount)" }
    }

    @Test("eight writers on two connections (two programs on one file) adding the same ingredients at once: every amount counts")
    func concurrentAddsAddUp() async throws {
        let connections = [try SQLiteDatabase(path: path), try SQLiteDatabase(path: path)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                let repository = SQLiteRepository<ShoppingItem>(database: connections[writer % 2])
                group.addTask {
                    for _ in 0..<25 {
                        try await Self.add("½ lemon", to: repository)
                        try await Self.add("100 g rice", to: repository, recipe: Fixtures.curryRice)
                    }
                }
            }
            try await group.waitForAll()
        }
        let repository = SQLiteRepository<ShoppingItem>(database: connections[0])
        #expect(try await Self.rows(repository) == ["lemons · 100", "rice · 20 kg"])
        #expect(try await repository.findAll().map(\.recipeTitles) == [[], ["Curry Rice"]])
    }

    @Test("amounts are stored exactly: thirds added three times are one, after reopening")
    func exactAfterReopening() async throws {
        do {
            let repository = SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: path))
            for _ in 0..<3 { try await Self.add("⅓ cup sugar", to: repository) }
        }
        let reopened = SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: path))
        #expect(try await Self.rows(reopened) == ["sugar · 1 cup"])
        #expect(try await reopened.findAll().first?.quantity == Quantity(.one, .cup))
    }

    @Test("a row saved before rows added up is read from its amount text, and what is added adds to it")
    func rowsFromBeforeAddUp() async throws {
        let database = try SQLiteDatabase(path: path)
        // As migrated from version 3: no parts, no note.
        try await database.execute(
            "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText) VALUES (?, 'salt', '½ tsp', 0, 7, 0, 'salt')",
            [.text(UUID().uuidString)])
        try await database.execute(
            "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText) VALUES (?, 'basil', 'a handful', 0, 0, 1, 'basil')",
            [.text(UUID().uuidString)])
        let repository = SQLiteRepository<ShoppingItem>(database: database)
        try await Self.add("1 tsp salt", to: repository)
        try await Self.add("1 bunch basil", to: repository)
        #expect(try await Self.rows(repository) == ["salt · 1½ tsp", "basil · a handful", "basil · 1 bunch"])
        #expect(try await repository.findAll().first?.parts.map(\.recipeID) == [7, nil])
    }

    @Test("update leaves a row it cannot read as it is: not handed over, not deleted")
    func unreadableRowsSurviveUpdates() async throws {
        let database = try SQLiteDatabase(path: path)
        try await database.execute(
            "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText, parts) VALUES (?, 'x', '', 0, 0, 0, 'x', '{bad')",
            [.text(UUID().uuidString)])
        let repository = SQLiteRepository<ShoppingItem>(database: database)
        let seen = try await repository.update(.all, numbering: .position, doing: "emptying the list") { items, _ in
            defer { items.removeAll() }
            return items.count
        }
        #expect(seen == 0)
        #expect(try await database.query("SELECT count(*) AS n FROM shopping_items").first?.integer("n") == 1)
    }

    @Test("a read-only database refuses an update as read-only and changes nothing")
    func readOnlyUpdate() async throws {
        do {
            let repository = SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: path))
            try await Self.add("1 lemon", to: repository)
        }
        let readOnly = SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: path, access: .readOnly))
        await #expect(throws: StoreError.readOnly(path: path)) {
            try await Self.add("1 lemon", to: readOnly)
        }
        #expect(try await Self.rows(readOnly) == ["lemon · 1"])
    }
}
