import Core
import CoreTesting
import Foundation
import Testing

@testable import App

/// The web API cache in the database, a part per server (`LocalStore.recipeCache(forServerAt:)`).
@Suite("the recipe cache, a part per server")
struct CachePerServerTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test("each server's copies are its own: not found, changed, removed or listed through another's cache")
    func cachePerServer() async throws {
        defer { directory.remove() }
        let store = try LocalStore.open(in: directory.url)
        let first = store.recipeCache(forServerAt: try #require(URL(string: "http://127.0.0.1:8080/api")))
        let sameServer = store.recipeCache(forServerAt: try #require(URL(string: "HTTP://127.0.0.1:8080/api/")))
        let others = try [
            "http://127.0.0.1:8081/api", "http://localhost:8080/api", "https://127.0.0.1:8080/api", "http://127.0.0.1:8080/v2",
        ]
        .map { store.recipeCache(forServerAt: try #require(URL(string: $0))) }
        var theirs = Fixtures.curryRice
        theirs.title = "Another server's curry"
        let saved = CachedRecipe(recipe: Fixtures.curryRice, savedAt: Date(timeIntervalSince1970: 1_800_000_000))
        try await first.save([saved])

        #expect(try await sameServer.find(id: 1) == saved)
        for other in others {
            #expect(try await other.find(id: 1) == nil)
            #expect(try await other.findAll().isEmpty)
            await #expect(throws: RepositoryError.removedElsewhere) { try await other.update(id: 1) { $0.recipe.title = "x" } }
            try await other.save([CachedRecipe(recipe: theirs, savedAt: saved.savedAt)])
            try await other.delete(id: 1)
        }
        #expect(try await first.findAll() == [saved], "untouched by what the others did")
    }

    @Test(
        "the key of a server: its scheme, host, port and path, written one way",
        arguments: [
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"), ("HTTP://LocalHost/", "http://localhost:80"),
            ("https://example.com/api/v1//", "https://example.com:443/api/v1"), ("http://[::1]:9000/x", "http://[::1]:9000/x"),
            ("https://example.com:8443/API", "https://example.com:8443/API"),
        ])
    func serverKey(address: String, key: String) throws {
        #expect(CachedRecipe.server(of: try #require(URL(string: address))) == key)
    }
}
