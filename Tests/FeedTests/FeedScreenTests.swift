import Core
import CoreTesting
import Synchronization
import Testing

@testable import Feed

@MainActor
@Suite("Feed screen")
struct FeedScreenTests {
    let environment = StubEnvironment()
    var recorder: Recorder { environment.recorder }

    func makeScreen(in environment: StubEnvironment? = nil) -> any Screen<FeedRow> {
        FeedFeature.makeScreen(Screens.Feed(), environment: environment ?? self.environment) as! any Screen<FeedRow>
    }

    func appearedScreen(in environment: StubEnvironment? = nil) async -> any Screen<FeedRow> {
        let screen = makeScreen(in: environment)
        await screen.appear()
        return screen
    }

    // MARK: Loading

    @Test func beforeAppearingTheFeedSaysItIsLoading() {
        let screen = makeScreen()

        #expect(screen.content.title == "Feed")
        #expect(screen.content.status == .loading("Loading the feed…"))
        #expect(recorder.clientCalls.isEmpty)
        #expect(recorder.pageViews.isEmpty)
    }

    @Test func everyAppearLogsAPageViewButTheFeedLoadsOnce() async {
        let screen = await appearedScreen()
        await screen.appear()
        await screen.appear()

        #expect(recorder.pageViews == [PageView("feed"), PageView("feed"), PageView("feed")])
        #expect(recorder.clientCalls == [.feed])
        #expect(screen.content.status == .ready)
    }

    @Test func popularRecipesComeMostPopularFirst() async {
        let screen = await appearedScreen()

        #expect(
            screen.content.recipeTitles(inSection: "popular") == [
                "Pancakes", "Curry Rice", "Chocolate Brownies", "Miso Soup", "Vegetable Curry",
            ])
        #expect(screen.content.section(id: "popular")?.title == "Popular")
        #expect(screen.content.row(id: .popular(4))?.plainText == "Pancakes — Marco Rossi · 20 min · ♥ 5100")
    }

    @Test func newRecipesComeNewestFirst() async {
        let screen = await appearedScreen()

        #expect(
            screen.content.recipeTitles(inSection: "new") == [
                "Thai Green Curry", "Vegetable Curry", "Chocolate Brownies", "Curry Rice", "Miso Soup",
            ])
        #expect(screen.content.section(id: "new")?.title == "New")
        #expect(screen.content.row(id: .new(6))?.plainText == "Thai Green Curry — Priya Sharma · 30 min · 2026-06-05")
    }

    @Test func aboutIsOfferedAfterTheRecipes() async {
        let screen = await appearedScreen()

        #expect(screen.content.sections.map(\.id) == ["popular", "new", "more"])
        #expect(screen.content.numberedRows.last?.label == "About Cookbook")
        #expect(screen.content.numberedRows.count == 11)
    }

    // MARK: Navigation

    @Test func openingAPopularRecipePushesItsDetailsAndLogsTheSource() async throws {
        let screen = await appearedScreen()

        let navigation = await screen.handle(.activate(row: .popular(4)))

        #expect(shownDescriptor(navigation) == "Screens.RecipeDetails(recipeID: 4)")
        #expect(recorder.events == [ActivityEvent("open_recipe", payload: ["recipe_id": "4", "source": "feed_popular"])])
    }

    @Test func openingANewRecipePushesItsDetailsAndLogsTheSource() async throws {
        let screen = await appearedScreen()

        let navigation = await screen.handle(.activate(row: .new(6)))

        #expect(shownDescriptor(navigation) == "Screens.RecipeDetails(recipeID: 6)")
        #expect(recorder.events == [ActivityEvent("open_recipe", payload: ["recipe_id": "6", "source": "feed_new"])])
    }

    @Test func theSameRecipeInBothSectionsLogsWhereItWasOpened() async {
        let screen = await appearedScreen()

        let fromPopular = await screen.handle(.activate(row: .popular(1)))
        let fromNew = await screen.handle(.activate(row: .new(1)))

        #expect(recorder.events.map { $0.payload["source"] } == ["feed_popular", "feed_new"])
        #expect(shownDescriptor(fromPopular) == "Screens.RecipeDetails(recipeID: 1)")
        #expect(shownDescriptor(fromNew) == "Screens.RecipeDetails(recipeID: 1)")
    }

    @Test func aboutShowsTheAboutScreenAndLogsNoRecipe() async {
        let screen = await appearedScreen()

        let navigation = await screen.handle(.activate(row: .about))

        #expect(shownDescriptor(navigation) == "Screens.About()")
        #expect(recorder.events.isEmpty)
    }

    @Test func otherEventsDoNothing() async {
        let screen = await appearedScreen()
        let before = screen.content

        #expect(await screen.handle(.toggle(row: .popular(1))) == nil)
        #expect(await screen.handle(.delete(row: .popular(1))) == nil)
        #expect(await screen.handle(.submit(row: .about, text: "x")) == nil)
        screen.edit(.about, text: "x")
        #expect(screen.content == before)
        #expect(recorder.events.isEmpty)
        #expect(recorder.clientCalls == [.feed])
    }

    // MARK: Empty and failure

    @Test func anEmptyServiceSaysSoAndStillOffersAbout() async {
        let environment = StubEnvironment(scenario: .empty)
        let screen = await appearedScreen(in: environment)

        #expect(screen.content.status == .empty("No recipes yet. Check back soon."))
        #expect(screen.content.sections.map(\.id) == ["more"])
        #expect(screen.content.numberedRows.map(\.label) == ["About Cookbook"])
        #expect(environment.recorder.pageViews == [PageView("feed")])
    }

    @Test func aFailingServiceShowsARetryableFailure() async {
        let environment = StubEnvironment(scenario: .failure)
        let screen = await appearedScreen(in: environment)

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.message == "Couldn't load the feed: The recipe service could not be reached.")
        #expect(failure.recovery == StubServiceError.unreachable.recoverySuggestion)
        #expect(failure.canRetry)
        #expect(screen.content.sections.isEmpty)
        #expect(environment.recorder.pageViews == [PageView("feed")])
    }

    @Test func retryLoadsTheFeedOnceTheServiceRecovers() async {
        let client = SwitchableClient(base: StubRecipeClient(recorder: recorder), isFailing: true)
        let screen = await appearedScreen(in: environment.overriding(\.client, with: client))
        guard case .failed = screen.content.status else {
            Issue.record("expected the first load to fail, got \(screen.content.status)")
            return
        }

        client.isFailing = false
        let navigation = await screen.handle(.retry)

        #expect(navigation == nil)
        #expect(screen.content.status == .ready)
        #expect(screen.content.recipeTitles(inSection: "popular").first == "Pancakes")
        #expect(recorder.pageViews == [PageView("feed")], "retrying is not a new page view")
    }

    @Test func retryWhileTheServiceIsStillDownStaysFailed() async {
        let client = SwitchableClient(base: StubRecipeClient(recorder: recorder), isFailing: true)
        let screen = await appearedScreen(in: environment.overriding(\.client, with: client))

        _ = await screen.handle(.retry)

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.message == "Couldn't load the feed: The recipe service could not be reached.")
    }

    @Test func appearingAgainAfterAFailureLoadsAgain() async {
        let client = SwitchableClient(base: StubRecipeClient(recorder: recorder), isFailing: true)
        let screen = await appearedScreen(in: environment.overriding(\.client, with: client))

        client.isFailing = false
        await screen.appear()

        #expect(screen.content.status == .ready)
        #expect(recorder.clientCalls == [.feed])
        #expect(client.calls == 2)
    }

    @Test func onChangeIsCalledWhenLoadingEnds() async {
        let screen = makeScreen()
        var shown: [ScreenStatus] = []
        screen.onChange = { shown.append(screen.content.status) }

        await screen.appear()

        #expect(shown.first == .loading("Loading the feed…"))
        #expect(shown.last == .ready, "the last change a runner hears of is the loaded feed")
    }

    // MARK: Snapshots

    @Test func snapshotOfTheFeed() async {
        let screen = await appearedScreen()

        #expect(
            screen.content.plainText() == """
                # Feed

                ## Popular
                 [1] Pancakes — Marco Rossi · 20 min · ♥ 5100
                 [2] Curry Rice — Aiko Tanaka · 45 min · ♥ 4200
                 [3] Chocolate Brownies — Marco Rossi · 50 min · ♥ 3800
                 [4] Miso Soup — Aiko Tanaka · 10 min · ♥ 3100
                 [5] Vegetable Curry — Priya Sharma · 35 min · ♥ 2900

                ## New
                 [6] Thai Green Curry — Priya Sharma · 30 min · 2026-06-05
                 [7] Vegetable Curry — Priya Sharma · 35 min · 2026-01-20
                 [8] Chocolate Brownies — Marco Rossi · 50 min · 2025-09-01
                 [9] Curry Rice — Aiko Tanaka · 45 min · 2025-03-14
                 [10] Miso Soup — Aiko Tanaka · 10 min · 2024-11-02

                 [11] About Cookbook

                """)
    }

    @Test func snapshotOfAnEmptyFeed() async {
        let screen = await appearedScreen(in: StubEnvironment(scenario: .empty))

        #expect(
            screen.content.plainText() == """
                # Feed

                 [1] About Cookbook

                (empty) No recipes yet. Check back soon.

                """)
    }

    @Test func snapshotOfAFailedFeed() async {
        let screen = await appearedScreen(in: StubEnvironment(scenario: .failure))

        #expect(
            screen.content.plainText() == """
                # Feed

                ! Couldn't load the feed: The recipe service could not be reached.
                  This is the sandbox's “failure” scenario; run without --scenario to load fixtures.
                  (retry to try again)

                """)
    }
}

// MARK: - Helpers

extension ScreenContent {
    func section(id: String) -> ScreenSection<Row>? {
        sections.first { $0.id == id }
    }

    /// The recipe titles of one section, top to bottom.
    func recipeTitles(inSection id: String) -> [String] {
        section(id: id)?.rows.map(\.label) ?? []
    }
}

/// The descriptor a navigation shows, as `Screens.RecipeDetails(recipeID: 4)`; nil for none or a pop.
@MainActor
func shownDescriptor(_ navigation: Navigation?) -> String? {
    navigation?.descriptor?.description
}

/// Fails every call with the stub's "unreachable" error while `isFailing`, then serves `base`.
final class SwitchableClient: RecipeServiceClient {
    let base: StubRecipeClient
    private let state: Mutex<(isFailing: Bool, calls: Int)>

    init(base: StubRecipeClient, isFailing: Bool) {
        self.base = base
        state = Mutex((isFailing, 0))
    }

    var isFailing: Bool {
        get { state.withLock { $0.isFailing } }
        set { state.withLock { $0.isFailing = newValue } }
    }

    /// Every call made, failed or not.
    var calls: Int { state.withLock { $0.calls } }

    private func failIfDown() throws {
        let failing = state.withLock { state in
            state.calls += 1
            return state.isFailing
        }
        if failing { throw StubServiceError.unreachable }
    }

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        try failIfDown()
        return try await base.searchRecipes(query, sort: sort, page: page)
    }

    func recipe(id: Recipe.ID) async throws -> Recipe {
        try failIfDown()
        return try await base.recipe(id: id)
    }

    func feed() async throws -> RecipeFeed {
        try failIfDown()
        return try await base.feed()
    }
}
