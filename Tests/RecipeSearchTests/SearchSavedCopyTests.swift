import Core
import CoreTesting
import Foundation
import Synchronization
import Testing

@testable import RecipeSearch

/// Results the app's cache found among saved recipes, because the server could not be asked:
/// the search and the author's page say so.
@MainActor
@Suite("Search from a saved copy")
struct SearchSavedCopyTests {
    let environment = StubEnvironment()
    let savedCopy = RecipePage.SavedCopy(savedAt: Fixtures.now.addingTimeInterval(-2 * 3600), reason: "offline", isPartial: true)

    func environment(savedCopy: RecipePage.SavedCopy?) -> StubEnvironment {
        environment.overriding(\.client, with: StubRecipeClient(recorder: environment.recorder, savedCopy: savedCopy))
    }

    @Test func resultsSayTheyAreASavedCopyAndHowOld() async {
        let screen =
            RecipeSearchFeature.makeScreen(Screens.RecipeSearch(query: "curry"), environment: environment(savedCopy: savedCopy))
            as! any Screen<RecipeSearchRow>
        await screen.appear()

        #expect(screen.content.resultTitles.isEmpty == false)
        #expect(screen.content.notice == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")
    }

    @Test func aNewSearchAnsweredByTheServerSaysNothingMore() async {
        let client = ServerBackAfterFirstSearch(
            offline: StubRecipeClient(recorder: environment.recorder, savedCopy: savedCopy),
            online: StubRecipeClient(recorder: environment.recorder))
        let screen =
            RecipeSearchFeature.makeScreen(
                Screens.RecipeSearch(query: "curry"), environment: environment.overriding(\.client, with: client))
            as! any Screen<RecipeSearchRow>
        await screen.appear()
        #expect(screen.content.notice == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")

        screen.edit(.query, text: "soup")
        _ = await screen.handle(.submit(row: .query, text: "soup"))

        #expect(client.searches.withLock { $0 } == 2, "the second search was asked")
        #expect(screen.content.resultTitles.contains("Miso Soup"))
        #expect(screen.content.notice == nil)
    }

    @Test func theAuthorsRecipesSayTheyAreASavedCopy() async {
        let screen =
            RecipeSearchFeature.makeScreen(
                Screens.AuthorRecipes(authorID: "aiko-tanaka"), environment: environment(savedCopy: savedCopy))
            as! any Screen<RecipeSearchRow>
        await screen.appear()

        #expect(screen.content.status == .ready)
        #expect(screen.content.notice == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")
    }
}

/// Answers the first search from a saved copy (the server could not be asked) and every later
/// one as the server would: the server came back between two searches.
private final class ServerBackAfterFirstSearch: RecipeServiceClient {
    let offline: StubRecipeClient
    let online: StubRecipeClient
    let searches = Mutex(0)

    init(offline: StubRecipeClient, online: StubRecipeClient) {
        self.offline = offline
        self.online = online
    }

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        let first = searches.withLock { count in
            count += 1
            return count == 1
        }
        return try await (first ? offline : online).searchRecipes(query, sort: sort, page: page)
    }

    func recipe(id: Recipe.ID) async throws -> Recipe { try await online.recipe(id: id) }
    func feed() async throws -> RecipeFeed { try await online.feed() }
    func recipeWithSavedCopy(id: Recipe.ID) async throws -> (recipe: Recipe, savedCopy: RecipePage.SavedCopy?) {
        try await online.recipeWithSavedCopy(id: id)
    }
}
