import Core
import CoreTesting
import Foundation
import TerminalRunner
import Testing

@testable import App

/// The SQLite store: repositories, transactions, migrations, damage and fallback.
@Suite("SQLite store")
struct StoreTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var file: URL { directory.appendingPathComponent(LocalStore.fileName) }

    @Test("shopping items survive closing and reopening, in list order")
    func shoppingItemsPersist() async throws {
        let items = (0..<3).map {
            ShoppingItem(
                id: UUID(), name: "item \($0)", amount: "\($0) g", isChecked: $0 == 1, recipeID: $0 == 2 ? 7 : nil, position: 2 - $0)
        }
        do {
            let store = try LocalStore.open(in: directory)
            #expect(store.warnings.isEmpty)
            try await store.shoppingList.save(items)
        }
        let reopened = try LocalStore.open(in: directory)
        let loaded = try await reopened.shoppingList.findAll(.all, sort: [.ascending(.position)])
        #expect(loaded == items.reversed())
        #expect(try await reopened.shoppingList.find(id: items[1].id)?.isChecked == true)
    }

    @Test("save upserts, delete removes, unknown ids are ignored")
    func upsertAndDelete() async throws {
        let store = try LocalStore.open(in: directory)
        var item = ShoppingItem(id: UUID(), name: "milk", position: 0)
        try await store.shoppingList.save(item)
        item.isChecked = true
        try await store.shoppingList.save(item)
        #expect(try await store.shoppingList.findAll() == [item])
        try await store.shoppingList.delete(ids: [UUID(), item.id])
        #expect(try await store.shoppingList.findAll().isEmpty)
    }

    @Test("favorites keep the whole recipe; recent searches order by time")
    func favoritesAndRecents() async throws {
        let store = try LocalStore.open(in: directory)
        try await store.favorites.save([
            FavoriteRecipe(recipe: Fixtures.curryRice, savedAt: 10), FavoriteRecipe(recipe: Fixtures.pancakes, savedAt: 20),
        ])
        #expect(
            try await store.favorites.findAll(.all, sort: [.descending(.savedAt)]).map(\.recipe) == [Fixtures.pancakes, Fixtures.curryRice])
        try await store.recentSearches.save(RecentSearch(keyword: "Curry", searchedAt: 1))
        try await store.recentSearches.save(RecentSearch(keyword: "soup", searchedAt: 2))
        try await store.recentSearches.save(RecentSearch(keyword: "curry", searchedAt: 3))
        #expect(try await store.recentSearches.findAll(.all, sort: [.descending(.searchedAt)]).map(\.keyword) == ["curry", "soup"])
    }

    @Test(
        "text is stored whole, whatever it holds: a NUL, escape sequences, other controls, an empty string",
        arguments: ["milk\u{0}eggs", "\u{0}", "\u{1B}]52;c;cHduZWQ=\u{7}\u{9B}2J\u{202E}", "", "é日本🍛 e\u{301}"])
    func textIsStoredWhole(text: String) async throws {
        do {
            let store = try LocalStore.open(in: directory)
            try await store.shoppingList.save(ShoppingItem(id: UUID(), name: text, amount: text, position: 0))
            var recipe = Fixtures.curryRice
            recipe.title = text
            recipe.steps = [text]
            try await store.favorites.save(FavoriteRecipe(recipe: recipe, savedAt: 1))
            try await store.recentSearches.save(RecentSearch(keyword: text, searchedAt: 1))
        }
        let reopened = try LocalStore.open(in: directory)
        let item = try #require(try await reopened.shoppingList.findAll().first)
        #expect(item.name == text && item.amount == text)
        #expect(item.name.utf8.count == text.utf8.count)
        let favorite = try #require(try await reopened.favorites.findAll().first)
        #expect(favorite.recipe.title == text && favorite.recipe.steps == [text])
        #expect(try await reopened.recentSearches.find(id: text.lowercased())?.keyword == text.lowercased())
    }

    @Test("kitchen preferences survive reopening, one row per key")
    func kitchenPreferencesPersist() async throws {
        do {
            let store = try LocalStore.open(in: directory)
            try await store.kitchenPreferences.save([
                KitchenPreference(key: "vegetarian", value: "true"), KitchenPreference(key: "category", value: "\"soup\""),
            ])
            try await store.kitchenPreferences.save(KitchenPreference(key: "vegetarian", value: "false"))
        }
        let reopened = try LocalStore.open(in: directory)
        let saved = try await reopened.kitchenPreferences.findAll(.all, sort: [.ascending(.key)])
        #expect(saved == [KitchenPreference(key: "category", value: "\"soup\""), KitchenPreference(key: "vegetarian", value: "false")])
    }

    @Test("a database of the first version gains the kitchen preferences table and keeps its data")
    func migrationToVersionTwo() async throws {
        let item = ShoppingItem(id: UUID(), name: "milk", position: 0)
        do {
            let first = try SQLiteDatabase(path: file.path, migrations: Migration.all.filter { $0.version == 1 })
            try await Self.insertAsFirstVersionsDid(item, into: first)
        }

        let store = try LocalStore.open(in: directory)

        #expect(store.warnings.isEmpty)
        #expect(try await store.shoppingList.findAll() == [item])
        try await store.kitchenPreferences.save(KitchenPreference(key: "vegetarian", value: "true"))
        #expect(try await store.kitchenPreferences.find(id: "vegetarian")?.value == "true")
        #expect(Migration.latestVersion >= 2)
    }

    /// A shopping-list item as the first versions stored it: its text lowercased, no title words, its
    /// amount as text (no parts).
    static func insertAsFirstVersionsDid(_ item: ShoppingItem, into database: SQLiteDatabase) async throws {
        try await database.execute(
            "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .text(item.id.uuidString), .text(item.name), .text(item.amount), .integer(item.isChecked ? 1 : 0),
                .integer(Int64(item.recipeID ?? 0)), .integer(Int64(item.position)), .text(item.searchableText.lowercased()),
            ])
    }

    @Test("the cache's copies saved before it knew their server (versions 2 and 3) go; the person's data stays", arguments: [2, 3])
    func cachedCopiesWithoutAServerGo(version: Int) async throws {
        let item = ShoppingItem(id: UUID(), name: "milk", position: 0)
        do {
            let older = try SQLiteDatabase(path: file.path, migrations: Migration.all.filter { $0.version <= version })
            try await Self.insertAsFirstVersionsDid(item, into: older)
            let json = FavoriteRecipe.json(Fixtures.curryRice)
            try await older.execute(
                "INSERT INTO recipes (id, title, category, cookingMinutes, calories, isVegetarian, popularity, publishedOn, authorID, recipe, searchText) VALUES (1, 'Curry Rice', 'main', 45, 720, 0, 90, '2026-01-01', 'a', ?, 'curry rice')",
                [.text(json)])
        }

        let store = try LocalStore.open(in: directory)

        #expect(store.warnings.isEmpty)
        #expect(try await store.shoppingList.findAll() == [item])
        let server = try #require(URL(string: "http://127.0.0.1:8080"))
        #expect(try await store.recipeCache(forServerAt: server).findAll().isEmpty)
        let saved = CachedRecipe(recipe: Fixtures.curryRice, savedAt: Date(timeIntervalSince1970: 1_800_000_000.5))
        try await store.recipeCache(forServerAt: server).save([saved])
        #expect(try await store.recipeCache(forServerAt: server).find(id: 1) == saved)
        #expect(
            try await store.recipeCache(forServerAt: server).findAll(Query(.keyword("curry")), sort: [Sort(.descending(.popularity))]) == [
                saved
            ])
    }

    @Test("a database of version 5 gains the shopping list's parts: its rows are read from their amounts and add up")
    func migrationToVersionSix() async throws {
        let item = ShoppingItem(id: UUID(), name: "lemons", amount: "1½", recipeID: 7, position: 0)
        do {
            let fifth = try SQLiteDatabase(path: file.path, migrations: Migration.all.filter { $0.version <= 5 })
            try await Self.insertAsFirstVersionsDid(item, into: fifth)
        }

        let store = try LocalStore.open(in: directory)

        #expect(store.warnings.isEmpty)
        #expect(try await store.shoppingList.findAll() == [item])
        let addition = ShoppingItem.Addition(id: UUID(), typed: IngredientLine(parsing: "½ lemon"))
        try await store.shoppingList.add([addition])
        #expect(try await store.shoppingList.findAll().map(\.amount) == ["2"])
        #expect(try await store.shoppingList.findAll().first?.recipeID == 7)
    }

    @Test("a batch that fails half-way writes nothing")
    func transactionRollsBack() async throws {
        let database = try SQLiteDatabase(path: file.path)
        let repository = SQLiteRepository<ShoppingItem>(database: database)
        try await repository.save(ShoppingItem(id: UUID(), name: "kept", position: 0))
        let duplicate = UUID().uuidString
        await #expect(throws: StoreError.self) {
            try await database.executeInTransaction(
                "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText) VALUES (?, 'a', '', 0, 0, 1, 'a')",
                [
                    [.text(UUID().uuidString)],
                    [.text(duplicate)],
                    [.text(duplicate)],  // the same primary key again: this row fails
                ])
        }
        #expect(try await repository.findAll().map(\.name) == ["kept"])
    }

    @Test("eight connections opening a new file at the same moment (a thread each) all set it up and can write")
    func concurrentMigrations() async throws {
        let path = file.path
        let results = OpenedDatabases()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<8 {
            done.enter()
            Thread {
                start.wait()
                results.append(Result { () throws(StoreError) in try SQLiteDatabase(path: path) })
                done.leave()
            }.start()
        }
        for _ in 0..<8 { start.signal() }
        await withCheckedContinuation { finished in done.notify(queue: .global()) { finished.resume() } }

        for (number, result) in results.all.enumerated() {
            let database = try result.get()
            try await SQLiteRepository<ShoppingItem>(database: database).save(
                ShoppingItem(id: UUID(), name: "item \(number)", position: number))
        }
        let names = try await SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: path)).findAll().map(\.name)
        #expect(Set(names) == Set((0..<8).map { "item \($0)" }))
    }

    @Test("appends from two connections at once (two programs on one file): 200 distinct places, each writer's items in its order")
    func concurrentAppends() async throws {
        let connections = [try SQLiteDatabase(path: file.path), try SQLiteDatabase(path: file.path)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                let repository = SQLiteRepository<ShoppingItem>(database: connections[writer % 2])
                group.addTask {
                    for number in 0..<25 {
                        let item = ShoppingItem(id: UUID(), name: "w\(writer)-\(number)", position: -1)
                        let saved = try await repository.append([item], numbering: .position) { $0.position = $1 }
                        #expect(saved.first?.position ?? -1 >= 0)
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try await SQLiteRepository<ShoppingItem>(database: connections[0]).findAll(.all, sort: [.ascending(.position)])
        #expect(stored.map(\.position) == Array(0..<200))
        for writer in 0..<8 {
            #expect(stored.filter { $0.name.hasPrefix("w\(writer)-") }.map(\.name) == (0..<25).map { "w\(writer)-\($0)" })
        }
    }

    @Test("read-only access reads what the file holds, creates nothing beside it, and refuses every write as read-only")
    func readOnlyAccess() async throws {
        do {
            let database = try SQLiteDatabase(path: file.path)
            try await SQLiteRepository<ShoppingItem>(database: database).save(ShoppingItem(id: UUID(), name: "milk", position: 0))
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let database = try SQLiteDatabase(path: file.path, access: .readOnly)
        let shoppingList = SQLiteRepository<ShoppingItem>(database: database)
        #expect(try await shoppingList.findAll().map(\.name) == ["milk"])
        await #expect(throws: StoreError.readOnly(path: file.path)) {
            try await shoppingList.save(ShoppingItem(id: UUID(), name: "bread", position: 1))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before, "no -wal, no -shm")
    }

    @Test("a -shm and a -wal left read-only by an earlier reader get their owner's write permission back before a writer opens")
    func companionsMadeWritable() async throws {
        _ = try SQLiteDatabase(path: file.path)
        for suffix in ["-shm", "-wal"] {
            #expect(FileManager.default.createFile(atPath: file.path + suffix, contents: Data(), attributes: [.posixPermissions: 0o444]))
        }
        _ = try SQLiteDatabase(path: file.path)
        for suffix in ["-shm", "-wal"] where FileManager.default.fileExists(atPath: file.path + suffix) {
            let permissions = try FileManager.default.attributesOfItem(atPath: file.path + suffix)[.posixPermissions] as? NSNumber
            #expect(permissions.map { $0.intValue & 0o200 != 0 } == true, "\(suffix) is writable by its owner")
        }
    }

    @Test("rows this version cannot read are skipped and said once a table; the rest is shown and the bad rows stay in the file")
    func unreadableRowsAreSkipped() async throws {
        let notices = RunNotices()
        let store = try LocalStore.open(in: directory, notices: notices)
        let database = try #require(store.database)
        try await store.shoppingList.save([ShoppingItem(id: UUID(), name: "milk", position: 0)])
        try await store.favorites.save(FavoriteRecipe(recipe: Fixtures.curryRice, savedAt: 1))
        try await database.execute(
            "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText, searchTitle) VALUES ('not-a-uuid', 'bad id', '', 0, 0, 1, 'bad id', '')"
        )
        try await database.execute(
            "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText, searchTitle) VALUES (?, 'bad flag', '', 'yes', 0, 2, 'bad flag', '')",
            [.text(UUID().uuidString)])
        try await database.execute("INSERT INTO favorites VALUES (99, 'Broken', 1, '{not json', 'broken', '')")

        for _ in 1...2 {
            #expect(try await store.shoppingList.findAll(.all, sort: [.ascending(.position)]).map(\.name) == ["milk"])
            #expect(try await store.favorites.findAll().map(\.recipe.id) == [Fixtures.curryRice.id])
            #expect(try await store.favorites.find(id: 99) == nil)
        }
        #expect(notices.warnings.count == 2, "once a table, however often read: \(notices.warnings)")
        let shopping = try #require(notices.warnings.first)
        #expect(
            shopping.hasPrefix(
                "A stored shopping-list item in \(file.path) cannot be read (row 2 of “shopping_items”: a stored row has no valid “id”), so it is not shown; it stays in the file, untouched."
            ), "\(shopping)")
        #expect(notices.warnings.last?.contains("A stored favorite in \(file.path) cannot be read (row 99 of “favorites”") == true)
        #expect(store.warnings.isEmpty, "nothing is said about a new file: the file is the same")
        #expect(try await database.query("SELECT count(*) AS n FROM shopping_items").first?.integer("n") == 3, "kept in the file")
    }

    @Test("a stored recipe nested 100,000 deep is skipped and said in words, not a crash")
    func deeplyNestedRow() async throws {
        let notices = RunNotices()
        let store = try LocalStore.open(in: directory, notices: notices)
        let database = try #require(store.database)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try await database.execute("INSERT INTO favorites VALUES (99, 'Deep', 1, ?, 'deep', '')", [.text(deep)])

        #expect(try await store.favorites.findAll().isEmpty)
        #expect(
            notices.warnings.first?.contains(
                "(row 99 of “favorites”: a stored row has no valid “recipe” (it is nested deeper than 100 levels at line 1, column 101))")
                == true, "\(notices.warnings)")
    }

    @Test("“disk I/O error” with a full disk under it is a full disk; a named pipe as the database is refused before SQLite opens it")
    func fullDiskAndPipes() throws {
        // 10 is SQLITE_IOERR: what SQLite says when the disk fills while it sets a file up.
        #expect(
            StoreError(code: 10, message: "disk I/O error", path: "/d/cookbook.sqlite", systemErrno: ENOSPC)
                == .full(path: "/d/cookbook.sqlite"))
        #expect(
            StoreError(code: 10, message: "disk I/O error", path: "/d/cookbook.sqlite").inWords
                == "the database /d/cookbook.sqlite failed: disk I/O error")
        #expect(mkfifo(file.path, 0o644) == 0)
        #expect(throws: StoreError.notAFile(path: file.path, reason: "it is a named pipe (FIFO), not a regular file")) {
            _ = try SQLiteDatabase(path: file.path)
        }
    }

    @Test("the schema version is recorded and a newer file is refused")
    func futureSchema() async throws {
        do {
            let database = try SQLiteDatabase(path: file.path)
            #expect(try await database.query("PRAGMA user_version").first?.values.values.first == .integer(Int64(Migration.latestVersion)))
            try await database.execute("PRAGMA user_version = 99")
        }
        #expect(throws: StoreError.futureSchema(path: file.path, found: 99, supported: Migration.latestVersion)) {
            _ = try SQLiteDatabase(path: file.path)
        }
    }

    @Test("a database from the future is refused and left as it was: not moved, not changed, nothing beside it")
    func futureSchemaRefused() async throws {
        do {
            let database = try SQLiteDatabase(path: file.path)
            try await SQLiteRepository<ShoppingItem>(database: database).save(ShoppingItem(id: UUID(), name: "milk", position: 0))
            try await database.execute("PRAGMA user_version = 99")
        }
        let before = try Data(contentsOf: file)
        #expect(throws: RefusedDatabaseError(.futureSchema(path: file.path, found: 99, supported: Migration.latestVersion))) {
            _ = try LocalStore.open(in: directory)
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [LocalStore.fileName])
        let message = RefusedDatabaseError(.futureSchema(path: file.path, found: 99, supported: 1))
        #expect(
            message.localizedDescription
                == "The database \(file.path) was written by a newer Cookbook (schema 99; this version knows up to 1); Cookbook did not open it, so nothing in it has changed."
        )
        #expect(message.recoverySuggestion == "Update Cookbook, or start with --data-dir DIR to use another folder.")
    }

    @Test(
        "garbage bytes are set aside and a fresh database works",
        arguments: [
            Data("this is not a database at all".utf8),
            Data(repeating: 0xAB, count: 8192),
        ])
    func garbageRecovery(bytes: Data) async throws {
        try bytes.write(to: file)
        let store = try LocalStore.open(in: directory)
        let warning = try #require(store.warnings.first)
        #expect(warning.contains("damaged"))
        try await store.shoppingList.save(ShoppingItem(id: UUID(), name: "milk", position: 0))
        #expect(try await store.shoppingList.findAll().count == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasPrefix("cookbook.sqlite.damaged-") }
        #expect(try Data(contentsOf: directory.appendingPathComponent(try #require(kept))) == bytes)
    }

    @Test("a real database cut in half is set aside, kept byte for byte, and a fresh one works")
    func truncatedRecovery() async throws {
        do {
            let store = try LocalStore.open(in: directory)
            let items = (0..<400).map { ShoppingItem(id: UUID(), name: "item \($0) " + String(repeating: "x", count: 40), position: $0) }
            try await store.shoppingList.save(items)
            try await store.favorites.save(Fixtures.recipes.map { FavoriteRecipe(recipe: $0, savedAt: 1) })
        }
        // Closed: the last connection folded the WAL into the file.
        let whole = try Data(contentsOf: file)
        #expect(whole.count > 16 * 1024, "the database should span many pages")
        let half = whole.prefix(whole.count / 2)
        try half.write(to: file)

        let store = try LocalStore.open(in: directory)

        let warning = try #require(store.warnings.first)
        #expect(warning.contains("is damaged"), "\(warning)")
        #expect(warning.contains("kept, not deleted"))
        #expect(store.database != nil, "a fresh database, not memory")
        #expect(try await store.shoppingList.findAll().isEmpty)
        try await store.shoppingList.save(ShoppingItem(id: UUID(), name: "milk", position: 0))
        #expect(try await store.shoppingList.findAll().map(\.name) == ["milk"])
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first {
                $0.hasPrefix("cookbook.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
            })
        #expect(warning.contains(directory.appendingPathComponent(kept).path), "the warning says where the file went")
        #expect(try Data(contentsOf: directory.appendingPathComponent(kept)) == half)
    }

    @Test("damaged twice in the same second: both damaged files are kept")
    func damagedTwice() async throws {
        let first = Data("first damaged file".utf8)
        let second = Data("second damaged file".utf8)
        try first.write(to: file)
        _ = try LocalStore.open(in: directory)
        try FileManager.default.removeItem(at: file)
        try second.write(to: file)
        let store = try LocalStore.open(in: directory)

        #expect(store.warnings.first?.contains("kept, not deleted") == true)
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("cookbook.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        let contents = try Set(kept.map { try Data(contentsOf: directory.appendingPathComponent($0)) })
        #expect(contents == [first, second])
    }

    @Test("a data directory that is a file falls back to memory and says which path")
    func directoryIsAFile() async throws {
        let notADirectory = directory.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: notADirectory)
        let store = try LocalStore.open(in: notADirectory)
        #expect(store.database == nil)
        let warning = try #require(store.warnings.first)
        #expect(warning.contains(notADirectory.path))
        #expect(warning.contains("is a file, not a directory"))
        #expect(warning.contains("--data-dir"))
        try await store.shoppingList.save(ShoppingItem(id: UUID(), name: "milk", position: 0))
        #expect(try await store.shoppingList.findAll().count == 1)
    }
}

/// What the threads of `concurrentMigrations()` opened.
private final class OpenedDatabases: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<SQLiteDatabase, StoreError>] = []

    func append(_ result: Result<SQLiteDatabase, StoreError>) { lock.withLock { results.append(result) } }
    var all: [Result<SQLiteDatabase, StoreError>] { lock.withLock { results } }
}
