import Core
import CoreTesting
import Testing

@testable import RecipeSearch

/// One recipe as a result row, wherever results are listed.
@Suite("Recipe row translator")
struct RecipeRowTranslatorTests {
    let translator = RecipeRowTranslator()

    @Test func aRowLinksToTheRecipeByTitleAndAuthorWithTimeAndCalories() {
        #expect(
            translator.translate(Fixtures.curryRice)
                == ScreenRow<RecipeSearchRow>(
                    id: .recipe(1), .link(title: "Curry Rice", subtitle: "Aiko Tanaka"), detail: "45 min · 720 kcal"))
    }

    @Test func vegetarianRecipesSaySo() {
        #expect(translator.translate(Fixtures.vegetableCurry).detail == "35 min · 480 kcal · vegetarian")
    }
}

/// The search screen's translator on its own: state in, the content a person reads out.
@Suite("Search translator")
struct RecipeSearchTranslatorTests {
    let translator = RecipeSearchTranslator()
    let vegetarian = ScreenRow<RecipeSearchRow>(id: .filter(key: "vegetarian"), .toggle(label: "Vegetarian only", isOn: true))

    func field(_ text: String) -> ScreenSection<RecipeSearchRow> {
        ScreenSection<RecipeSearchRow>(
            id: "search",
            rows: [ScreenRow<RecipeSearchRow>(id: .query, .textField(label: "Search", text: text, placeholder: "keyword, e.g. curry"))])
    }

    /// The filters section: the filter rows, then the link to Kitchen preferences.
    func filters(_ title: String = "Filters", rows: [ScreenRow<RecipeSearchRow>] = [], preferences: String = "none saved") -> ScreenSection<
        RecipeSearchRow
    > {
        ScreenSection<RecipeSearchRow>(
            id: "filters", title: title,
            rows: rows + [
                ScreenRow<RecipeSearchRow>(id: .kitchenPreferences, .link(title: "Kitchen preferences", subtitle: nil), detail: preferences)
            ])
    }

    @Test func beforeSearchingRecentKeywordsAreLinksBetweenTheFieldAndTheFilters() {
        let state = RecipeSearchState(keyword: "", results: .idle, recentKeywords: ["curry", "miso"])

        #expect(
            translator.translate(state)
                == ScreenContent<RecipeSearchRow>(
                    title: "Search",
                    sections: [
                        field(""),
                        ScreenSection<RecipeSearchRow>(
                            id: "recent", title: "Recent searches",
                            rows: [
                                ScreenRow<RecipeSearchRow>(id: .recent("curry"), .link(title: "curry", subtitle: nil)),
                                ScreenRow<RecipeSearchRow>(id: .recent("miso"), .link(title: "miso", subtitle: nil)),
                            ]),
                        filters(),
                    ]))
    }

    @Test func withNoRecentKeywordsThereIsNoRecentSection() {
        #expect(translator.translate(RecipeSearchState()).sections.map(\.id) == ["search", "filters"])
    }

    @Test func searchingNamesTheKeywordOrSaysSearching() {
        #expect(
            translator.translate(RecipeSearchState(keyword: "curry", results: .loading(keyword: "curry"))).status
                == .loading("Searching for “curry”…"))
        #expect(translator.translate(RecipeSearchState(results: .loading(keyword: ""))).status == .loading("Searching…"))
    }

    @Test func resultsComeBeforeTheFiltersWithTheirCountAndShowMore() {
        let state = RecipeSearchState(
            keyword: "curry", results: .loaded(keyword: "curry", recipes: [Fixtures.curryRice, Fixtures.vegetableCurry], total: 5),
            filterRows: [vegetarian], activeFilterCount: 1)

        #expect(
            translator.translate(state)
                == ScreenContent<RecipeSearchRow>(
                    title: "Search",
                    sections: [
                        field("curry"),
                        ScreenSection<RecipeSearchRow>(
                            id: "results", title: "Results for “curry” (5)",
                            rows: [
                                RecipeRowTranslator().translate(Fixtures.curryRice),
                                RecipeRowTranslator().translate(Fixtures.vegetableCurry),
                                ScreenRow<RecipeSearchRow>(id: .loadMore, .button("Show more (3 left)")),
                            ]),
                        filters("Filters (1 on)", rows: [vegetarian]),
                    ]))
    }

    @Test func allResultsShownMeansNoShowMoreAndFiltersAloneAreTitledResults() {
        let state = RecipeSearchState(results: .loaded(keyword: "", recipes: [Fixtures.misoSoup], total: 1), activeFilterCount: 1)
        let results = translator.translate(state).sections[1]

        #expect(results.title == "Results (1)")
        #expect(results.rows.map(\.id) == [.recipe(3)])
    }

    @Test(
        "an empty result says what matched nothing and what to try",
        arguments: [
            ("xyz", 0, "No recipes match “xyz”. Try another keyword."),
            ("xyz", 2, "No recipes match “xyz” with these filters. Try another keyword or fewer filters."),
            ("", 1, "No recipes match these filters. Try fewer filters."),
        ])
    func emptyResults(keyword: String, activeFilters: Int, message: String) {
        let state = RecipeSearchState(
            keyword: keyword, results: .loaded(keyword: keyword, recipes: [], total: 0), activeFilterCount: activeFilters)
        let content = translator.translate(state)

        #expect(content.status == .empty(message))
        #expect(content.sections.map(\.id) == ["search", "filters"])
    }

    @Test func theKitchenPreferencesLinkSaysHowManyAreSaved() {
        let state = RecipeSearchState(filterRows: [vegetarian], activeFilterCount: 1, savedPreferenceCount: 2)

        #expect(
            translator.translate(state).sections.last
                == filters("Filters (1 on)", rows: [vegetarian], preferences: "2 saved, filters start there"))
    }

    @Test func aFailureKeepsTheFieldAndFiltersAndShowsTheNotice() {
        let failure = ScreenFailure(message: "Couldn't search for “curry”: offline.", canRetry: true)
        let state = RecipeSearchState(keyword: "curry", results: .failed(failure), notice: "Earlier notice")

        #expect(
            translator.translate(state)
                == ScreenContent<RecipeSearchRow>(
                    title: "Search", sections: [field("curry"), filters()], status: .failed(failure), notice: "Earlier notice"))
    }
}

/// "Recipes by …": the author screen's translator on its own.
@Suite("Author recipes translator")
struct AuthorRecipesTranslatorTests {
    let translator = AuthorRecipesTranslator()

    func content(_ phase: AuthorRecipesViewModel.State.Phase) -> ScreenContent<RecipeSearchRow> {
        translator.translate(AuthorRecipesViewModel.State(authorID: "aiko-tanaka", phase: phase))
    }

    @Test func untilTheRecipesSayWhoTheAuthorIsTheTitleShowsNoSlug() {
        #expect(content(.loading) == ScreenContent<RecipeSearchRow>(title: "Recipes by this author", status: .loading("Loading recipes…")))
        #expect(
            content(.loaded([]))
                == ScreenContent<RecipeSearchRow>(title: "Recipes by this author", status: .empty("No recipes by this author.")))
        let failure = ScreenFailure(message: "Couldn't load the author's recipes: offline.", canRetry: true)
        #expect(content(.failed(failure)) == ScreenContent<RecipeSearchRow>(title: "Recipes by this author", status: .failed(failure)))
    }

    @Test func loadedRecipesAreResultRowsUnderTheAuthorsName() {
        #expect(
            content(.loaded([Fixtures.misoSoup, Fixtures.curryRice]))
                == ScreenContent<RecipeSearchRow>(
                    title: "Recipes by Aiko Tanaka",
                    sections: [
                        ScreenSection<RecipeSearchRow>(
                            id: "recipes", title: "2 recipes",
                            rows: [RecipeRowTranslator().translate(Fixtures.misoSoup), RecipeRowTranslator().translate(Fixtures.curryRice)])
                    ]))
    }

    @Test func oneRecipeIsSingular() {
        #expect(content(.loaded([Fixtures.pancakes])).sections.first?.title == "1 recipe")
    }
}
