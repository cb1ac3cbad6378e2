import Core
import CoreTesting
import Testing

@Suite("StubRecipeClient")
struct StubRecipeClientTests {
    let recorder = Recorder()

    func client(_ behaviour: StubRecipeClient.Behaviour = .normal) -> StubRecipeClient {
        StubRecipeClient(behaviour: behaviour, recorder: recorder)
    }

    @Test("search filters by the query: curry gives the three curries")
    func searchFilters() async throws {
        let page = try await client().searchRecipes(.keyword("curry"), sort: [], page: .first)

        #expect(page.recipes.map(\.title) == ["Curry Rice", "Vegetable Curry", "Thai Green Curry"])
        #expect(page.total == 3)
        #expect(!page.hasMore)
    }

    @Test("search orders by the sorts")
    func searchSorts() async throws {
        let page = try await client().searchRecipes(.keyword("curry"), sort: [.ascending(.cookingMinutes)], page: .first)

        #expect(page.recipes.map(\.title) == ["Thai Green Curry", "Vegetable Curry", "Curry Rice"])
    }

    @Test("search pages through the sorted matches, and says whether more follow")
    func searchPages() async throws {
        let client = client()
        let sort: [Sort<Recipe>] = [.descending(.popularity)]

        let first = try await client.searchRecipes(.all, sort: sort, page: PageRequest(offset: 0, limit: 2))
        let second = try await client.searchRecipes(.all, sort: sort, page: PageRequest(offset: 2, limit: 2))
        let last = try await client.searchRecipes(.all, sort: sort, page: PageRequest(offset: 4, limit: 2))
        let beyond = try await client.searchRecipes(.all, sort: sort, page: PageRequest(offset: 10, limit: 2))

        #expect(first.recipes.map(\.id) == [4, 1])
        #expect(second.recipes.map(\.id) == [5, 3])
        #expect(last.recipes.map(\.id) == [2, 6])
        #expect(beyond.recipes.isEmpty)
        #expect([first, second, last, beyond].map(\.total) == [6, 6, 6, 6])
        #expect([first, second, last, beyond].map(\.hasMore) == [true, true, false, false])
        #expect(second.page == PageRequest(offset: 2, limit: 2))
    }

    @Test("the empty behaviour finds no recipes")
    func emptyBehaviour() async throws {
        let client = client(.empty)

        let page = try await client.searchRecipes(.all, sort: [], page: .first)
        let feed = try await client.feed()

        #expect(page.recipes.isEmpty)
        #expect(page.total == 0)
        #expect(feed.popular.isEmpty && feed.new.isEmpty)
        await #expect(throws: StubServiceError.notFound(1)) { try await client.recipe(id: 1) }
    }

    @Test("the failing behaviour throws unreachable from every call")
    func failingBehaviour() async {
        let client = client(.failing)

        await #expect(throws: StubServiceError.unreachable) { try await client.searchRecipes(.all, sort: [], page: .first) }
        await #expect(throws: StubServiceError.unreachable) { try await client.recipe(id: 1) }
        await #expect(throws: StubServiceError.unreachable) { try await client.feed() }
    }

    @Test("the slow behaviour answers normally, after the delay")
    func slowBehaviour() async throws {
        let client = client(.slow(.milliseconds(50)))
        let clock = ContinuousClock()
        let start = clock.now

        let page = try await client.searchRecipes(.keyword("miso"), sort: [], page: .first)

        #expect(clock.now - start >= .milliseconds(50))
        #expect(page.recipes == [Fixtures.misoSoup])
    }

    @Test("recipe(id:) gives the fixture with that id")
    func recipeByID() async throws {
        #expect(try await client().recipe(id: 3) == Fixtures.misoSoup)
    }

    @Test("recipe(id:) of an unknown id throws notFound")
    func recipeUnknownID() async {
        await #expect(throws: StubServiceError.notFound(99)) { try await client().recipe(id: 99) }
    }

    @Test("the feed has the five most popular and the five newest")
    func feed() async throws {
        let feed = try await client().feed()

        #expect(feed.popular.map(\.id) == [4, 1, 5, 3, 2])
        #expect(feed.new.map(\.id) == [6, 2, 5, 1, 3])
    }

    @Test("calls are recorded in order, failed ones too")
    func callsRecorded() async throws {
        let client = client()
        let query = Query<Recipe>.keyword("soup")
        let page = PageRequest(offset: 0, limit: 5)

        _ = try await client.searchRecipes(query, sort: [.ascending(.title)], page: page)
        _ = try? await client.recipe(id: 99)
        _ = try await client.feed()
        _ = try await client.recipe(id: 2)

        #expect(
            recorder.clientCalls == [
                .search(query, sort: [.ascending(.title)], page: page),
                .recipe(id: 99),
                .feed,
                .recipe(id: 2),
            ])
    }

    @Test("errors explain themselves and suggest what to do")
    func errorsAreLocalized() {
        #expect(StubServiceError.unreachable.errorDescription == "The recipe service could not be reached.")
        #expect(StubServiceError.notFound(7).errorDescription == "There is no recipe with id 7.")
        #expect(StubServiceError.unreachable.recoverySuggestion?.contains("--scenario") == true)
        #expect(StubServiceError.notFound(7).recoverySuggestion == "Open a recipe from search instead.")
    }
}
