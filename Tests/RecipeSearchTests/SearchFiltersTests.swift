import Core
import CoreTesting
import Testing

@testable import RecipeSearch

/// The search filters: caseless enum items, a generic field view model, one array.
@Suite("Search filters")
@MainActor
struct SearchFiltersTests {
    // MARK: Items → query and sort

    @Test("each item turns its value into backend-neutral query and sort values")
    func itemsApply() {
        var request = SearchRequest(query: .keyword("curry"), sort: [])
        CookingTimeFilter.apply(.minutes(15...30), to: &request)
        CategoryFilter.apply(.main, to: &request)
        MaxCaloriesFilter.apply(500, to: &request)
        VegetarianFilter.apply(true, to: &request)
        SortFilter.apply(.quickest, to: &request)

        #expect(
            request.query
                == Query.keyword("curry")
                .and(.atLeast(.cookingMinutes, .integer(15))).and(.atMost(.cookingMinutes, .integer(30)))
                .and(.equal(.category, .text("main")))
                .and(.atMost(.calories, .integer(500)))
                .and(.equal(.isVegetarian, .bool(true))))
        #expect(request.sort == [.ascending(.cookingMinutes), .descending(.popularity)])
    }

    @Test("default values add nothing to the query; the default sort is popularity")
    func defaultsApplyNothing() {
        var request = SearchRequest(query: .all, sort: [])
        CookingTimeFilter.apply(CookingTimeFilter.defaultValue, to: &request)
        CategoryFilter.apply(CategoryFilter.defaultValue, to: &request)
        MaxCaloriesFilter.apply(MaxCaloriesFilter.defaultValue, to: &request)
        VegetarianFilter.apply(VegetarianFilter.defaultValue, to: &request)
        #expect(request.query == .all)
        SortFilter.apply(SortFilter.defaultValue, to: &request)
        #expect(request.sort == [.descending(.popularity)])
    }

    @Test("range-constrained items only offer values inside their range")
    func rangeConstraints() {
        let limits = MaxCaloriesFilter.control.options.compactMap(\.value)
        #expect(!limits.isEmpty)
        #expect(limits.allSatisfy(MaxCaloriesFilter.allowedRange.contains))
        for option in CookingTimeFilter.control.options {
            if case .minutes(let range) = option.value {
                #expect(
                    CookingTimeFilter.allowedRange.contains(range.lowerBound) && CookingTimeFilter.allowedRange.contains(range.upperBound))
            }
        }
    }

    // MARK: The generic field view model

    @Test("a switch field flips on toggle and draws a toggle row")
    func switchField() {
        let field = FilterFieldViewModel<VegetarianFilter>()
        let row = RecipeSearchRow.filter(key: VegetarianFilter.key)
        #expect(
            field.row(id: row, isPremium: false)
                == ScreenRow(id: .filter(key: "vegetarian"), .toggle(label: "Vegetarian only", isOn: false)))
        #expect(field.handle(.toggle(row: row), isPremium: false))
        #expect(field.isActive)
        #expect(field.row(id: row, isPremium: false).element == .toggle(label: "Vegetarian only", isOn: true))
        #expect(field.valueDescription == "true")
    }

    @Test("a choice field picks by index and cycles on Enter")
    func choiceField() {
        let field = FilterFieldViewModel<CategoryFilter>()
        let row = RecipeSearchRow.filter(key: CategoryFilter.key)
        #expect(field.handle(.choose(row: row, option: 5), isPremium: false))
        #expect(field.valueDescription == "Dessert")
        #expect(field.handle(.activate(row: row), isPremium: false))
        #expect(field.valueDescription == "Snack")
        #expect(!field.handle(.choose(row: row, option: 99), isPremium: false), "an option that does not exist changes nothing")
        #expect(!field.handle(.choose(row: row, option: 6), isPremium: false), "choosing the current value is no change")
    }

    @Test("a premium field is locked for free users and ignores their events")
    func premiumLocked() {
        let field = FilterFieldViewModel<MaxCaloriesFilter>()
        let row = RecipeSearchRow.filter(key: MaxCaloriesFilter.key)
        let locked = field.row(id: row, isPremium: false)
        #expect(!locked.isEnabled)
        #expect(locked.note == "Premium")
        #expect(!field.handle(.choose(row: row, option: 1), isPremium: false))
        #expect(!field.isActive)

        #expect(field.row(id: row, isPremium: true).isEnabled)
        #expect(field.handle(.choose(row: row, option: 1), isPremium: true))
        #expect(field.valueDescription == "≤ 300 kcal")
    }

    @Test("every search field lives in one array, in the items' order")
    func oneArray() {
        #expect(FilterFields.search().map(\.key) == ["cooking-time", "category", "vegetarian", "max-calories", "sort"])
    }

    // MARK: On the screen

    func searchScreen(_ environment: StubEnvironment) async -> any Screen<RecipeSearchRow> {
        let screen = RecipeSearchFeature.makeScreen(Screens.RecipeSearch(), environment: environment) as! any Screen<RecipeSearchRow>
        await screen.appear()
        return screen
    }

    func resultTitles(_ screen: any Screen<RecipeSearchRow>) -> [String] {
        screen.content.sections.first { $0.id == "results" }?.rows.map(\.label) ?? []
    }

    @Test("switching Vegetarian only on searches again and keeps only vegetarian recipes")
    func vegetarianOnScreen() async {
        let environment = StubEnvironment()
        let screen = await searchScreen(environment)
        screen.edit(.query, text: "curry")
        _ = await screen.handle(.submit(row: .query, text: "curry"))
        #expect(resultTitles(screen).count == 3)

        _ = await screen.handle(.toggle(row: .filter(key: "vegetarian")))

        #expect(resultTitles(screen) == ["Vegetable Curry"])
        #expect(screen.content.sections.contains { $0.title == "Filters (1 on)" })
        #expect(environment.recorder.events.contains(ActivityEvent("filter", payload: ["filter": "vegetarian", "value": "true"])))
        #expect(environment.recorder.events.last?.payload["filters"] == "vegetarian=true")
    }

    @Test("filters alone search without a keyword")
    func filtersWithoutKeyword() async {
        let screen = await searchScreen(StubEnvironment())
        _ = await screen.handle(.choose(row: .filter(key: "category"), option: 1))

        #expect(resultTitles(screen) == ["Pancakes"])
        #expect(screen.content.sections.contains { $0.title == "Results (1)" })
    }

    @Test("a filter that matches nothing says so and suggests fewer filters")
    func nothingMatches() async {
        let screen = await searchScreen(StubEnvironment())
        _ = await screen.handle(.choose(row: .filter(key: "category"), option: 3))  // Soup: only Miso Soup, with dashi
        _ = await screen.handle(.toggle(row: .filter(key: "vegetarian")))
        #expect(screen.content.status == .empty("No recipes match these filters. Try fewer filters."))
    }

    @Test("a premium user can sort by the quickest; a free user is told it is premium")
    func premiumSort() async {
        let premium = StubEnvironment(scenario: .premium)
        let screen = await searchScreen(premium)
        screen.edit(.query, text: "curry")
        _ = await screen.handle(.submit(row: .query, text: "curry"))
        _ = await screen.handle(.choose(row: .filter(key: "sort"), option: 2))
        #expect(resultTitles(screen) == ["Thai Green Curry", "Vegetable Curry", "Curry Rice"])

        let free = await searchScreen(StubEnvironment())
        _ = await free.handle(.choose(row: .filter(key: "sort"), option: 2))
        #expect(free.content.notice == "“Sort by” is a premium filter.")
        #expect(free.content.row(id: .filter(key: "sort"))?.isEnabled == false)
    }

    @Test("the client is asked with the filters' query and sort")
    func clientSeesFilters() async {
        let environment = StubEnvironment()
        let screen = await searchScreen(environment)
        _ = await screen.handle(.toggle(row: .filter(key: "vegetarian")))
        #expect(
            environment.recorder.clientCalls.last
                == .search(.equal(.isVegetarian, .bool(true)), sort: [.descending(.popularity)], page: .first))
    }
}
