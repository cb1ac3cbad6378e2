import Core
import TerminalRunner
import WebAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A caching Repository in front of the web API, with an expiry.
///
/// - A recipe saved less than `maxAge` ago is answered from the cache without asking the
///   server; an older one, or one not saved, is fetched (`remote.find`, the web API as a
///   `Repository`), saved and returned.
/// - Searches and the feed change, so they always go to the server, and what they bring is saved.
/// - When the server cannot answer, the saved copy is served, however old, and says so
///   (`RecipePage.SavedCopy`: since when and why); a search runs on the cache with the same
///   `Query`. With no saved copy the server's error comes through, saying there is none.
/// - A recipe the server no longer has is removed from the cache.
///
/// Cache failures are never swallowed: each is logged as an activity event
/// (`recipe_cache_read_failed`, `recipe_cache_write_failed`); one that changes what the person
/// sees is in the error on screen, and one that means recipes will not be there offline is said
/// once through `notices`. Serving a saved copy is logged too (`recipe_cache_saved_copy_shown`).
struct CachingRecipeClient: RecipeServiceClient {
    let remote: HTTPRecipeClient
    let cache: any Repository<CachedRecipe>
    /// How long a saved recipe is answered without asking the server (`--cache-max-age`).
    let maxAge: CacheMaxAge
    /// What "now" is, for expiry and for the date a recipe is saved with.
    let clock: any WallClock
    let events: any ActivityLogger
    let notices: RunNotices

    /// How many recipes each section of a feed put together from the cache shows.
    static let feedSectionSize = 8

    func recipe(id: Recipe.ID) async throws -> Recipe {
        try await recipeWithSavedCopy(id: id).recipe
    }

    func recipeWithSavedCopy(id: Recipe.ID) async throws -> (recipe: Recipe, savedCopy: RecipePage.SavedCopy?) {
        let saved = await read("recipe") { try await cache.find(id: id) }
        if case .success(let entry?) = saved, maxAge.isFresh(entry, now: clock.now) { return (entry.recipe, nil) }
        let recipe: Recipe?
        do {
            recipe = try await remote.find(id: id)
        } catch {
            let entry = try fallback(after: error, saved: saved.map { $0.map { [$0] } ?? [] }, isEmpty: \.isEmpty).first
            guard let entry else { throw SavedCopyError(serverError: error, cache: .nothingSaved) }
            return (entry.recipe, served(entry.savedAt, after: error, isPartial: false, operation: "recipe"))
        }
        guard let recipe else {
            // The server no longer has it: neither does the cache.
            if case .success(.some) = saved { await write("delete") { try await cache.delete(id: id) } }
            throw APIError.notFound(url: remote.address(ofRecipe: id))
        }
        await store([recipe])
        return (recipe, nil)
    }

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        do {
            let result = try await remote.searchRecipes(query, sort: sort, page: page)
            await store(result.recipes)
            return result
        } catch {
            // The same query runs on the cache: one query value, every backend.
            let saved = await read("search") { try await savedPage(Query(query), sort: sort.map(Sort.init), page: page) }
            let found = try fallback(after: error, saved: saved, isEmpty: { $0.total == 0 })
            return RecipePage(
                recipes: found.shown.map(\.recipe), total: found.total, page: page,
                savedCopy: served(found.oldest, after: error, isPartial: true, operation: "search"))
        }
    }

    func feed() async throws -> RecipeFeed {
        do {
            let feed = try await remote.feed()
            await store(feed.popular + feed.new)
            return feed
        } catch {
            let saved = await read("feed") { try await cache.findAll(.all, sort: []) }
            let entries = try fallback(after: error, saved: saved, isEmpty: \.isEmpty)
            let popular = Array(entries.sorted(by: [.descending(.popularity)]).prefix(Self.feedSectionSize))
            let new = Array(entries.sorted(by: [.descending(.publishedOn)]).prefix(Self.feedSectionSize))
            return RecipeFeed(
                popular: popular.map(\.recipe), new: new.map(\.recipe),
                savedCopy: served(oldest(popular + new), after: error, isPartial: true, operation: "feed"))
        }
    }

    // MARK: - Falling back, reading and writing

    /// The saved entries to show after the server failed with `error`; throws when there are
    /// none, or they cannot be read, or the task was cancelled (nothing is shown then).
    private func fallback<Saved>(after error: any Error, saved: Result<Saved, any Error>, isEmpty: (Saved) -> Bool) throws -> Saved {
        if error is CancellationError { throw error }
        switch saved {
        case .success(let entries) where !isEmpty(entries): return entries
        case .success: throw SavedCopyError(serverError: error, cache: .nothingSaved)
        case .failure(let readError): throw SavedCopyError(serverError: error, cache: .unreadable(readError))
        }
    }

    /// The saved-copy note for entries saved at `savedAt`, logged as shown.
    private func served(_ savedAt: Date, after error: any Error, isPartial: Bool, operation: String) -> RecipePage.SavedCopy {
        let reason = (error as? APIError)?.inBrief ?? "the server could not be asked"
        events.log(
            ActivityEvent(
                "recipe_cache_saved_copy_shown",
                payload: [
                    "operation": operation, "reason": reason, "saved_at": savedAt.formatted(.iso8601),
                    "error": error.inWords,
                ]))
        return RecipePage.SavedCopy(savedAt: savedAt, reason: reason, isPartial: isPartial)
    }

    /// One page of the saved entries a search matches, how many match in all, and when the
    /// oldest of those shown was saved (of all, for a page past the last). SQLite reads only the
    /// page (`PagingRepository`): decoding every match of a broad keyword was most of the time.
    private func savedPage(_ query: Query<CachedRecipe>, sort: [Sort<CachedRecipe>], page: PageRequest) async throws -> (
        shown: [CachedRecipe], total: Int, oldest: Date
    ) {
        if let paging = cache as? any PagingRepository<CachedRecipe> {
            let found = try await paging.findPage(query, sort: sort, page: page)
            if !found.entities.isEmpty || found.total == 0 { return (found.entities, found.total, oldest(found.entities)) }
        }
        let entries = try await cache.findAll(query, sort: sort)
        let shown = Array(entries.dropFirst(page.offset).prefix(page.limit))
        return (shown, entries.count, oldest(shown.isEmpty ? entries : shown))
    }

    private func oldest(_ entries: [CachedRecipe]) -> Date {
        entries.map(\.savedAt).min() ?? clock.now
    }

    /// Reads the cache; a failure is logged and handed back, for the caller to decide whether
    /// the person must hear of it (only when the server fails too).
    private func read<Value>(_ operation: String, _ body: () async throws -> Value) async -> Result<Value, any Error> {
        do {
            return .success(try await body())
        } catch {
            events.log(
                ActivityEvent("recipe_cache_read_failed", payload: ["operation": operation, "error": error.inWords]))
            return .failure(error)
        }
    }

    /// Saves what the server sent, dated now.
    private func store(_ recipes: [Recipe]) async {
        guard !recipes.isEmpty else { return }
        let now = clock.now
        await write("save") { try await cache.save(recipes.map { CachedRecipe(recipe: $0, savedAt: now) }) }
    }

    /// Writes to the cache; a failure is logged, and said once: what the server sent is shown,
    /// but it will not be there offline.
    private func write(_ operation: String, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            events.log(
                ActivityEvent("recipe_cache_write_failed", payload: ["operation": operation, "error": error.inWords]))
            notices.warn(
                "Recipes cannot be saved for offline use: \(error.inWords). What the server sends is shown, but it will not be there when the server cannot be reached."
            )
        }
    }
}

/// The server failed, and the cache had no saved copy to show instead (or could not be read):
/// the server's error, saying so. Retrying helps when it helps the server's error.
struct SavedCopyError: LocalizedError, RetryAwareError {
    enum Cache {
        case nothingSaved
        case unreadable(any Error)
    }

    let serverError: any Error
    let cache: Cache

    var errorDescription: String? {
        let server = serverError.inWords
        return switch cache {
        case .nothingSaved: "\(server); there is no saved copy to show instead"
        case .unreadable(let error): "\(server); the saved copies cannot be read either (\(error.inWords))"
        }
    }

    var recoverySuggestion: String? { (serverError as? any LocalizedError)?.recoverySuggestion }

    var canRetry: Bool { (serverError as? any RetryAwareError)?.canRetry ?? true }
}

/// How long a saved recipe is answered without asking the server: `--cache-max-age`, a number
/// of seconds or a duration such as `90s`, `30m`, `12h`, `7d`. Zero asks the server every time
/// (saved copies are then only for when it cannot be reached).
struct CacheMaxAge: Equatable, Sendable {
    var seconds: TimeInterval

    static let standard = CacheMaxAge(seconds: 3600)
    /// A year: longer is surely a mistake.
    static let longest: TimeInterval = 365 * 86400

    private static let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400]

    static func parse(_ text: String) throws(UsageError) -> CacheMaxAge {
        let trimmed = text.trimmingWhitespace.lowercased()
        let unit = trimmed.last.flatMap { units[$0] }
        let number = unit == nil ? trimmed : String(trimmed.dropLast())
        guard let count = Double(number), count.isFinite, count >= 0, count * (unit ?? 1) <= longest else {
            throw UsageError(
                "--cache-max-age needs a duration from 0 to 365d, such as 90s, 30m, 12h or 7d (a number alone is seconds), not “\(text)”")
        }
        return CacheMaxAge(seconds: count * (unit ?? 1))
    }

    /// Whether `entry` may be answered without asking the server. An entry dated in the future
    /// (the clock was set back) is not trusted.
    func isFresh(_ entry: CachedRecipe, now: Date) -> Bool {
        let age = now.timeIntervalSince(entry.savedAt)
        return age >= 0 && age < seconds
    }
}
