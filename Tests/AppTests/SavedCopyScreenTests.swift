import Core
import CoreTesting
import Foundation
import HTTPTestServer
import TerminalRunner
import Testing
import URLSessionHTTP
import WebAPI

@testable import App

/// The web API cache as the person sees it: the real app environment (`--api-url` at a
/// loopback server, the SQLite cache in a temporary data directory), the real screens, and a
/// clock the test moves, so "saved copy from 2 hours ago" can be checked.
@MainActor
@Suite("Saved copies on screen")
struct SavedCopyScreenTests {
    let directory: TemporaryDirectory
    let server: LoopbackHTTPServer
    let clock = TestClock()

    init() throws {
        directory = try TemporaryDirectory()
        server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: BundledRecipeClient.bundled().recipes))
    }

    func environment(_ arguments: [String] = []) throws -> AppEnvironment {
        try CookbookApp.makeEnvironment(
            LaunchOptions.parse(
                ["--data-dir", directory.url.path, "--api-url", server.baseURL.absoluteString] + arguments, for: CookbookApp.program),
            networking: { URLSessionHTTP.portableExchange }, clock: clock)
    }

    func appeared(_ descriptor: some ScreenDescriptor, in environment: AppEnvironment) async -> AnyScreen {
        let screen = environment.resolve(descriptor).erased
        await screen.appear()
        return screen
    }

    @Test("expired and no network: every screen shows its saved copy, how old it is and why")
    func expiredAndOffline() async throws {
        defer { directory.remove() }
        let online = try environment()
        _ = await appeared(Screens.Feed(), in: online)
        _ = await appeared(Screens.RecipeDetails(recipeID: 1), in: online)
        _ = await appeared(Screens.RecipeSearch(query: "curry"), in: online)
        clock.advance(by: .seconds(2 * 3600))
        server.stop()

        let offline = try environment()
        let feed = await appeared(Screens.Feed(), in: offline)
        let details = await appeared(Screens.RecipeDetails(recipeID: 1), in: offline)
        let search = await appeared(Screens.RecipeSearch(query: "curry"), in: offline)

        #expect(feed.content.status == .ready)
        #expect(feed.content.plainText().contains("* Saved copy from 2 hours ago; offline. Only recipes seen before are shown."))
        #expect(details.content.title == "Curry Rice")
        #expect(details.content.notice == "Saved copy from 2 hours ago; offline.")
        #expect(search.content.plainText().contains("Curry Rice"))
        #expect(search.content.notice == "Saved copy from 2 hours ago; offline. Only recipes seen before are shown.")
        let log = try readText(directory.file("logs/events.jsonl"))
        #expect(log.components(separatedBy: "recipe_cache_saved_copy_shown").count - 1 == 3)
    }

    @Test("no network and nothing saved: a clear error that says so, with retry")
    func offlineWithNothingSaved() async throws {
        defer { directory.remove() }
        server.stop()
        let details = await appeared(Screens.RecipeDetails(recipeID: 1), in: try environment())

        guard case .failed(let failure) = details.content.status else {
            Issue.record("expected an error, got:\n\(details.content.plainText())")
            return
        }
        #expect(
            failure.message.hasPrefix(
                "Couldn't load recipe 1: the recipe server at \(server.baseURL.absoluteString)/recipes/1 cannot be reached"))
        #expect(failure.message.hasSuffix("; there is no saved copy to show instead"))
        #expect(failure.canRetry)
    }

    @Test("a recipe saved less than --cache-max-age ago opens without asking the server; an older one asks")
    func maxAge() async throws {
        defer { directory.remove() }
        let environment = try environment(["--cache-max-age", "2h"])
        _ = await appeared(Screens.RecipeDetails(recipeID: 1), in: environment)
        clock.advance(by: .seconds(3600))
        _ = await appeared(Screens.RecipeDetails(recipeID: 1), in: environment)
        #expect(server.receivedRequests.map(\.path) == ["/recipes/1"])

        clock.advance(by: .seconds(3600))
        let refreshed = await appeared(Screens.RecipeDetails(recipeID: 1), in: environment)
        #expect(server.receivedRequests.map(\.path) == ["/recipes/1", "/recipes/1"])
        #expect(refreshed.content.notice == nil)
    }

    @Test(
        "--cache-max-age: a bad duration, or no live web API to cache, is a bad command line",
        arguments: [
            (
                ["--api-url", "http://127.0.0.1:9", "--cache-max-age", "soon"],
                "--cache-max-age needs a duration from 0 to 365d, such as 90s, 30m, 12h or 7d (a number alone is seconds), not “soon”"
            ),
            (["--cache-max-age", "1h"], "--cache-max-age needs --api-url URL: only the web API is cached"),
            (
                ["--api-url", "http://127.0.0.1:9", "--record", "x.json", "--cache-max-age", "1h"],
                "--cache-max-age needs --api-url URL without --record or --replay: only the live web API is cached"
            ),
        ])
    func badMaxAge(_ arguments: [String], _ message: String) throws {
        defer { directory.remove() }
        let options = try LaunchOptions.parse(["--data-dir", directory.url.path] + arguments, for: CookbookApp.program)
        let error = try #require(throws: UsageError.self) { try CookbookApp.makeEnvironment(options) }
        #expect(error.message == message)
    }
}
