import Core
import DataFormats
import Foundation
import HTTPTestServer
import TerminalRunner
import Testing
import URLSessionHTTP
import WebAPI

@testable import App

/// Record real traffic, replay it offline: the app's environment built as the app builds it
/// (`--api-url … --record FILE`, then `--replay FILE`), the real screens, and what they show.
@MainActor
@Suite("Cassettes on screen")
struct CassetteScreenTests {
    typealias ScreenKind = WebAPIScreenTests.ScreenKind

    let recipes: [Recipe]
    let directory: TemporaryDirectory

    init() throws {
        recipes = BundledRecipeClient.bundled().recipes
        directory = try TemporaryDirectory()
    }

    /// The contract's server, answering with headers a cassette must not keep.
    func server() throws -> LoopbackHTTPServer {
        let contract = RecipeServerHandler.handler(recipes: recipes)
        return try LoopbackHTTPServer { request in
            var response = contract(request)
            response.headers = [("Set-Cookie", "session=s3cret"), ("X-Api-Key", "k3y")]
            return response
        }
    }

    func environment(_ arguments: [String]) throws -> AppEnvironment {
        let dataDirectory = directory.file("data-\(UUID().uuidString)").path
        return try CookbookApp.makeEnvironment(
            LaunchOptions.parse(["--data-dir", dataDirectory] + arguments, for: CookbookApp.program),
            networking: { URLSessionHTTP.portableExchange })
    }

    /// The text of each screen, once it has loaded.
    func screens(_ kinds: [ScreenKind], in environment: AppEnvironment) async -> [String] {
        var texts: [String] = []
        for kind in kinds {
            let screen = kind.resolve(in: environment).erased
            await screen.appear()
            texts.append(screen.content.plainText())
        }
        return texts
    }

    @Test("recorded against a real server, replayed with the server stopped: the same screens")
    func recordThenReplay() async throws {
        defer { directory.remove() }
        let cassette = directory.file("traffic.json").path
        let server = try server()
        let recorded = await screens(
            ScreenKind.allCases, in: try environment(["--api-url", server.baseURL.absoluteString, "--record", cassette]))
        server.stop()

        let replayed = await screens(ScreenKind.allCases, in: try environment(["--replay", cassette]))

        #expect(replayed == recorded)
        #expect(recorded.allSatisfy { !$0.contains("Couldn't") }, "\(recorded)")
        #expect(recorded[0].contains("## Popular"))
        let file = try Cassette.load(from: cassette)
        let calls = file.interactions.compactMap(\.call)
        #expect(calls.contains(.feed) && calls.contains(.recipe(id: 1)))
        #expect(
            calls.contains {
                if case .searchRecipes(let query, _, _, _) = $0 { query == [.keyword("curry")] } else { false }
            })
        let text = try readText(directory.file("traffic.json"))
        #expect(!text.contains("s3cret") && !text.contains("k3y"), "only allow-listed headers are recorded")
    }

    @Test("a request the cassette does not have shows a typed error naming it and the command that records it")
    func unmatched() async throws {
        defer { directory.remove() }
        let cassette = directory.file("traffic.json").path
        let server = try server()
        _ = await screens([.feed], in: try environment(["--api-url", server.baseURL.absoluteString, "--record", cassette]))
        server.stop()

        let search = try environment(["--replay", cassette]).resolve(Screens.RecipeSearch(query: "pasta")).erased
        await search.appear()

        let text = search.content.plainText()
        guard case .failed(let failure) = search.content.status else {
            Issue.record("expected the error, got:\n\(text)")
            return
        }
        #expect(!failure.canRetry)
        #expect(text.contains("has no answer for GET /recipes?q=pasta"), "\(text)")
        #expect(text.contains("searchRecipes(keyword “pasta”"), "\(text)")
        #expect(text.contains("swift run cookbook --api-url \(server.baseURL.absoluteString) --record \(cassette)"), "\(text)")
    }

    @Test("passthrough: what the cassette lacks comes from --api-url")
    func passthrough() async throws {
        defer { directory.remove() }
        let cassette = directory.file("empty.json").path
        try Cassette(server: "http://127.0.0.1:9").write(to: cassette)
        let server = try server()

        let search = try environment(["--replay", cassette, "--replay-mode", "passthrough", "--api-url", server.baseURL.absoluteString])
            .resolve(Screens.RecipeSearch(query: "curry")).erased
        await search.appear()

        #expect(search.content.status == .ready)
        #expect(search.content.plainText().contains("Curry Rice"))
        #expect(server.receivedRequests.map(\.path) == ["/recipes"])
    }

    @Test(
        "a malformed, foreign or newer cassette stops the app with status 3 and says why",
        arguments: [
            ("{\"format\": ", "is not valid JSON at line 1"),
            ("[{\"id\": 1}]", "is not a Cookbook cassette"),
            (
                #"{"format": "cookbook web API cassette", "version": 7, "server": "x", "interactions": []}"#,
                "newer Cookbook (cassette version 7"
            ),
        ])
    func unusableCassette(text: String, says: String) async throws {
        defer { directory.remove() }
        let file = try directory.write(text, to: "bad.json")
        let options = try LaunchOptions.parse(["--data-dir", directory.url.path, "--replay", file.path], for: CookbookApp.program)
        let error = try #require(throws: StartupError.self) { try CookbookApp.makeEnvironment(options) }
        #expect(error.message.contains(says), "\(error.message)")
        let script = try directory.write("quit\n", to: "quit.txt").path
        #expect(await CookbookApp.main(arguments: ["--data-dir", directory.url.path, "--replay", file.path, "--script", script]) == 3)
    }

    @Test("--record without --api-url is a bad command line (status 2)")
    func recordNeedsAPI() async throws {
        defer { directory.remove() }
        let script = try directory.write("quit\n", to: "quit.txt").path
        #expect(await CookbookApp.main(arguments: ["--data-dir", directory.url.path, "--record", "x.json", "--script", script]) == 2)
        #expect(!FileManager.default.fileExists(atPath: "x.json"), "nothing was recorded")
    }
}
