import Core
import CoreTesting
import Foundation
import Testing

@testable import App

/// SQLite's full-text index over the stored words: it reads them as `TextFolding` wrote them,
/// finds what the plain words find, and stays in step when a SQLite without FTS5 writes.
@Suite("SQLite full-text index")
struct FullTextIndexTests {
    let directory: TemporaryDirectory
    var path: String { directory.file("db.sqlite").path }

    init() throws {
        directory = try TemporaryDirectory()
    }

    func database(fullTextSearch: Bool = true, access: SQLiteDatabase.Access = .readWrite) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: path, access: access, fullTextSearch: fullTextSearch)
    }

    func ids(_ keyword: String, in database: SQLiteDatabase) async throws -> [Recipe.ID] {
        try await SQLiteRepository<Recipe>(database: database).findAll(.keyword(keyword), sort: [.ascending(.id)]).map(\.id)
    }

    @Test("this machine's SQLite has FTS5, so the app searches the cache through it")
    func available() throws {
        #expect(FullTextIndex.isAvailable)
        #expect(try database().usableIndex(.recipes) == .recipes)
    }

    @Test("SQLite's tokenizer reads back exactly the words TextFolding makes, for every Unicode scalar")
    func tokenizerAgrees() async throws {
        var words: Set<String> = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let found = TextFolding.words(in: "a" + String(Character(scalar)) + "b")
            if found.count == 1 { words.insert(found[0]) }
        }
        let database = try database()
        try await database.execute("CREATE VIRTUAL TABLE probe USING fts5(words, tokenize=\"\(FullTextIndex.tokenizer)\")")
        try await database.execute("CREATE VIRTUAL TABLE probe_vocabulary USING fts5vocab(probe, 'row')")
        let all = Array(words)
        for start in stride(from: 0, to: all.count, by: 5_000) {
            let chunk = all[start..<min(start + 5_000, all.count)]
            try await database.execute("INSERT INTO probe(words) VALUES (?)", [.text(StoredWords.text(Array(chunk)))])
        }
        let read = Set(try await database.query("SELECT term FROM probe_vocabulary").compactMap { $0.values["term"]?.text })

        #expect(words.count > 100_000)
        #expect(read == words, "read differently: \(read.symmetricDifference(words).prefix(10))")
    }

    @Test("the index and the plain words find the same recipes, in the same order, for every prefix of every bundled word")
    func indexAndWordsAgree() async throws {
        let recipes = BundledRecipeClient.bundled().recipes
        let indexed = try database()
        let plain = try SQLiteDatabase(path: directory.file("plain.sqlite").path, fullTextSearch: false)
        try await SQLiteRepository<Recipe>(database: indexed).save(recipes)
        try await SQLiteRepository<Recipe>(database: plain).save(recipes)
        let words = recipes.map(SearchableWords.init)
        let vocabulary = Set(words.flatMap(\.all))
        let queries = Set(vocabulary.flatMap { word in [1, 3, word.count].map { String(word.prefix($0)) } }).sorted()
        let pairs = zip(queries, queries.dropFirst(7)).map { "\($0) \($1)" }

        #expect(queries.count > 500)
        for keyword in queries + pairs {
            let query = Query<Recipe>.keyword(keyword)
            let sort: [Sort<Recipe>] = [.descending(.popularity)]
            let expected = query.results(in: recipes, words: words, sortedBy: sort).map(\.id)
            #expect(try await SQLiteRepository<Recipe>(database: indexed).findAll(query, sort: sort).map(\.id) == expected, "\(keyword)")
            #expect(try await SQLiteRepository<Recipe>(database: plain).findAll(query, sort: sort).map(\.id) == expected, "\(keyword)")
        }
    }

    @Test("a SQLite without FTS5 drops the triggers and searches the words; the next with FTS5 rebuilds the index from the rows")
    func withoutFullTextSearch() async throws {
        let brulee = SearchFixtures.recipes[0]
        let cafe = SearchFixtures.recipes[1]
        do {
            let database = try database()
            try await SQLiteRepository<Recipe>(database: database).save([brulee])
        }
        do {
            let database = try database(fullTextSearch: false)
            #expect(database.usableIndex(.recipes) == nil)
            let triggers = try await database.query("SELECT name FROM sqlite_master WHERE type = 'trigger'")
            #expect(triggers.isEmpty)
            try await SQLiteRepository<Recipe>(database: database).save([cafe])
            try await SQLiteRepository<Recipe>(database: database).delete(ids: [brulee.id])
            #expect(try await ids("cafe", in: database) == [cafe.id])
            // Read-only with FTS5 but the index behind: the plain words are searched.
            let reader = try self.database(access: .readOnly)
            #expect(reader.usableIndex(.recipes) == nil)
            #expect(try await ids("cafe", in: reader) == [cafe.id])
        }
        let database = try database()

        #expect(database.usableIndex(.recipes) == .recipes)
        #expect(try await ids("cafe", in: database) == [cafe.id])
        #expect(try await ids("creme", in: database) == [])
        try await database.execute("INSERT INTO recipes_search(recipes_search) VALUES ('integrity-check')")
        #expect(try self.database(access: .readOnly).usableIndex(.recipes) == .recipes)
    }

    @Test("saving, replacing and deleting cached recipes keeps the index in step")
    func triggersKeepItInStep() async throws {
        let database = try database()
        let repository = SQLiteRepository<Recipe>(database: database)
        var brulee = SearchFixtures.recipes[0]
        try await repository.save(SearchFixtures.recipes)
        brulee.title = "Burnt Cream"
        try await repository.save([brulee])
        try await repository.delete(ids: [SearchFixtures.recipes[1].id])

        #expect(try await ids("burnt", in: database) == [brulee.id])
        #expect(try await ids("brulee", in: database) == [])
        #expect(try await ids("cafe", in: database) == [])
        try await database.execute("INSERT INTO recipes_search(recipes_search) VALUES ('integrity-check')")
    }

    @Test("a database of version 4: its stored words are folded, its titles' words stored, and old rows are found as new ones")
    func migrationToVersionFive() async throws {
        let brulee = SearchFixtures.recipes[0]
        let item = ShoppingItem(id: UUID(), name: "Crème fraîche", amount: "200 ml", position: 0)
        do {
            let fourth = try SQLiteDatabase(path: path, migrations: Migration.all.filter { $0.version <= 4 })
            #expect(fourth.usableIndex(.recipes) == nil)
            try await StoreTests.insertAsFirstVersionsDid(item, into: fourth)
            try await fourth.execute(
                """
                INSERT INTO recipes (server, id, title, category, cookingMinutes, calories, isVegetarian, popularity, publishedOn,
                    authorID, recipe, searchText, savedAt) VALUES ('', 101, ?, 'dessert', 30, 400, 1, 900, '2026-02-01', 'amelie-dubois', ?, ?, 0)
                """, [.text(brulee.title), .text(FavoriteRecipe.json(brulee)), .text(brulee.searchableText.lowercased())])
        }
        let database = try database()

        let stored = try await database.query("SELECT searchText, searchTitle FROM shopping_items").first?.values
        #expect(stored?["searchText"] == .text(" 200 creme fraiche ml"))
        #expect(stored?["searchTitle"] == .text(" creme fraiche"))
        #expect(try await ids("creme brulee", in: database) == [101])
        #expect(try await ids("BRÛLÉE", in: database) == [101])
        let items = try await SQLiteRepository<ShoppingItem>(database: database).findAll(.keyword("fraiche"), sort: [])
        #expect(items.map(\.id) == [item.id])
    }
}
