import Core
import CoreTesting
import Foundation
import HTTPTestServer
import Testing

/// The web API cache belongs to the server its copies came from: one data directory used with
/// two `--api-url`s never shows one server's recipes as the other's, fresh or as a saved copy.
@Suite("the web API cache, one part per server")
struct CachePerServerEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// The fixture recipes under other titles: the same ids, another server's recipes.
    static let otherRecipes = Fixtures.recipes.map { recipe in
        var recipe = recipe
        recipe.title = "Other " + recipe.title
        return recipe
    }

    /// Runs `script` with `--api-url address` on `directory`.
    func run(_ address: String, on directory: String, _ script: String, options: [String] = []) async throws -> ProductProcess.Result {
        try await cookbook.run(["--data-dir", directory, "--api-url", address] + options, input: script + "quit\n")
    }

    /// A data directory whose cache holds what the first server sent for the feed, a search for
    /// curry and recipe 1; the server is stopped before it returns.
    func directoryWithFirstServersCopies() async throws -> (directory: String, address: String, title: String) {
        let directory = temporaryDataDirectory()
        let first = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: Fixtures.recipes))
        let title = try #require(Fixtures.recipes.first { $0.id == 1 }?.title)
        let online = try await run(
            first.baseURL.absoluteString, on: directory,
            "tab Search\ntype curry\nexpect \"\(title)\"\nselect \"\(title)\"\nexpect Ingredients\n")
        #expect(online.status == 0, "\(online.errorOutput)")
        first.stop()
        return (directory, first.baseURL.absoluteString, title)
    }

    @Test("another server that cannot be reached: no saved copy of the first one's is shown, on the feed, a search or a recipe")
    func otherServerOffline() async throws {
        let (directory, _, title) = try await directoryWithFirstServersCopies()
        let other = "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())"

        let offline = try await run(other, on: directory, "tab Search\ntype curry\n", options: ["--open", "cookbook://recipes/1"])

        #expect(!offline.output.contains(title), "the first server's recipe shown for another:\n\(offline.output)")
        #expect(!offline.output.contains("Saved copy"))
        #expect(offline.output.contains("there is no saved copy to show instead"), "\(offline.output)")
    }

    @Test("another server that answers: its recipe is shown, not the first one's fresh copy of the same id")
    func otherServerOnline() async throws {
        let (directory, _, title) = try await directoryWithFirstServersCopies()
        // Its feed leaves recipe 1 out, so that only the cache could answer for it without asking.
        let recipes = RecipeServerHandler.handler(recipes: Self.otherRecipes)
        let feed = RecipeServerHandler.handler(recipes: Self.otherRecipes.filter { $0.id != 1 })
        let other = try LoopbackHTTPServer { request in request.path == "/feed" ? feed(request) : recipes(request) }

        let online = try await run(
            other.baseURL.absoluteString, on: directory, "expect \"Other \(title)\"\n", options: ["--open", "cookbook://recipes/1"])

        #expect(online.status == 0, "\(online.output.suffix(1500))\n\(online.errorOutput)")
        #expect(other.receivedRequests.contains { $0.path == "/recipes/1" }, "the other server is asked: nothing of its own is saved")
    }

    @Test("the same server written another way (upper case, a final slash) still finds its saved copies")
    func sameServerOtherSpelling() async throws {
        let (directory, address, title) = try await directoryWithFirstServersCopies()
        let respelled = address.replacingOccurrences(of: "http://", with: "HTTP://") + "/"

        let offline = try await run(
            respelled, on: directory, "expect \"\(title)\"\nexpect \"Saved copy from\"\n",
            options: ["--open", "cookbook://recipes/1", "--cache-max-age", "0"])

        #expect(offline.status == 0, "\(offline.output.suffix(1500))\n\(offline.errorOutput)")
    }
}
