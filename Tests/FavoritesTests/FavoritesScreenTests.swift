import Core
import CoreTesting
import Testing

@testable import Favorites

@MainActor
@Suite("Favorites screen")
struct FavoritesScreenTests {
    let clock = TestClock()
    let environment: StubEnvironment
    var recorder: Recorder { environment.recorder }
    var store: any Repository<FavoriteRecipe> { environment.favorites }

    init() {
        environment = StubEnvironment(clock: clock)
    }

    func makeScreen(in environment: StubEnvironment? = nil) -> any Screen<FavoritesRow> {
        FavoritesFeature.makeScreen(Screens.Favorites(), environment: environment ?? self.environment) as! any Screen<FavoritesRow>
    }

    func appearedScreen(in environment: StubEnvironment? = nil) async -> any Screen<FavoritesRow> {
        let screen = makeScreen(in: environment)
        await screen.appear()
        return screen
    }

    /// Curry Rice saved 3 days before the test clock's now, then Pancakes 2 hours before, then
    /// Vegetable Curry 30 seconds before (the newest).
    func saveThreeFavorites() async throws {
        let now = Fixtures.now.timeIntervalSince1970
        try await store.save([
            FavoriteRecipe(recipe: Fixtures.pancakes, savedAt: now - 2 * 3600),
            FavoriteRecipe(recipe: Fixtures.curryRice, savedAt: now - 3 * 86_400),
            FavoriteRecipe(recipe: Fixtures.vegetableCurry, savedAt: now - 30.5),
        ])
    }

    // MARK: Listing

    @Test func beforeAppearingTheScreenSaysItIsLoading() {
        let screen = makeScreen()

        #expect(screen.content.title == "Favorites")
        #expect(screen.content.status == .loading("Loading your favorites…"))
        #expect(recorder.pageViews.isEmpty)
    }

    @Test func favoritesAreListedNewestFirst() async throws {
        try await saveThreeFavorites()

        let screen = await appearedScreen()

        #expect(screen.content.favoriteTitles == ["Vegetable Curry", "Pancakes", "Curry Rice"])
        #expect(screen.content.sections.map(\.title) == ["Saved recipes (3)"])
        #expect(screen.content.status == .ready)
        #expect(screen.content.row(id: .recipe(1))?.plainText == "Curry Rice — Aiko Tanaka · 45 min · 720 kcal · saved 3 days ago")
        #expect(screen.content.row(id: .recipe(1))?.isDeletable == true)
        #expect(recorder.pageViews == [PageView("favorites")])
    }

    @Test func eachFavoriteSaysWhenItWasSavedByTheEnvironmentsClock() async throws {
        try await saveThreeFavorites()
        let screen = await appearedScreen()

        #expect(screen.content.favoriteDetails == ["saved just now", "saved 2 hours ago", "saved 3 days ago"])

        clock.advance(by: .seconds(86_400))
        await screen.appear()

        #expect(screen.content.favoriteDetails == ["saved yesterday", "saved yesterday", "saved 4 days ago"])
    }

    @Test func favoritesSavedWithinTheSameSecondStillComeNewestFirst() async throws {
        try await store.save([
            FavoriteRecipe(recipe: Fixtures.misoSoup, savedAt: 1_700_000_000.25),
            FavoriteRecipe(recipe: Fixtures.greenCurry, savedAt: 1_700_000_000.75),
        ])

        let screen = await appearedScreen()

        #expect(screen.content.favoriteTitles == ["Thai Green Curry", "Miso Soup"])
    }

    @Test func noFavoritesExplainsHowToAddOne() async {
        let screen = await appearedScreen()

        #expect(screen.content.status == .empty("No favorites yet. Open a recipe and mark it as a favorite."))
        #expect(screen.content.sections.isEmpty)
        #expect(screen.content.numberedRows.isEmpty)
    }

    @Test func everyAppearReloadsSoChangesMadeElsewhereShowUp() async throws {
        let screen = await appearedScreen()
        #expect(screen.content.favoriteTitles.isEmpty)

        // As the details screen does when the user marks a favorite.
        try await store.save(FavoriteRecipe(recipe: Fixtures.misoSoup, savedAt: 10))
        await screen.appear()
        #expect(screen.content.favoriteTitles == ["Miso Soup"])

        try await store.delete(id: Fixtures.misoSoup.id)
        await screen.appear()
        #expect(screen.content.favoriteTitles.isEmpty)
        #expect(screen.content.status == .empty("No favorites yet. Open a recipe and mark it as a favorite."))

        #expect(recorder.pageViews == Array(repeating: PageView("favorites"), count: 3))
    }

    // MARK: Opening

    @Test func openingAFavoriteShowsItsDetailsAndLogs() async throws {
        try await saveThreeFavorites()
        let screen = await appearedScreen()

        let navigation = await screen.handle(.activate(row: .recipe(4)))

        #expect(navigation?.descriptor as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: 4))
        #expect(recorder.events == [ActivityEvent("open_recipe", payload: ["recipe_id": "4", "source": "favorites"])])
        #expect(screen.content.favoriteTitles.count == 3, "opening changes nothing on the list")
    }

    // MARK: Removing

    @Test func deletingRemovesTheFavoriteWithANotice() async throws {
        try await saveThreeFavorites()
        let screen = await appearedScreen()

        let navigation = await screen.handle(.delete(row: .recipe(4)))

        #expect(navigation == nil)
        #expect(try await store.find(id: 4) == nil)
        #expect(try await store.findAll().count == 2)
        #expect(screen.content.favoriteTitles == ["Vegetable Curry", "Curry Rice"])
        #expect(screen.content.sections.map(\.title) == ["Saved recipes (2)"])
        #expect(screen.content.notice == "Removed “Pancakes” from favorites.")
        #expect(recorder.events == [ActivityEvent("favorite_remove", payload: ["recipe_id": "4", "source": "favorites"])])
    }

    @Test func deletingTheLastFavoriteShowsTheEmptyStateAndTheNotice() async throws {
        try await store.save(FavoriteRecipe(recipe: Fixtures.pancakes, savedAt: 1))
        let screen = await appearedScreen()

        _ = await screen.handle(.delete(row: .recipe(4)))

        #expect(screen.content.status == .empty("No favorites yet. Open a recipe and mark it as a favorite."))
        #expect(screen.content.notice == "Removed “Pancakes” from favorites.")
    }

    @Test("removing a favorite another program removed says so, and the list shows what is stored")
    func deletingAFavoriteRemovedElsewhere() async throws {
        try await saveThreeFavorites()
        let screen = await appearedScreen()
        try await store.delete(id: Fixtures.pancakes.id)

        _ = await screen.handle(.delete(row: .recipe(4)))

        #expect(screen.content.notice == "“Pancakes” was already removed from favorites elsewhere (by another program or screen).")
        #expect(screen.content.favoriteTitles == ["Vegetable Curry", "Curry Rice"])
        #expect(try await store.find(id: Fixtures.pancakes.id) == nil)
        #expect(recorder.events.isEmpty, "nothing was removed here")
    }

    // MARK: A failing store

    @Test func anUnreadableStoreShowsARetryableFailure() async throws {
        let repository = FlakyRepository<FavoriteRecipe>([FavoriteRecipe(recipe: Fixtures.pancakes, savedAt: 1)], failsReads: true)
        let screen = await appearedScreen(in: environment.overriding(\.favorites, with: repository))

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.message == "Couldn't load your favorites: the disk is full")
        #expect(failure.recovery == "Free some space and try again.")
        #expect(failure.canRetry)
        #expect(screen.content.sections.isEmpty)

        await repository.setFailing(reads: false, writes: false)
        _ = await screen.handle(.retry)

        #expect(screen.content.status == .ready)
        #expect(screen.content.favoriteTitles == ["Pancakes"])
        #expect(recorder.pageViews.count == 2)
    }

    @Test("a removal that is saved while the list cannot be read again says it was removed, and offers to read it again")
    func aSavedRemovalWhoseReloadFails() async throws {
        let stored = InMemoryRepository<FavoriteRecipe>([
            FavoriteRecipe(recipe: Fixtures.pancakes, savedAt: 1), FavoriteRecipe(recipe: Fixtures.curryRice, savedAt: 2),
        ])
        // The first read (the screen's own) succeeds; the one after the removal fails.
        let repository = FailingLaterRepository(stored, reads: 1, changesFail: false)
        let screen = await appearedScreen(in: environment.overriding(\.favorites, with: repository))

        _ = await screen.handle(.delete(row: .recipe(4)))

        #expect(screen.content.notice == "Removed “Pancakes” from favorites.")
        #expect(screen.content.status != .ready, "the list that could not be read again is not shown as if it were")
        #expect(await stored.findAll(.all, sort: []).map(\.recipe.title) == ["Curry Rice"])
        #expect(recorder.events == [ActivityEvent("favorite_remove", payload: ["recipe_id": "4", "source": "favorites"])])
    }

    @Test func aFailedRemoveKeepsTheFavoriteAndExplains() async throws {
        let repository = FlakyRepository<FavoriteRecipe>([
            FavoriteRecipe(recipe: Fixtures.pancakes, savedAt: 1),
            FavoriteRecipe(recipe: Fixtures.curryRice, savedAt: 2),
        ])
        let screen = await appearedScreen(in: environment.overriding(\.favorites, with: repository))
        await repository.setFailing(reads: false, writes: true)

        _ = await screen.handle(.delete(row: .recipe(4)))

        #expect(screen.content.notice == "Couldn't remove “Pancakes”: the disk is full. Free some space and try again.")
        #expect(screen.content.favoriteTitles == ["Curry Rice", "Pancakes"])
        #expect(screen.content.status == .ready)
        #expect(await repository.stored().count == 2)
        #expect(recorder.events.isEmpty)
    }

    // MARK: Snapshots

    @Test func snapshotOfThreeFavoritesAfterARemoval() async throws {
        try await saveThreeFavorites()
        try await store.save(FavoriteRecipe(recipe: Fixtures.chocolateBrownies, savedAt: 1_600_000_000))
        let screen = await appearedScreen()
        _ = await screen.handle(.delete(row: .recipe(5)))

        #expect(
            screen.content.plainText() == """
                # Favorites

                ## Saved recipes (3)
                 [1] Vegetable Curry — Priya Sharma · 35 min · 480 kcal · saved just now
                 [2] Pancakes — Marco Rossi · 20 min · 350 kcal · saved 2 hours ago
                 [3] Curry Rice — Aiko Tanaka · 45 min · 720 kcal · saved 3 days ago

                * Removed “Chocolate Brownies” from favorites.

                """)
    }

    @Test func snapshotOfNoFavorites() async {
        let screen = await appearedScreen()

        #expect(
            screen.content.plainText() == """
                # Favorites

                (empty) No favorites yet. Open a recipe and mark it as a favorite.

                """)
    }
}

extension ScreenContent<FavoritesRow> {
    /// The titles of the favorites shown, top to bottom.
    var favoriteTitles: [String] {
        sections.flatMap(\.rows).map(\.label)
    }

    /// When each favorite shown was saved ("saved 3 days ago"), top to bottom.
    var favoriteDetails: [String] {
        sections.flatMap(\.rows).compactMap { $0.detail?.components(separatedBy: " · ").last }
    }
}
