import Core
import CoreTesting
import Foundation
import HTTPTestServer
import TerminalRunner
import Testing
import WebAPI

@testable import App

/// The search table (`SearchFixtures`) on every backend the app searches: each query finds the
/// same recipes in the same order as the in-memory reference.
@Suite("Search: the same answers on every backend")
struct SearchBackendsTests {
    enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case bundled, stub, sqliteFullText, sqliteWithoutFullText, webAPI, savedCopies

        var testDescription: String { rawValue }
    }

    /// Runs every case of the table on `backend` and returns what each found, by query.
    static func found(on backend: Backend) async throws -> [String: [Recipe.ID]] {
        let recipes = SearchFixtures.recipes
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let search: @Sendable (String) async throws -> [Recipe.ID]
        switch backend {
        case .bundled:
            let client = BundledRecipeClient(recipes: recipes)
            search = {
                try await client.searchRecipes(.keyword($0), sort: SearchFixtures.sort, page: PageRequest(limit: 100)).recipes.map(\.id)
            }
        case .stub:
            let client = StubRecipeClient(recipes: recipes)
            search = {
                try await client.searchRecipes(.keyword($0), sort: SearchFixtures.sort, page: PageRequest(limit: 100)).recipes.map(\.id)
            }
        case .sqliteFullText, .sqliteWithoutFullText:
            let database = try SQLiteDatabase(path: directory.file("db.sqlite").path, fullTextSearch: backend == .sqliteFullText)
            #expect(database.usableIndex(.recipes) == (backend == .sqliteFullText ? .recipes : nil))
            let repository = SQLiteRepository<Recipe>(database: database)
            try await repository.save(recipes)
            search = { try await repository.findAll(.keyword($0), sort: SearchFixtures.sort).map(\.id) }
        case .webAPI:
            let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: recipes))
            defer { server.stop() }
            let client = liveClient(server.baseURL)
            return try await table { keyword in
                try await client.searchRecipes(.keyword(keyword), sort: SearchFixtures.sort, page: PageRequest(limit: 100)).recipes.map(
                    \.id)
            }
        case .savedCopies:
            let client = try await Self.offline(TestClock(), cacheIn: directory)
            search = { keyword in
                do {
                    let page = try await client.searchRecipes(.keyword(keyword), sort: SearchFixtures.sort, page: PageRequest(limit: 100))
                    #expect(page.savedCopy != nil)
                    return page.recipes.map(\.id)
                } catch let error as SavedCopyError {
                    // Offline, a search no saved recipe matches says there is no saved copy.
                    guard case .nothingSaved = error.cache else { throw error }
                    return []
                }
            }
        }
        return try await table(search)
    }

    /// The web API's client with its SQLite cache, once every recipe of the table was seen and
    /// `after` later the server is gone: searches run on the cache.
    static func offline(_ clock: TestClock, cacheIn directory: TemporaryDirectory, after: Duration = .zero) async throws
        -> CachingRecipeClient
    {
        let transport = InProcessTransport(handler: RecipeServerHandler.handler(recipes: SearchFixtures.recipes))
        let cache = SQLiteRepository<CachedRecipe>(database: try SQLiteDatabase(path: directory.file("cache.sqlite").path))
        let client = CachingRecipeClient(
            remote: HTTPRecipeClient(transport: transport, clock: clock), cache: cache, maxAge: .standard, clock: clock,
            events: Recorder(), notices: RunNotices())
        _ = try await client.searchRecipes(.all, sort: [], page: PageRequest(limit: 100))
        clock.advance(by: after)
        transport.goOffline()
        return client
    }

    static func table(_ search: @Sendable (String) async throws -> [Recipe.ID]) async throws -> [String: [Recipe.ID]] {
        var found: [String: [Recipe.ID]] = [:]
        for query in SearchFixtures.cases.map(\.query) { found[query] = try await search(query) }
        return found
    }

    @Test("every query of the table finds what it must", arguments: Backend.allCases)
    func theTable(_ backend: Backend) async throws {
        let found = try await Self.found(on: backend)
        for search in SearchFixtures.cases {
            #expect(found[search.query] == search.finds, "\(search)")
        }
    }

    @Test("a page of a search is what the whole answer holds there, with its total, on both SQLite searches", arguments: [true, false])
    func pages(fullTextSearch: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(path: directory.file("db.sqlite").path, fullTextSearch: fullTextSearch)
        let repository = SQLiteRepository<Recipe>(database: database, partition: "http://127.0.0.1:8080")
        try await repository.save(SearchFixtures.recipes)
        try await SQLiteRepository<Recipe>(database: database, partition: "another").save(SearchFixtures.recipes)

        for search in SearchFixtures.cases {
            let query = Query<Recipe>.keyword(search.query)
            for offset in [0, 2, 4, 6] {
                let page = try await repository.findPage(query, sort: SearchFixtures.sort, page: PageRequest(offset: offset, limit: 2))
                #expect(page.entities.map(\.id) == Array(search.finds.dropFirst(offset).prefix(2)), "\(search) from \(offset)")
                #expect(page.total == search.finds.count, "\(search)")
            }
        }
    }

    @Test("offline, a search's later pages and a page past the last come from the cache, dated")
    func savedCopiesPageByPage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock()
        let client = try await Self.offline(clock, cacheIn: directory, after: .seconds(7200))

        let second = try await client.searchRecipes(.keyword("cr"), sort: SearchFixtures.sort, page: PageRequest(offset: 2, limit: 2))
        let past = try await client.searchRecipes(.keyword("cr"), sort: SearchFixtures.sort, page: PageRequest(offset: 10, limit: 2))

        #expect(second.recipes.map(\.id) == [107, 103])
        #expect(second.total == 5)
        #expect(second.savedCopy?.savedAt == Fixtures.now)
        #expect(past.recipes.isEmpty)
        #expect(past.total == 5)
        #expect(
            past.savedCopy?.notice(now: clock.now, in: Fixtures.region)
                == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")
    }
}
