import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeSearch

/// The preferences screen's translator on its own.
@Suite("Kitchen preferences translator")
struct KitchenPreferencesTranslatorTests {
    let translator = KitchenPreferencesTranslator()
    let vegetarian = ScreenRow<KitchenPreferencesRow>(id: .preference(key: "vegetarian"), .toggle(label: "Vegetarian kitchen", isOn: true))

    @Test func loadingAndFailureShowOnlyTheStatus() {
        #expect(
            translator.translate(KitchenPreferencesState())
                == ScreenContent<KitchenPreferencesRow>(title: "Kitchen preferences", status: .loading("Loading your kitchen preferences…"))
        )
        let failure = ScreenFailure(message: "Couldn't load your kitchen preferences: locked.", canRetry: true)
        #expect(
            translator.translate(KitchenPreferencesState(phase: .failed(failure), notice: "n"))
                == ScreenContent<KitchenPreferencesRow>(title: "Kitchen preferences", status: .failed(failure), notice: "n"))
    }

    @Test func loadedPreferencesReadWhatTheyDoThenTheRowsThenReset() {
        let state = KitchenPreferencesState(phase: .loaded, rows: [vegetarian], setCount: 1, notice: "Saved.")

        #expect(
            translator.translate(state)
                == ScreenContent<KitchenPreferencesRow>(
                    title: "Kitchen preferences",
                    sections: [
                        ScreenSection<KitchenPreferencesRow>(
                            id: "about",
                            rows: [
                                ScreenRow<KitchenPreferencesRow>(
                                    id: .about, .text("Search starts with these filters; change them there for one search."))
                            ]),
                        ScreenSection<KitchenPreferencesRow>(id: "preferences", title: "Your kitchen", rows: [vegetarian]),
                        ScreenSection<KitchenPreferencesRow>(
                            id: "actions", rows: [ScreenRow<KitchenPreferencesRow>(id: .reset, .button("Reset all (1 set)"))]),
                    ],
                    notice: "Saved."))
    }

    @Test func withNothingSetResetIsLocked() {
        let content = translator.translate(KitchenPreferencesState(phase: .loaded, rows: [], setCount: 0))
        #expect(
            content.row(id: .reset)
                == ScreenRow<KitchenPreferencesRow>(id: .reset, .button("Reset all"), isEnabled: false, note: "nothing set"))
    }
}

@MainActor
@Suite("Kitchen preferences screen")
struct KitchenPreferencesScreenTests {
    let environment = StubEnvironment()
    var store: any Repository<KitchenPreference> { environment.kitchenPreferences }

    func preferences(in environment: StubEnvironment? = nil) async -> any Screen<KitchenPreferencesRow> {
        let screen =
            RecipeSearchFeature.makeScreen(Screens.KitchenPreferences(), environment: environment ?? self.environment)
            as! any Screen<KitchenPreferencesRow>
        await screen.appear()
        return screen
    }

    func saved() async throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try await store.findAll().map { ($0.key, $0.value) })
    }

    @Test func itShowsThePreferenceItemsWithPremiumLockedForFreeUsers() async {
        let screen = await preferences()

        #expect(
            screen.content.plainText() == """
                # Kitchen preferences

                     Search starts with these filters; change them there for one search.

                ## Your kitchen
                 [1] Usual cooking time: ‹Any› of Any | under 15 min | 15–30 min | 30–60 min | over 60 min
                 [2] Favourite category: ‹Any› of Any | Breakfast | Main course | Soup | Salad | Dessert | Snack | Drink | Side dish
                 [3] [ ] Vegetarian kitchen
                 [4] Calorie limit: ‹Any› of Any | ≤ 300 kcal | ≤ 500 kcal | ≤ 800 kcal (locked: Premium)

                 [5] <Reset all> (locked: nothing set)

                """)
        #expect(environment.recorder.pageViews == [PageView("kitchen_preferences")])
    }

    @Test func aChangeIsSavedAtOnceAndLogged() async throws {
        let screen = await preferences()

        _ = await screen.handle(.toggle(row: .preference(key: "vegetarian")))
        _ = await screen.handle(.choose(row: .preference(key: "cooking-time"), option: 2))

        #expect(try await saved() == ["vegetarian": "true", "cooking-time": CookingTimeFilter.storedText(.minutes(15...30))])
        #expect(screen.content.notice == "Saved: Usual cooking time is 15–30 min. Search starts there.")
        #expect(screen.content.row(id: .reset)?.element == .button("Reset all (2 set)"))
        #expect(
            environment.recorder.events.last == ActivityEvent("preference", payload: ["preference": "cooking-time", "value": "15–30 min"]))
    }

    @Test func goingBackToNoPreferenceRemovesIt() async throws {
        try await store.save(KitchenPreference(key: "vegetarian", value: "true"))
        let screen = await preferences()
        #expect(screen.content.row(id: .preference(key: "vegetarian"))?.element == .toggle(label: "Vegetarian kitchen", isOn: true))

        _ = await screen.handle(.toggle(row: .preference(key: "vegetarian")))

        #expect(try await saved().isEmpty)
        #expect(screen.content.notice == "Saved: Vegetarian kitchen has no preference. Search starts there.")
    }

    @Test func aPremiumUserCanSetTheCalorieLimitAFreeUserIsTold() async throws {
        let premium = await preferences(in: environment.overriding(\.userFeatures, with: .premium))
        _ = await premium.handle(.choose(row: .preference(key: "max-calories"), option: 2))
        #expect(try await saved() == ["max-calories": "500"])

        let free = await preferences()
        #expect(free.content.row(id: .preference(key: "max-calories"))?.element.isAny == true)
        _ = await free.handle(.choose(row: .preference(key: "max-calories"), option: 1))
        #expect(free.content.notice == "“Calorie limit” is a premium preference.")
        #expect(try await saved() == ["max-calories": "500"], "kept for when the user is premium again")
    }

    @Test func aStoreThatCannotSaveKeepsTheOldValueAndSaysWhy() async throws {
        let failing = environment.overriding(\.kitchenPreferences, with: FlakyRepository<KitchenPreference>(failsWrites: true))
        let screen = await preferences(in: failing)

        _ = await screen.handle(.toggle(row: .preference(key: "vegetarian")))

        #expect(screen.content.row(id: .preference(key: "vegetarian"))?.element == .toggle(label: "Vegetarian kitchen", isOn: false))
        #expect(screen.content.notice == "Couldn't save “Vegetarian kitchen”: the disk is full. Free some space and try again.")
        #expect(!environment.recorder.events.contains { $0.name == "preference" })
    }

    @Test func aStoreThatCannotBeReadFailsTheScreenWithRetry() async {
        let screen = await preferences(in: StubEnvironment(scenario: .failure))

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failure, got \(screen.content.status)")
            return
        }
        #expect(failure.message.hasPrefix("Couldn't load your kitchen preferences:"))
        #expect(failure.canRetry)
    }

    @Test func aSavedValueThatCannotBeReadIsSaidAndShownAsNoPreference() async throws {
        try await store.save([KitchenPreference(key: "category", value: "\"brunch\""), KitchenPreference(key: "vegetarian", value: "true")])

        let screen = await preferences()

        #expect(
            screen.content.notice
                == "Your saved “Favourite category” could not be read and shows as no preference; choose again to save it.")
        #expect(screen.content.row(id: .preference(key: "vegetarian"))?.element == .toggle(label: "Vegetarian kitchen", isOn: true))
    }

    @Test func resetRemovesEveryPreference() async throws {
        try await store.save([KitchenPreference(key: "category", value: "\"soup\""), KitchenPreference(key: "vegetarian", value: "true")])
        let screen = await preferences()

        _ = await screen.handle(.activate(row: .reset))

        #expect(try await saved().isEmpty)
        #expect(screen.content.notice == "No preferences now: search starts with every filter off.")
        #expect(environment.recorder.events.last == ActivityEvent("preferences_reset", payload: ["count": "2"]))
    }
}

@MainActor
@Suite("Search starts with the kitchen preferences")
struct SearchPrefillTests {
    let environment = StubEnvironment()

    func searchScreen(_ descriptor: Screens.RecipeSearch = Screens.RecipeSearch(), in environment: StubEnvironment? = nil) async
        -> any Screen<RecipeSearchRow>
    {
        let screen =
            RecipeSearchFeature.makeScreen(descriptor, environment: environment ?? self.environment) as! any Screen<RecipeSearchRow>
        await screen.appear()
        return screen
    }

    @Test func savedPreferencesSetTheFiltersAndTheFirstSearch() async throws {
        try await environment.kitchenPreferences.save(KitchenPreference(key: "vegetarian", value: "true"))

        let screen = await searchScreen(Screens.RecipeSearch(query: "curry"))

        #expect(screen.content.row(id: .filter(key: "vegetarian"))?.element == .toggle(label: "Vegetarian only", isOn: true))
        #expect(screen.content.resultTitles == ["Vegetable Curry"])
        #expect(screen.content.section(titled: "Filters (1 on)") != nil)
        #expect(screen.content.row(id: .kitchenPreferences)?.detail == "1 saved, filters start there")
    }

    @Test func filtersChangedByHandStayWhenThePreferencesDidNot() async throws {
        try await environment.kitchenPreferences.save(KitchenPreference(key: "vegetarian", value: "true"))
        let screen = await searchScreen()
        _ = await screen.handle(.toggle(row: .filter(key: "vegetarian")))

        await screen.appear()

        #expect(screen.content.row(id: .filter(key: "vegetarian"))?.element == .toggle(label: "Vegetarian only", isOn: false))
    }

    @Test func changedPreferencesResetTheFiltersTheyCoverAndSearchAgain() async throws {
        let screen = await searchScreen()
        await search(screen, for: "curry")
        _ = await screen.handle(.choose(row: .filter(key: "sort"), option: 0))
        #expect(screen.content.resultTitles.count == 3)

        // As the preferences screen, opened from here, saves.
        let preferences =
            RecipeSearchFeature.makeScreen(Screens.KitchenPreferences(), environment: environment) as! any Screen<KitchenPreferencesRow>
        await preferences.appear()
        _ = await preferences.handle(.toggle(row: .preference(key: "vegetarian")))
        await screen.appear()

        #expect(screen.content.resultTitles == ["Vegetable Curry"])
        #expect(screen.content.queryText == "curry")
    }

    @Test func aPremiumPreferenceStartsOnlyAPremiumUsersSearch() async throws {
        try await environment.kitchenPreferences.save(KitchenPreference(key: "max-calories", value: "500"))

        let free = await searchScreen()
        await search(free, for: "curry")
        #expect(free.content.section(titled: "Filters") != nil, "nothing on for a free user")
        #expect(free.content.resultTitles.count == 3)

        let premium = await searchScreen(in: environment.overriding(\.userFeatures, with: .premium))
        await search(premium, for: "curry")
        #expect(premium.content.section(titled: "Filters (1 on)") != nil)
        #expect(premium.content.resultTitles == ["Vegetable Curry"])
    }

    @Test func preferencesAloneDoNotSearchUntilAskedRecentSearchesStayFirst() async throws {
        try await environment.kitchenPreferences.save(KitchenPreference(key: "vegetarian", value: "true"))
        try await environment.recentSearches.save(RecentSearch(keyword: "soup", searchedAt: 1))

        let screen = await searchScreen()

        #expect(screen.content.section(titled: "Recent searches") != nil)
        #expect(environment.recorder.clientCalls.isEmpty)
    }

    @Test func preferencesThatCannotBeReadAreSaidAndSearchWorksWithout() async throws {
        let failing = environment.overriding(\.kitchenPreferences, with: FailingRepository<KitchenPreference>(error: .diskFull))

        let screen = await searchScreen(Screens.RecipeSearch(query: "curry"), in: failing)

        #expect(
            screen.content.notice
                == "Couldn't read your kitchen preferences: the disk is full. Free some space and try again. Search starts without them.")
        #expect(screen.content.resultTitles.count == 3)
    }

    @Test func aSavedValueThatCannotBeReadIsNamedAsThePreferencesScreenNamesIt() async throws {
        try await environment.kitchenPreferences.save([
            KitchenPreference(key: "cooking-time", value: "[1,2]"), KitchenPreference(key: "vegetarian", value: "true"),
        ])

        let screen = await searchScreen()

        #expect(
            screen.content.notice
                == "Your saved “Usual cooking time” could not be read, so search starts without it; set it again in Kitchen preferences.")
        #expect(screen.content.section(titled: "Filters (1 on)") != nil)
    }

    @Test func theKitchenPreferencesRowOpensThePreferences() async {
        let screen = await searchScreen()

        let navigation = await screen.handle(.activate(row: .kitchenPreferences))

        #expect(navigation?.descriptor as? Screens.KitchenPreferences == Screens.KitchenPreferences())
    }
}

extension ScreenElement {
    /// Whether a picker shows its first option, "Any".
    var isAny: Bool {
        if case .picker(_, let options, let selected) = self { return options[selected] == "Any" }
        return false
    }
}
