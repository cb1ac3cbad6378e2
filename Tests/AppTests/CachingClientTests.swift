import Core
import CoreTesting
import Foundation
import HTTPTestServer
import TerminalRunner
import Testing
import WebAPI

@testable import App

/// The caching Repository in front of the web API: the real `HTTPRecipeClient`
/// (requests, statuses, decoding) over an in-process server, a cache that can be made to fail,
/// and a clock the test moves.
@Suite("Caching recipe client")
struct CachingClientTests {
    let transport = InProcessTransport(handler: RecipeServerHandler.handler(recipes: Fixtures.recipes))
    let cache = FlakyRepository<CachedRecipe>()
    let clock = TestClock()
    let events = Recorder()
    let notices = RunNotices()

    func client(maxAge: TimeInterval = 3600) -> CachingRecipeClient {
        CachingRecipeClient(
            remote: HTTPRecipeClient(transport: transport, clock: clock), cache: cache, maxAge: CacheMaxAge(seconds: maxAge),
            clock: clock, events: events, notices: notices)
    }

    var paths: [String] { transport.requests.map(\.path) }
    var eventNames: [String] { events.events.map(\.name) }

    // MARK: One recipe: fresh from the cache, else from the server

    @Test("a recipe saved less than the maximum age ago is answered from the cache, without asking")
    func freshRecipeFromCache() async throws {
        let client = client()
        #expect(try await client.recipe(id: 1) == Fixtures.curryRice)
        clock.advance(by: .seconds(3599))

        let (recipe, savedCopy) = try await client.recipeWithSavedCopy(id: 1)

        #expect(recipe == Fixtures.curryRice)
        #expect(savedCopy == nil)
        #expect(paths == ["/recipes/1"])
        #expect(try await cache.find(id: 1) == CachedRecipe(recipe: Fixtures.curryRice, savedAt: Fixtures.now))
    }

    @Test("an expired recipe is asked for again and saved with the new date")
    func expiredRecipeIsRefreshed() async throws {
        let client = client()
        _ = try await client.recipe(id: 1)
        clock.advance(by: .seconds(3600))

        let (_, savedCopy) = try await client.recipeWithSavedCopy(id: 1)

        #expect(savedCopy == nil)
        #expect(paths == ["/recipes/1", "/recipes/1"])
        #expect(try await cache.find(id: 1)?.savedAt == Fixtures.now.addingTimeInterval(3600))
    }

    @Test("--cache-max-age 0 asks the server every time")
    func zeroMaxAgeAlwaysAsks() async throws {
        let client = client(maxAge: 0)
        _ = try await client.recipe(id: 1)
        _ = try await client.recipe(id: 1)
        #expect(paths == ["/recipes/1", "/recipes/1"])
    }

    @Test("a recipe dated in the future (the clock was set back) is not trusted to be fresh")
    func futureDateIsNotFresh() async throws {
        try await cache.save([CachedRecipe(recipe: Fixtures.curryRice, savedAt: Fixtures.now.addingTimeInterval(86400))])
        _ = try await client().recipe(id: 1)
        #expect(paths == ["/recipes/1"])
    }

    // MARK: Expired and offline: the saved copy, saying so

    @Test("expired and offline: the saved copy, with when it was saved and why it is shown")
    func expiredAndOfflineServesSavedCopy() async throws {
        let client = client()
        _ = try await client.recipe(id: 1)
        clock.advance(by: .seconds(2 * 3600))
        transport.goOffline()

        let (recipe, savedCopy) = try await client.recipeWithSavedCopy(id: 1)

        #expect(recipe == Fixtures.curryRice)
        #expect(savedCopy == RecipePage.SavedCopy(savedAt: Fixtures.now, reason: "offline"))
        #expect(savedCopy?.notice(now: clock.now, in: Fixtures.region) == "Saved copy from 2 hours ago; offline.")
        #expect(eventNames == ["recipe_cache_saved_copy_shown"])
        #expect(events.events.first?.payload["reason"] == "offline")
    }

    @Test("not saved and offline: the server's error, saying there is no saved copy; retry is offered")
    func offlineWithNothingSaved() async throws {
        transport.goOffline()
        let error = try await #require(throws: SavedCopyError.self) { try await client().recipe(id: 1) }

        let failure = ScreenFailure(error, whileTrying: "load recipe 1")
        #expect(
            failure.message
                == "Couldn't load recipe 1: the recipe server at http://in-process/recipes/1 cannot be reached (the connection was refused); there is no saved copy to show instead"
        )
        #expect(failure.canRetry)
        #expect(failure.recovery == "Check the connection and the --api-url, then retry.")
    }

    @Test("a recipe the server no longer has is removed from the cache, and not found is said")
    func goneRecipeLeavesTheCache() async throws {
        try await cache.save([CachedRecipe(recipe: Recipe.sample(id: 999), savedAt: Fixtures.now.addingTimeInterval(-7200))])

        let error = try await #require(throws: APIError.self) { try await client().recipe(id: 999) }

        #expect(error == .notFound(url: "http://in-process/recipes/999"))
        #expect(try await cache.find(id: 999) == nil)
    }

    @Test("cancelling is never answered with a saved copy")
    func cancellationIsNotHidden() async throws {
        try await cache.save([CachedRecipe(recipe: Fixtures.curryRice, savedAt: Fixtures.now.addingTimeInterval(-7200))])
        let client = client()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.recipe(id: 1)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    // MARK: Searches and the feed: always asked, saved, and answered from the cache offline

    @Test("a search offline runs the same query on the cache: only recipes seen before, oldest date, said partial")
    func searchFallsBackToCache() async throws {
        let client = client()
        let curries = try await client.searchRecipes(.keyword("curry"), sort: [.descending(.popularity)], page: .first)
        #expect(curries.savedCopy == nil)
        clock.advance(by: .seconds(600))
        _ = try await client.recipe(id: 4)  // Pancakes, saved later
        clock.advance(by: .seconds(3000))
        transport.goOffline()

        let offline = try await client.searchRecipes(.keyword("curry"), sort: [.descending(.popularity)], page: .first)

        #expect(offline.recipes == curries.recipes)
        #expect(offline.total == curries.recipes.count)
        #expect(offline.savedCopy == RecipePage.SavedCopy(savedAt: Fixtures.now, reason: "offline", isPartial: true))
        #expect(
            offline.savedCopy?.notice(now: clock.now, in: Fixtures.region)
                == "Saved copy from 1 hour ago; offline. Only recipes seen before are shown.")
        let feed = try await client.feed()
        #expect(feed.popular.first == Fixtures.recipes.sorted(by: [.descending(.popularity)]).first)
        #expect(feed.savedCopy?.isPartial == true)
    }

    @Test("a search always goes to the server, however fresh the cache")
    func searchesAreAlwaysAsked() async throws {
        let client = client()
        _ = try await client.searchRecipes(.keyword("curry"), sort: [], page: .first)
        _ = try await client.searchRecipes(.keyword("curry"), sort: [], page: .first)
        _ = try await client.feed()
        _ = try await client.feed()
        #expect(paths == ["/recipes", "/recipes", "/feed", "/feed"])
    }

    @Test("a page past the saved recipes is empty, and still says it is a saved copy")
    func pagePastTheSavedRecipes() async throws {
        let client = client()
        _ = try await client.searchRecipes(.keyword("curry"), sort: [], page: .first)
        transport.goOffline()
        let page = try await client.searchRecipes(.keyword("curry"), sort: [], page: PageRequest(offset: 20))
        #expect(page.recipes.isEmpty)
        #expect(!page.hasMore)
        #expect(page.savedCopy?.savedAt == Fixtures.now)
    }

    @Test("offline with nothing saved, searches and the feed say so")
    func emptyCacheOffline() async throws {
        transport.goOffline()
        let client = client()
        let search = try await #require(throws: SavedCopyError.self) {
            try await client.searchRecipes(.keyword("curry"), sort: [], page: .first)
        }
        #expect(search.localizedDescription.hasSuffix("; there is no saved copy to show instead"))
        await #expect(throws: SavedCopyError.self) { try await client.feed() }
    }

    @Test("a server answer of the wrong shape is answered with the saved copy, naming the field in the reason")
    func wrongShapeServesSavedCopy() async throws {
        let broken = InProcessTransport { _ in .text(#"{"popular": [{"id": "one"}], "new": []}"#, status: 200) }
        try await cache.save([CachedRecipe(recipe: Fixtures.curryRice, savedAt: Fixtures.now)])
        let client = CachingRecipeClient(
            remote: HTTPRecipeClient(transport: broken, clock: clock), cache: cache, maxAge: .standard, clock: clock, events: events,
            notices: notices)

        let feed = try await client.feed()

        #expect(feed.savedCopy?.reason == "the server's answer does not have the shape Cookbook reads (popular[0].id)")
    }

    // MARK: Cache failures: logged, and said where they change what the person sees

    @Test("a cache that cannot be read while the server answers: the server's answer, the failure logged")
    func unreadableCacheOnline() async throws {
        await cache.setFailing(reads: true, writes: false)
        let client = client()

        #expect(try await client.recipe(id: 1) == Fixtures.curryRice)
        #expect(eventNames == ["recipe_cache_read_failed"])
        #expect(events.events.first?.payload == ["operation": "recipe", "error": "the disk is full"])
        #expect(notices.warnings.isEmpty)
    }

    @Test("a cache that cannot be read while the server cannot answer: the error says both")
    func unreadableCacheOffline() async throws {
        let client = client()
        _ = try await client.searchRecipes(.keyword("curry"), sort: [], page: .first)
        await cache.setFailing(reads: true, writes: false)
        transport.goOffline()

        let error = try await #require(throws: SavedCopyError.self) {
            try await client.searchRecipes(.keyword("curry"), sort: [], page: .first)
        }
        #expect(
            error.localizedDescription
                == "the recipe server at http://in-process/recipes cannot be reached (the connection was refused); the saved copies cannot be read either (the disk is full)"
        )
        #expect(error.canRetry)
        #expect(eventNames == ["recipe_cache_read_failed"])
    }

    @Test("a cache that cannot be written: the server's answer is shown, the failure logged and said once")
    func unwritableCache() async throws {
        await cache.setFailing(reads: false, writes: true)
        let client = client()

        #expect(try await client.recipe(id: 1) == Fixtures.curryRice)
        #expect(try await client.recipe(id: 2).id == 2)

        #expect(eventNames == ["recipe_cache_write_failed", "recipe_cache_write_failed"])
        #expect(events.events.first?.payload == ["operation": "save", "error": "the disk is full"])
        #expect(
            notices.warnings == [
                "Recipes cannot be saved for offline use: the disk is full. What the server sends is shown, but it will not be there when the server cannot be reached."
            ])
    }

    // MARK: --cache-max-age

    @Test(
        "--cache-max-age reads seconds and durations",
        arguments: [("90", 90.0), ("90s", 90), ("30m", 1800), ("12h", 43200), ("7d", 604800), ("0", 0), ("1.5h", 5400)])
    func maxAgeParses(_ text: String, _ seconds: TimeInterval) throws {
        #expect(try CacheMaxAge.parse(text) == CacheMaxAge(seconds: seconds))
    }

    @Test("--cache-max-age refuses what is not a duration, in words", arguments: ["soon", "-1", "5w", "", "366d", "nan", "h"])
    func maxAgeRefuses(_ text: String) {
        #expect(
            throws: UsageError(
                "--cache-max-age needs a duration from 0 to 365d, such as 90s, 30m, 12h or 7d (a number alone is seconds), not “\(text)”")
        ) {
            try CacheMaxAge.parse(text)
        }
    }
}

extension Recipe {
    /// A recipe no fixture has, to stand for one the server has since removed.
    static func sample(id: Recipe.ID) -> Recipe {
        var recipe = Fixtures.curryRice
        recipe.id = id
        recipe.title = "Recipe \(id)"
        return recipe
    }
}
