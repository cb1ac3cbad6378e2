import Core
import CoreTesting
import Foundation
import Testing

@testable import App

/// The cache repository of seed 003 in front of a remote service.
@Suite("Caching recipe client")
struct CachingClientTests {
    @Test("a recipe is fetched once, then answered from the cache")
    func recipeFromCache() async throws {
        let recorder = Recorder()
        let cache = InMemoryRepository<Recipe>()
        let client = CachingRecipeClient(remote: StubRecipeClient(recorder: recorder), cache: cache)

        #expect(try await client.recipe(id: 1) == Fixtures.curryRice)
        #expect(try await client.recipe(id: 1) == Fixtures.curryRice)

        #expect(recorder.clientCalls == [.recipe(id: 1)])
        #expect(await cache.find(id: 1) == Fixtures.curryRice)
    }

    @Test("search results are stored, and served with the same query when the server fails")
    func searchFallsBackToCache() async throws {
        let cache = InMemoryRepository<Recipe>()
        let online = CachingRecipeClient(remote: StubRecipeClient(), cache: cache)
        let found = try await online.searchRecipes(.keyword("curry"), sort: [.descending(.popularity)], page: .first)

        let offline = CachingRecipeClient(remote: StubRecipeClient(behaviour: .failing), cache: cache)
        let cached = try await offline.searchRecipes(.keyword("curry"), sort: [.descending(.popularity)], page: .first)
        #expect(cached.recipes == found.recipes)
        #expect(try await offline.recipe(id: 1) == Fixtures.curryRice)
        // Only the curries were cached; Curry Rice is the most popular of them.
        #expect(try await offline.feed().popular.first == Fixtures.curryRice)
    }

    @Test("with nothing cached, the server's error comes through")
    func emptyCacheFails() async throws {
        let client = CachingRecipeClient(remote: StubRecipeClient(behaviour: .failing), cache: InMemoryRepository<Recipe>())
        await #expect(throws: StubServiceError.unreachable) { try await client.searchRecipes(.keyword("curry"), sort: [], page: .first) }
        await #expect(throws: StubServiceError.unreachable) { try await client.recipe(id: 1) }
        await #expect(throws: StubServiceError.unreachable) { try await client.feed() }
    }
}
