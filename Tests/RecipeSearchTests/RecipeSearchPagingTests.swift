import Core
import CoreTesting
import Foundation
import Testing

@testable import RecipeSearch

/// Results a page at a time, and answers that arrive out of order: a slow older search or a
/// failing next page never overwrites what a newer search shows.
@MainActor
@Suite("Recipe search screen: paging and stale answers")
struct RecipeSearchPagingTests {
    let environment = StubEnvironment()
    var recorder: Recorder { environment.recorder }

    func makeScreen(_ descriptor: Screens.RecipeSearch = Screens.RecipeSearch(), in environment: StubEnvironment? = nil) -> any Screen<
        RecipeSearchRow
    > {
        RecipeSearchFeature.makeScreen(descriptor, environment: environment ?? self.environment) as! any Screen<RecipeSearchRow>
    }

    // MARK: Paging

    @Test func resultsArePagedTwentyAtATime() async throws {
        let environment = StubEnvironment(recipes: pagingRecipes(count: 45))
        let screen = makeScreen(in: environment)
        await screen.appear()
        await search(screen, for: "paging")

        #expect(screen.content.resultRowIDs == (1...20).map { .recipe($0) })
        #expect(screen.content.section(titled: "Results for “paging” (45)") != nil)
        #expect(screen.content.row(id: .loadMore)?.element == .button("Show more (25 left)"))
        #expect(screen.content.section(titled: "Results for “paging” (45)")?.rows.last?.id == .loadMore)

        _ = await screen.handle(.activate(row: .loadMore))
        #expect(screen.content.resultRowIDs == (1...40).map { .recipe($0) })
        #expect(screen.content.row(id: .loadMore)?.element == .button("Show more (5 left)"))

        _ = await screen.handle(.activate(row: .loadMore))
        #expect(screen.content.resultRowIDs == (1...45).map { .recipe($0) })
        #expect(screen.content.row(id: .loadMore) == nil)

        #expect(
            environment.recorder.clientCalls.map { call -> PageRequest? in
                if case .search(_, _, let page) = call { return page }
                return nil
            } == [PageRequest(offset: 0, limit: 20), PageRequest(offset: 20, limit: 20), PageRequest(offset: 40, limit: 20)])
    }

    @Test func showMoreWithNothingLeftDoesNothing() async {
        let screen = makeScreen()
        await search(screen, for: "curry")

        _ = await screen.handle(.activate(row: .loadMore))

        #expect(recorder.clientCalls.count == 1)
        #expect(screen.content.resultTitles == ["Curry Rice", "Vegetable Curry", "Thai Green Curry"])
    }

    @Test func aFailingNextPageKeepsTheResultsAndSaysWhy() async {
        let client = ScriptedClient(failingCalls: [2], base: StubRecipeClient(recipes: pagingRecipes(count: 25), recorder: recorder))
        let screen = makeScreen(in: environment.overriding(\.client, with: client))
        await search(screen, for: "paging")
        #expect(screen.content.resultTitles.count == 20)

        _ = await screen.handle(.activate(row: .loadMore))

        #expect(screen.content.resultTitles.count == 20)
        #expect(screen.content.status == .ready)
        #expect(
            screen.content.notice
                == "Couldn't load more results: The recipe service could not be reached. \(StubServiceError.unreachable.recoverySuggestion ?? "")"
        )
        #expect(screen.content.row(id: .loadMore)?.element == .button("Show more (5 left)"))

        _ = await screen.handle(.activate(row: .loadMore))

        #expect(screen.content.resultTitles.count == 25)
        #expect(screen.content.row(id: .loadMore) == nil)
    }

    // MARK: Stale answers

    @Test func aSlowOlderSearchCannotOverwriteANewerOne() async {
        let (arrived, arrivedContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let gated = GatedClient(
            base: StubRecipeClient(recorder: recorder), isGated: { query, _ in query == .keyword("curry") },
            arrived: arrivedContinuation, release: release
        )
        let screen = makeScreen(in: environment.overriding(\.client, with: gated))
        await screen.appear()

        screen.edit(.query, text: "curry")
        let slowSearch = Task { _ = await screen.handle(.submit(row: .query, text: "curry")) }
        for await _ in arrived { break }
        #expect(screen.content.status == .loading("Searching for “curry”…"))

        await search(screen, for: "soup")
        #expect(screen.content.resultTitles == ["Miso Soup"])

        releaseContinuation.yield()
        releaseContinuation.finish()
        await slowSearch.value

        #expect(screen.content.queryText == "soup")
        #expect(screen.content.resultTitles == ["Miso Soup"])
        #expect(screen.content.status == .ready)
        #expect(recorder.events == [ActivityEvent("search", payload: ["keyword": "soup", "results": "1"])])
    }

    @Test func aNextPageThatFailsAfterANewSearchLeavesTheNewResultsAlone() async {
        let (arrived, arrivedContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let gated = GatedClient(
            base: StubRecipeClient(
                recipes: pagingRecipes(count: 25)
                    + Fixtures.recipes.map { recipe in
                        var recipe = recipe
                        recipe.id += 1000
                        return recipe
                    }, recorder: recorder),
            isGated: { _, page in page.offset > 0 }, failsWhenReleased: true,
            arrived: arrivedContinuation, release: release
        )
        let screen = makeScreen(in: environment.overriding(\.client, with: gated))
        await search(screen, for: "paging")

        let showMore = Task { _ = await screen.handle(.activate(row: .loadMore)) }
        for await _ in arrived { break }
        await search(screen, for: "soup")
        releaseContinuation.yield()
        releaseContinuation.finish()
        await showMore.value

        #expect(screen.content.resultTitles == ["Miso Soup"])
        #expect(screen.content.notice == nil)
    }
}
