import Core
import Foundation
import HTTPTestServer
import Testing

@testable import App

/// One query value, three backends: in memory (CoreTesting's and the bundled client's
/// evaluation), SQL on SQLite, URL query items to the web API. Same recipes, same order.
@Suite("One query, three backends")
struct ThreeBackendsTests {
    static let cases: [(name: String, query: Query<Recipe>, sort: [Sort<Recipe>])] = [
        ("keyword", .keyword("curry"), [.descending(.popularity)]),
        ("two words", .keyword("chicken rice"), [.ascending(.title)]),
        (
            "vegetarian dessert", Query.equal(.isVegetarian, .bool(true)).and(.equal(.category, .text("dessert"))),
            [.descending(.publishedOn)]
        ),
        (
            "quick and light", Query.atMost(.cookingMinutes, .integer(30)).and(.atMost(.calories, .integer(400))),
            [.ascending(.cookingMinutes), .descending(.popularity)]
        ),
        ("range", Query.atLeast(.cookingMinutes, .integer(30)).and(.atMost(.cookingMinutes, .integer(60))), [.descending(.calories)]),
        ("author", .equal(.authorID, .text("aiko-tanaka")), [.descending(.popularity)]),
        ("nothing matches", .keyword("zzzz"), []),
        ("everything", .all, [.ascending(.id)]),
    ]

    @Test("memory, SQLite and the web API return the same recipes", arguments: cases.indices)
    func sameRecipes(index: Int) async throws {
        let (_, query, sort) = Self.cases[index]
        let recipes = try BundledRecipeClient.bundled().recipes

        let inMemory = recipes.filter(query.matches).sorted(by: sort)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("three-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sqlite = SQLiteRepository<Recipe>(database: try SQLiteDatabase(path: directory.appendingPathComponent("db.sqlite").path))
        try await sqlite.save(recipes)
        let fromSQL = try await sqlite.findAll(query, sort: sort)

        let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: recipes))
        let fromHTTP = try await liveClient(server.baseURL).searchRecipes(
            query, sort: sort, page: PageRequest(offset: 0, limit: 500)
        ).recipes

        #expect(fromSQL.map(\.id) == inMemory.map(\.id))
        #expect(fromHTTP.map(\.id) == inMemory.map(\.id))
        if index < 6 { #expect(!inMemory.isEmpty, "the case should match something") }
    }

    @Test("the SQL is parameterised: a keyword cannot inject SQL")
    func injection() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inject-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sqlite = SQLiteRepository<Recipe>(database: try SQLiteDatabase(path: directory.appendingPathComponent("db.sqlite").path))
        try await sqlite.save(try BundledRecipeClient.bundled().recipes)
        #expect(try await sqlite.findAll(.keyword("'); DROP TABLE recipes; --")).isEmpty)
        #expect(try await sqlite.findAll().count >= 60)
    }
}
