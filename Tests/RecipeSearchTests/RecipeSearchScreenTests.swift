import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeSearch

@MainActor
@Suite("Recipe search screen")
struct RecipeSearchScreenTests {
    let environment = StubEnvironment()
    var recorder: Recorder { environment.recorder }

    func makeScreen(_ descriptor: Screens.RecipeSearch = Screens.RecipeSearch(), in environment: StubEnvironment? = nil) -> any Screen<
        RecipeSearchRow
    > {
        RecipeSearchFeature.makeScreen(descriptor, environment: environment ?? self.environment) as! any Screen<RecipeSearchRow>
    }

    // MARK: Appearing

    @Test func appearLogsThePageViewAndSearchesNothing() async {
        let screen = makeScreen()
        await screen.appear()

        #expect(recorder.pageViews == [PageView("recipe_search")])
        #expect(recorder.clientCalls.isEmpty)
        #expect(screen.content.title == "Search")
        #expect(screen.content.status == .ready)
        #expect(screen.content.queryText == "")
        #expect(screen.content.resultTitles.isEmpty)
        #expect(screen.content.section(titled: "Recent searches") == nil)
    }

    @Test func descriptorWithAQuerySearchesOnAppear() async throws {
        let screen = makeScreen(Screens.RecipeSearch(query: "soup"))
        await screen.appear()

        #expect(screen.content.queryText == "soup")
        #expect(screen.content.resultTitles == ["Miso Soup"])
        #expect(recorder.clientCalls == [.search(.keyword("soup"), sort: [.descending(.popularity)], page: .first)])
        #expect(recorder.events == [ActivityEvent("search", payload: ["keyword": "soup", "results": "1"])])
    }

    @Test func openedWithAQueryItSearchesBeforeWaitingOnASlowStore() async {
        let clock = TestClock()
        let slowStores = StubEnvironment(clock: clock).changing { $0.slowDownStores(by: .seconds(1)) }
        let screen = makeScreen(Screens.RecipeSearch(query: "soup"), in: slowStores)
        var searchingShownAt: [Date] = []
        screen.onChange = { [unowned screen] in
            if screen.content.plainText().contains("… Searching for “soup”…") { searchingShownAt.append(clock.now) }
        }

        await screen.appear()

        // Shown at once; the search itself starts once the kitchen preferences (what the filters
        // start at) are read from the slow store, a second later.
        #expect(searchingShownAt.first == Fixtures.now)
        #expect(screen.content.resultTitles == ["Miso Soup"])
    }

    @Test func appearingAgainDoesNotRepeatTheSearch() async {
        let screen = makeScreen(Screens.RecipeSearch(query: "soup"))
        await screen.appear()
        await screen.appear()

        #expect(recorder.clientCalls.count == 1)
        #expect(recorder.pageViews == [PageView("recipe_search"), PageView("recipe_search")])
        #expect(screen.content.resultTitles == ["Miso Soup"])
    }

    @Test func appearOffersRecentSearchesNewestFirst() async throws {
        try await environment.recentSearches.save([
            RecentSearch(keyword: "soup", searchedAt: 100),
            RecentSearch(keyword: "Brownies", searchedAt: 300),
            RecentSearch(keyword: "curry", searchedAt: 200),
        ])
        let screen = makeScreen()
        await screen.appear()

        let recent = try #require(screen.content.section(titled: "Recent searches"))
        #expect(recent.rows.map(\.label) == ["brownies", "curry", "soup"])
        #expect(recent.rows.map(\.id) == [.recent("brownies"), .recent("curry"), .recent("soup")])
    }

    @Test func recentSearchesAreLimitedToFive() async throws {
        try await environment.recentSearches.save((1...7).map { RecentSearch(keyword: "word\($0)", searchedAt: Double($0)) })
        let screen = makeScreen()
        await screen.appear()

        let recent = try #require(screen.content.section(titled: "Recent searches"))
        #expect(recent.rows.map(\.label) == ["word7", "word6", "word5", "word4", "word3"])
    }

    // MARK: Searching

    @Test func searchingCurryShowsMatchesByPopularity() async throws {
        let screen = makeScreen()
        await screen.appear()
        await search(screen, for: "curry")

        #expect(screen.content.resultTitles == ["Curry Rice", "Vegetable Curry", "Thai Green Curry"])
        #expect(screen.content.resultRowIDs == [.recipe(1), .recipe(2), .recipe(6)])
        #expect(screen.content.section(titled: "Results for “curry” (3)") != nil)
        #expect(screen.content.status == .ready)
        #expect(screen.content.row(id: .loadMore) == nil)
    }

    @Test func searchingLogsTheKeywordAndResultCount() async {
        let screen = makeScreen()
        await screen.appear()
        await search(screen, for: "curry")

        #expect(recorder.events == [ActivityEvent("search", payload: ["keyword": "curry", "results": "3"])])
    }

    @Test func searchingCallsTheClientOnceWithAKeywordQuerySortedByPopularity() async {
        let screen = makeScreen()
        await screen.appear()
        await search(screen, for: "curry")

        #expect(
            recorder.clientCalls == [
                .search(.keyword("curry"), sort: [.descending(.popularity)], page: PageRequest(offset: 0, limit: 20))
            ])
    }

    @Test func surroundingSpacesAreIgnored() async {
        let screen = makeScreen()
        await search(screen, for: "  curry  ")

        #expect(screen.content.resultTitles == ["Curry Rice", "Vegetable Curry", "Thai Green Curry"])
        #expect(recorder.clientCalls == [.search(.keyword("curry"), sort: [.descending(.popularity)], page: .first)])
        #expect(recorder.events == [ActivityEvent("search", payload: ["keyword": "curry", "results": "3"])])
    }

    @Test func searchingRemembersTheKeyword() async throws {
        let screen = makeScreen()
        await screen.appear()
        await search(screen, for: "Curry")

        let stored = try await environment.recentSearches.findAll()
        #expect(stored.map(\.keyword) == ["curry"])
    }

    @Test func clearingTheFieldShowsRecentSearches() async throws {
        let screen = makeScreen()
        await screen.appear()
        await search(screen, for: "curry")
        #expect(screen.content.section(titled: "Recent searches") == nil)

        await search(screen, for: "")

        #expect(screen.content.resultTitles.isEmpty)
        let recent = try #require(screen.content.section(titled: "Recent searches"))
        #expect(recent.rows.map(\.label) == ["curry"])
        #expect(screen.content.plainText().contains("## Recent searches\n [1] curry\n"))
        // A blank search asks the service nothing.
        #expect(recorder.clientCalls.count == 1)
    }

    @Test func activatingARecentSearchSearchesForIt() async throws {
        try await environment.recentSearches.save(RecentSearch(keyword: "soup", searchedAt: 1))
        let screen = makeScreen()
        await screen.appear()

        let navigation = await screen.handle(.activate(row: .recent("soup")))

        #expect(navigation == nil)
        #expect(screen.content.queryText == "soup")
        #expect(screen.content.resultTitles == ["Miso Soup"])
        #expect(recorder.clientCalls == [.search(.keyword("soup"), sort: [.descending(.popularity)], page: .first)])
    }

    @Test func theScreenShowsLoadingWhileSearching() async {
        let screen = makeScreen()
        await screen.appear()
        screen.edit(.query, text: "curry")
        var shown: [String] = []
        screen.onChange = { [unowned screen] in shown.append(screen.content.plainText()) }

        _ = await screen.handle(.submit(row: .query, text: "curry"))

        #expect(shown.contains { $0.contains("… Searching for “curry”…") })
        #expect(!screen.content.plainText().contains("Searching"))
    }

    // MARK: Opening a result

    @Test func activatingAResultOpensItsDetails() async throws {
        let screen = makeScreen()
        await screen.appear()
        await search(screen, for: "curry")

        let navigation = await screen.handle(.activate(row: .recipe(1)))

        #expect(navigation?.descriptor as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: 1))
        #expect(recorder.events.last == ActivityEvent("open_recipe", payload: ["recipe_id": "1", "source": "search"]))
    }

    // MARK: Empty and failed

    @Test func noMatchesSaysSoAndNamesTheKeyword() async throws {
        let environment = StubEnvironment(scenario: .empty)
        let screen = makeScreen(in: environment)
        await screen.appear()
        await search(screen, for: "curry")

        guard case .empty(let message) = screen.content.status else {
            Issue.record("expected an empty status, got \(screen.content.status)")
            return
        }
        #expect(message.contains("“curry”"))
        #expect(screen.content.resultTitles.isEmpty)
        #expect(screen.content.plainText().contains("(empty) No recipes match “curry”."))
        #expect(environment.recorder.events == [ActivityEvent("search", payload: ["keyword": "curry", "results": "0"])])
    }

    @Test func aFailingServiceShowsARetryableFailure() async throws {
        let environment = StubEnvironment(scenario: .failure)
        let screen = makeScreen(in: environment)
        await screen.appear()
        await search(screen, for: "curry")

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.canRetry)
        #expect(failure.message == "Couldn't search for “curry”: The recipe service could not be reached.")
        #expect(failure.recovery == StubServiceError.unreachable.recoverySuggestion)
        #expect(screen.content.plainText().contains("  (retry to try again)"))
        #expect(screen.content.resultTitles.isEmpty)
        // Nothing succeeded, so nothing is logged as a search or remembered (the failure
        // scenario's stores fail too).
        #expect(environment.recorder.events.isEmpty)
        await #expect(throws: StubStoreError.unavailable) { try await environment.recentSearches.findAll() }
    }

    @Test func retryAfterTheServiceRecoversShowsResults() async {
        let flaky = ScriptedClient(failingCalls: [1], base: StubRecipeClient(recorder: recorder))
        let screen = makeScreen(in: environment.overriding(\.client, with: flaky))
        await screen.appear()
        await search(screen, for: "curry")
        guard case .failed = screen.content.status else {
            Issue.record("expected the first search to fail, got \(screen.content.status)")
            return
        }

        let navigation = await screen.handle(.retry)

        #expect(navigation == nil)
        #expect(screen.content.status == .ready)
        #expect(screen.content.resultTitles == ["Curry Rice", "Vegetable Curry", "Thai Green Curry"])
        #expect(recorder.events == [ActivityEvent("search", payload: ["keyword": "curry", "results": "3"])])
    }

    @Test func aWorkingClientOverrideServesAFreshScreen() async {
        let failing = StubEnvironment(scenario: .failure)
        let working = failing.overriding(\.client, with: StubRecipeClient(recorder: failing.recorder))

        let failed = makeScreen(Screens.RecipeSearch(query: "curry"), in: failing)
        await failed.appear()
        let fresh = makeScreen(Screens.RecipeSearch(query: "curry"), in: working)
        await fresh.appear()

        #expect(fresh.content.resultTitles == ["Curry Rice", "Vegetable Curry", "Thai Green Curry"])
        // The override is a copy: the original environment still fails.
        guard case .failed = failed.content.status else {
            Issue.record("expected the original environment to keep failing, got \(failed.content.status)")
            return
        }
    }

    @Test func aRecentSearchStoreThatFailsDoesNotBlockSearching() async throws {
        let environment = environment.overriding(\.recentSearches, with: FailingRepository<RecentSearch>(error: .diskFull))
        let screen = makeScreen(in: environment)
        await screen.appear()
        await search(screen, for: "curry")

        #expect(screen.content.resultTitles == ["Curry Rice", "Vegetable Curry", "Thai Green Curry"])
        #expect(screen.content.notice == "The search worked, but it could not be remembered: the disk is full")
        #expect(screen.content.section(titled: "Recent searches") == nil)
    }

    // MARK: Snapshots

    @Test func snapshotOfCurryResults() async {
        let screen = makeScreen()
        await screen.appear()
        await search(screen, for: "curry")

        #expect(
            screen.content.plainText() == """
                # Search

                 [✎] Search: "curry"

                ## Results for “curry” (3)
                 [1] Curry Rice — Aiko Tanaka · 45 min · 720 kcal
                 [2] Vegetable Curry — Priya Sharma · 35 min · 480 kcal · vegetarian
                 [3] Thai Green Curry — Priya Sharma · 30 min · 610 kcal

                ## Filters
                 [4] Cooking time: ‹Any› of Any | under 15 min | 15–30 min | 30–60 min | over 60 min
                 [5] Category: ‹Any› of Any | Breakfast | Main course | Soup | Salad | Dessert | Snack | Drink | Side dish
                 [6] [ ] Vegetarian only
                 [7] Max calories: ‹Any› of Any | ≤ 300 kcal | ≤ 500 kcal | ≤ 800 kcal (locked: Premium)
                 [8] Sort by: ‹Popularity› of Popularity | Newest | Quickest (locked: Premium)
                 [9] Kitchen preferences · none saved

                """)
    }

    @Test func snapshotOfTheEmptyScreen() async {
        let screen = makeScreen()
        await screen.appear()

        #expect(
            screen.content.plainText() == """
                # Search

                 [✎] Search: [keyword, e.g. curry]

                ## Filters
                 [1] Cooking time: ‹Any› of Any | under 15 min | 15–30 min | 30–60 min | over 60 min
                 [2] Category: ‹Any› of Any | Breakfast | Main course | Soup | Salad | Dessert | Snack | Drink | Side dish
                 [3] [ ] Vegetarian only
                 [4] Max calories: ‹Any› of Any | ≤ 300 kcal | ≤ 500 kcal | ≤ 800 kcal (locked: Premium)
                 [5] Sort by: ‹Popularity› of Popularity | Newest | Quickest (locked: Premium)
                 [6] Kitchen preferences · none saved

                """)
    }
}
