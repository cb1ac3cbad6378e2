import Core
import CoreTesting
import DataFormats
import Foundation
import HTTPTestServer
import Testing
import WebAPI

/// An answer that decodes but holds what Cookbook refuses from any source (a negative id, a title
/// of megabytes, a key given twice) is not valid, said with where it is; nothing of it is shown.
@Suite("Web API answers Cookbook refuses")
struct AnswerValidationTests {
    /// A server answering every request with `body`.
    func client(answering body: String) throws -> (HTTPRecipeClient, LoopbackHTTPServer) {
        let server = try LoopbackHTTPServer { _ in .text(body, status: 200) }
        return (liveClient(server.baseURL), server)
    }

    func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    func detail(_ error: APIError?) -> String {
        guard case .malformed(_, let detail) = error else { return "not malformed: \(String(describing: error))" }
        return detail
    }

    @Test("a negative id: in a recipe, in a search page, in the feed's new recipes", arguments: [-1, -42, Int.min])
    func negativeID(id: Int) async throws {
        var recipe = Fixtures.curryRice
        recipe.id = id
        let (recipeClient, _) = try client(answering: try json(recipe))
        let one = await #expect(throws: APIError.self) { try await recipeClient.recipe(id: 1) }
        #expect(detail(one) == "the recipe has id \(id): it must be 0 or more")
        #expect(one?.errorDescription?.contains("is not valid: the recipe has id \(id): it must be 0 or more") == true)
        #expect(one?.canRetry == false)

        let page = RecipeAPIContract.SearchResponse(recipes: [Fixtures.pancakes, recipe], total: 2, offset: 0, limit: 20)
        let (searchClient, _) = try client(answering: try json(page))
        let search = await #expect(throws: APIError.self) {
            try await searchClient.searchRecipes(.all, sort: [], page: PageRequest(offset: 0, limit: 20))
        }
        #expect(detail(search) == "recipes[1] (“Curry Rice”) has id \(id): it must be 0 or more")

        let (feedClient, _) = try client(answering: try json(RecipeFeed(popular: [Fixtures.pancakes], new: [recipe])))
        let feed = await #expect(throws: APIError.self) { try await feedClient.feed() }
        #expect(detail(feed) == "new[0] (“Curry Rice”) has id \(id): it must be 0 or more")
    }

    @Test("a title over 200 characters and negative counts of a page are refused, each said")
    func longTitleAndCounts() async throws {
        var recipe = Fixtures.curryRice
        recipe.title = String(repeating: "a", count: 1_000_000)
        let page = RecipeAPIContract.SearchResponse(recipes: [recipe], total: -3, offset: 0, limit: 20)
        let (client, _) = try client(answering: try json(page))
        let error = await #expect(throws: APIError.self) {
            try await client.searchRecipes(.all, sort: [], page: PageRequest(offset: 0, limit: 20))
        }
        #expect(
            detail(error)
                == "recipes[0] (“\(String(repeating: "a", count: 40))…”) has title of 1000000 characters: it must be at most 200; the field “total” is -3: it must be 0 or more"
        )
    }

    @Test("an answer with a key given twice is not read as its first", arguments: ["id", "title", "popular"])
    func duplicateKey(key: String) async throws {
        let feed = try json(RecipeFeed(popular: [Fixtures.curryRice], new: []))
        let twin = feed.replacing(
            "\"\(key)\":", with: "\"\(key)\":\(key == "id" ? "7" : key == "popular" ? "[]" : "\"x\""),\"\(key)\":", maxReplacements: 1)
        let (client, _) = try client(answering: twin)
        let error = await #expect(throws: APIError.self) { try await client.feed() }
        #expect(detail(error).hasPrefix("it has the key “\(key)” twice in one object (the second at line 1, column "), "\(detail(error))")
    }
}
