import Core
import CoreTesting
import Testing

@testable import RecipeSearch

/// "More from this author", built through the search feature's public door.
@MainActor
@Suite("Author recipes screen")
struct AuthorRecipesTests {
    let environment = StubEnvironment()
    var recorder: Recorder { environment.recorder }

    func appearedScreen(_ authorID: Author.ID, in environment: StubEnvironment? = nil) async -> any Screen<RecipeSearchRow> {
        let screen =
            RecipeSearchFeature.makeScreen(
                Screens.AuthorRecipes(authorID: authorID), environment: environment ?? self.environment) as! any Screen<RecipeSearchRow>
        await screen.appear()
        return screen
    }

    /// The titles of the recipe rows, top to bottom.
    func recipeTitles(_ content: ScreenContent<RecipeSearchRow>) -> [String] {
        content.recipeRows.map(\.label)
    }

    @Test func listsOnlyTheAuthorsRecipesMostPopularFirst() async {
        let screen = await appearedScreen("priya-sharma")

        #expect(screen.content.title == "Recipes by Priya Sharma")
        #expect(recipeTitles(screen.content) == ["Vegetable Curry", "Thai Green Curry"])
        #expect(screen.content.sections.map(\.title) == ["2 recipes"])
        #expect(screen.content.status == .ready)
    }

    @Test(arguments: [
        ("aiko-tanaka", "Recipes by Aiko Tanaka", ["Curry Rice", "Miso Soup"]),
        ("marco-rossi", "Recipes by Marco Rossi", ["Pancakes", "Chocolate Brownies"]),
    ])
    func everyAuthorGetsTheirOwnRecipes(authorID: String, title: String, recipes: [String]) async {
        let screen = await appearedScreen(authorID)

        #expect(screen.content.title == title)
        #expect(recipeTitles(screen.content) == recipes)
    }

    @Test func beforeLoadingTheTitleShowsNoSlug() {
        let screen =
            RecipeSearchFeature.makeScreen(Screens.AuthorRecipes(authorID: "priya-sharma"), environment: environment)
            as! any Screen<RecipeSearchRow>

        #expect(screen.content.title == "Recipes by this author")
        #expect(screen.content.status == .loading("Loading recipes…"))
    }

    @Test func appearLogsTheAuthorPageViewEveryTimeAndLoadsOnce() async {
        let screen = await appearedScreen("priya-sharma")
        await screen.appear()

        let pageView = PageView("author_recipes", parameters: ["author_id": "priya-sharma"])
        #expect(recorder.pageViews == [pageView, pageView])
        #expect(recorder.clientCalls.count == 1)
    }

    @Test func openingARecipeShowsItsDetailsAndLogsTheSource() async {
        let screen = await appearedScreen("priya-sharma")

        let navigation = await screen.handle(.activate(row: .recipe(6)))

        #expect(navigation?.descriptor as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: 6))
        #expect(recorder.events == [ActivityEvent("open_recipe", payload: ["recipe_id": "6", "source": "author"])])
    }

    @Test(arguments: [RecipeSearchRow.loadMore, .query, .kitchenPreferences, .filter(key: "vegetarian")])
    func rowsThatNameNoRecipeDoNothing(row: RecipeSearchRow) async {
        let screen = await appearedScreen("priya-sharma")

        #expect(await screen.handle(.activate(row: row)) == nil)
        #expect(recorder.events.isEmpty)
        #expect(recorder.resolvedDescriptions.isEmpty)
    }

    @Test func anUnknownAuthorShowsTheEmptyState() async {
        let screen = await appearedScreen("nobody")

        #expect(screen.content.status == .empty("No recipes by this author."))
        #expect(recipeTitles(screen.content).isEmpty)
        #expect(screen.content.numberedRows.isEmpty)
    }

    @Test func anEmptyServiceShowsTheEmptyState() async {
        let screen = await appearedScreen("priya-sharma", in: StubEnvironment(scenario: .empty))

        #expect(screen.content.status == .empty("No recipes by this author."))
    }

    @Test func aFailingServiceShowsARetryableFailure() async {
        let environment = StubEnvironment(scenario: .failure)
        let screen = await appearedScreen("priya-sharma", in: environment)

        guard case .failed(let failure) = screen.content.status else {
            Issue.record("expected a failed status, got \(screen.content.status)")
            return
        }
        #expect(failure.message == "Couldn't load the author's recipes: The recipe service could not be reached.")
        #expect(failure.canRetry)
        #expect(environment.recorder.pageViews == [PageView("author_recipes", parameters: ["author_id": "priya-sharma"])])
    }

    /// Counts agree with their number, as everywhere else ("1 checked item", "1 ingredient").
    @Test func anAuthorWithOneRecipeSaysRecipeInTheSingular() async {
        let screen = await appearedScreen("aiko-tanaka", in: StubEnvironment(recipes: [Fixtures.curryRice, Fixtures.pancakes]))

        #expect(recipeTitles(screen.content) == ["Curry Rice"])
        #expect(screen.content.sections.map(\.title) == ["1 recipe"])
    }

    @Test func snapshotOfPriyaSharmasRecipes() async {
        let screen = await appearedScreen("priya-sharma")

        #expect(
            screen.content.plainText() == """
                # Recipes by Priya Sharma

                ## 2 recipes
                 [1] Vegetable Curry — Priya Sharma · 35 min · 480 kcal · vegetarian
                 [2] Thai Green Curry — Priya Sharma · 30 min · 610 kcal

                """)
    }
}
