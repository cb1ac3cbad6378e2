import Core
import Foundation
import HTTPTestServer
import Testing
import WebAPI

@testable import App

/// One repository interface, three backends (the Repository pattern): `InMemoryRepository` (queries are a
/// filter), `SQLiteRepository` (queries become SQL) and the web API (`HTTPRecipeClient`:
/// queries become the query parameters of `GET /recipes`, against a real server on loopback).
/// Every test runs the same calls on each and expects what the in-memory reference gives.
@Suite("One repository, three backends")
struct ThreeBackendsTests {
    enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case memory, sqlite, webAPI

        var testDescription: String { rawValue }
    }

    /// A repository of `recipes` on a backend, and what keeps it alive until the test ends.
    struct Subject {
        let repository: any Repository<Recipe>
        /// The web API's server, so that it is not stopped while the test runs.
        var server: LoopbackHTTPServer?
        var directory: TemporaryDirectory?

        init(_ backend: Backend, recipes: [Recipe]) async throws {
            switch backend {
            case .memory:
                repository = InMemoryRepository(recipes)
            case .sqlite:
                let directory = try TemporaryDirectory()
                let sqlite = SQLiteRepository<Recipe>(database: try SQLiteDatabase(path: directory.file("db.sqlite").path))
                try await sqlite.save(recipes)
                repository = sqlite
                self.directory = directory
            case .webAPI:
                let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: recipes))
                repository = liveClient(server.baseURL)
                self.server = server
            }
        }

        func end() {
            server?.stop()
            directory?.remove()
        }
    }

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

    /// The bundled recipes four times over (other ids), so that the web API's `findAll` needs
    /// several pages of 100.
    static let recipes: [Recipe] = {
        let bundled = BundledRecipeClient.bundled().recipes
        return (0..<4).flatMap { copy in
            bundled.map { recipe in
                var recipe = recipe
                recipe.id += copy * 1000
                return recipe
            }
        }
    }()

    @Test("the same query and sort give the same recipes in the same order", arguments: Backend.allCases, cases.indices)
    func sameRecipes(_ backend: Backend, index: Int) async throws {
        let (_, query, sort) = Self.cases[index]
        let subject = try await Subject(backend, recipes: Self.recipes)
        defer { subject.end() }

        let found = try await subject.repository.findAll(query, sort: sort)

        let expected = query.results(in: Self.recipes, sortedBy: sort)
        #expect(found.map(\.id) == expected.map(\.id))
        if index < 6 { #expect(!expected.isEmpty, "the case should match something") }
    }

    @Test("the web API's findAll reads every page", arguments: [Backend.webAPI])
    func everyPage(_ backend: Backend) async throws {
        let subject = try await Subject(backend, recipes: Self.recipes)
        defer { subject.end() }

        #expect(try await subject.repository.findAll().count == Self.recipes.count)
        let offsets = subject.server?.receivedRequests.compactMap { request in
            request.queryItems.first { $0.name == "offset" }?.value
        }
        #expect(Self.recipes.count > 200)
        #expect(offsets == stride(from: 0, to: Self.recipes.count, by: 100).map(String.init))
        #expect(offsets?.prefix(3) == ["0", "100", "200"])
    }

    @Test("find by id: the recipe, or nil when there is none", arguments: Backend.allCases)
    func findByID(_ backend: Backend) async throws {
        let subject = try await Subject(backend, recipes: Self.recipes)
        defer { subject.end() }

        #expect(try await subject.repository.find(id: 1002)?.title == Self.recipes.first { $0.id == 1002 }?.title)
        #expect(try await subject.repository.find(id: 999_999) == nil)
    }

    @Test("saving inserts and replaces, deleting removes and ignores unknown ids", arguments: [Backend.memory, .sqlite])
    func writes(_ backend: Backend) async throws {
        let subject = try await Subject(backend, recipes: Array(Self.recipes.prefix(3)))
        defer { subject.end() }
        var renamed = Self.recipes[0]
        renamed.title = "Renamed"
        var added = Self.recipes[0]
        added.id = 77_777

        try await subject.repository.save([renamed, added])
        try await subject.repository.delete(ids: [Self.recipes[1].id, 123_456])

        let remaining = [Self.recipes[0].id, Self.recipes[2].id, 77_777].sorted()
        #expect(try await subject.repository.findAll(.all, sort: [.ascending(.id)]).map(\.id) == remaining)
        #expect(try await subject.repository.find(id: renamed.id)?.title == "Renamed")
    }

    @Test(
        "update changes the entity as stored now, and refuses one that is gone; delete with a query removes only what still matches",
        arguments: [Backend.memory, .sqlite])
    func updatesAndConditionalDeletes(_ backend: Backend) async throws {
        let subject = try await Subject(backend, recipes: Array(Self.recipes.prefix(3)))
        defer { subject.end() }
        let first = Self.recipes[0]
        var renamedElsewhere = first
        renamedElsewhere.title = "Renamed elsewhere"
        try await subject.repository.save(renamedElsewhere)

        let updated = try await subject.repository.update(id: first.id) { $0.calories = 1 }

        #expect(updated.title == "Renamed elsewhere", "the stored title, not the caller's")
        #expect(try await subject.repository.find(id: first.id)?.calories == 1)
        try await subject.repository.delete(id: first.id)
        await #expect(throws: RepositoryError.removedElsewhere) { try await subject.repository.update(id: first.id) { $0.calories = 2 } }
        #expect(try await subject.repository.find(id: first.id) == nil, "a change never brings back what was removed")

        let second = Self.recipes[1]
        let third = Self.recipes[2]
        let matching = Query<Recipe>.equal(.title, .text(third.title))
        let deleted = try await subject.repository.delete(ids: [second.id, third.id, 123_456], matching: matching)
        #expect(deleted == [third.id])
        #expect(try await subject.repository.findAll(.all, sort: [.ascending(.id)]).map(\.id) == [second.id])
    }

    @Test("the web API only publishes recipes: saving or deleting is refused in words, and nothing is sent")
    func webAPIRefusesWrites() async throws {
        let subject = try await Subject(.webAPI, recipes: Self.recipes)
        defer { subject.end() }
        let address = try #require(subject.server?.baseURL.appendingPathComponent("recipes").absoluteString)

        let saving = try await #require(throws: APIError.self) { try await subject.repository.save([Self.recipes[0]]) }
        let deleting = try await #require(throws: APIError.self) { try await subject.repository.delete(ids: [1]) }
        try await subject.repository.save([])

        #expect(saving == .readOnly(url: address, operation: "save"))
        #expect(deleting == .readOnly(url: address, operation: "delete"))
        #expect(saving.localizedDescription == "the recipe web API at \(address) cannot save recipes: it only publishes them")
        #expect(!saving.canRetry)
        #expect(subject.server?.receivedRequests.isEmpty == true)
    }

    @Test("the SQL is parameterised: a keyword cannot inject SQL")
    func injection() async throws {
        let subject = try await Subject(.sqlite, recipes: Self.recipes)
        defer { subject.end() }
        #expect(try await subject.repository.findAll(.keyword("'); DROP TABLE recipes; --")).isEmpty)
        #expect(try await subject.repository.findAll().count == Self.recipes.count)
    }
}
