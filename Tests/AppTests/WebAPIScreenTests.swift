import Core
import Foundation
import HTTPTestServer
import TerminalRunner
import Testing
import URLSessionHTTP
import WebAPI

@testable import App

/// Web API faults as the person sees them: the real app environment (`--api-url` at a
/// loopback server that misbehaves on purpose), the real Feed, RecipeDetails and
/// RecipeSearch screens, and what their text shows.
@MainActor
@Suite("Web API faults on screen")
struct WebAPIScreenTests {
    typealias Response = LoopbackHTTPServer.Response

    /// One way the server can fail, what the screen must say, and whether retry is offered.
    enum Fault: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case connectionRefused, timeout, slowBody, notFound, serverError, malformedJSON, wrongShape, wrongContentType, oversized,
            rateLimited

        var testDescription: String { rawValue }

        /// What the error on the screen says (after "Couldn't …:").
        var message: String {
            switch self {
            case .connectionRefused: "cannot be reached"
            case .timeout, .slowBody: "the recipe server did not answer in time"
            case .notFound: "the recipe server has nothing at"
            case .serverError: "the recipe server answered 500 (database down)"
            case .malformedJSON: "is not valid: it is not valid JSON at line 1, column"
            case .wrongShape: "does not have the shape Cookbook reads: the field “"
            case .wrongContentType: "answered text/html instead of JSON"
            case .oversized: "is too large"
            case .rateLimited: "the recipe server is busy and asks to wait 120 s before the next request"
            }
        }

        /// Why a saved copy is shown instead of the server's answer, as the notice says it.
        var savedCopyReason: String {
            switch self {
            case .connectionRefused: "offline"
            case .timeout, .slowBody: "the server did not answer in time"
            case .serverError: "the server answered 500"
            case .malformedJSON, .wrongContentType: "the server's answer cannot be read"
            default: "the server could not be asked"
            }
        }

        var canRetry: Bool {
            switch self {
            case .connectionRefused, .timeout, .slowBody, .serverError, .rateLimited: true
            case .notFound, .malformedJSON, .wrongShape, .wrongContentType, .oversized: false
            }
        }

        /// `--api-timeout`: short where the fault is slowness, generous elsewhere (an 8 MiB
        /// body takes a while to arrive in a debug build under load).
        var timeout: String {
            self == .timeout || self == .slowBody ? "1" : "10"
        }

        func response() -> Response {
            switch self {
            case .connectionRefused: .text("", status: 200)
            case .timeout:
                {
                    var response = Response.json(["ok": true])
                    response.delay = 12
                    return response
                }()
            case .slowBody:
                {
                    var response = Response.text(String(repeating: " ", count: 4000) + "{}", status: 200)
                    response.trickle = (pieces: 60, pause: 0.2)
                    return response
                }()
            case .notFound: .json(RecipeAPIContract.ErrorBody(error: "no such thing"), status: 404)
            case .serverError: .json(RecipeAPIContract.ErrorBody(error: "database down"), status: 500)
            case .malformedJSON: .text("{\"recipes\": [}", status: 200)
            // Of every answer's shape: a search's recipes, the feed's sections, a recipe's id.
            case .wrongShape:
                .text(#"{"recipes": 1, "total": 1, "offset": 0, "limit": 20, "popular": 1, "new": [], "id": "one"}"#, status: 200)
            case .wrongContentType: .text("<html>maintenance</html>", status: 200, contentType: "text/html")
            case .oversized: .text(String(repeating: " ", count: (8 << 20) + 16) + "{}", status: 200)
            case .rateLimited:
                {
                    var response = Response.json(RecipeAPIContract.ErrorBody(error: "slow down"), status: 429)
                    response.headers = [("Retry-After", "120")]
                    return response
                }()
            }
        }
    }

    /// The screens that load from the web API.
    enum ScreenKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case feed, recipeDetails, recipeSearch

        var testDescription: String { rawValue }

        @MainActor
        func resolve(in environment: AppEnvironment) -> AnyScreen {
            switch self {
            case .feed: environment.resolve(Screens.Feed()).erased
            case .recipeDetails: environment.resolve(Screens.RecipeDetails(recipeID: 1)).erased
            case .recipeSearch: environment.resolve(Screens.RecipeSearch(query: "curry")).erased
            }
        }
    }

    /// A server whose behaviour a test switches: the contract's answers, or a fault.
    final class SwitchableServer: Sendable {
        /// The fault the server answers with; nil: it follows the contract. An `NSLock`, which
        /// ThreadSanitizer sees on Linux (unlike `Mutex`).
        private final class Setting: @unchecked Sendable {
            private let lock = NSLock()
            private var current: Fault?

            var fault: Fault? {
                get { lock.withLock { current } }
                set { lock.withLock { current = newValue } }
            }
        }

        let server: LoopbackHTTPServer
        private let setting = Setting()

        init(recipes: [Recipe]) throws {
            let healthy = RecipeServerHandler.handler(recipes: recipes)
            let setting = self.setting
            server = try LoopbackHTTPServer { request in
                setting.fault?.response() ?? healthy(request)
            }
        }

        func fail(with fault: Fault?) {
            setting.fault = fault
        }
    }

    let recipes: [Recipe]
    let directory: TemporaryDirectory

    init() throws {
        recipes = BundledRecipeClient.bundled().recipes
        directory = try TemporaryDirectory()
    }

    func environment(apiURL: URL, timeout: String) throws -> AppEnvironment {
        try CookbookApp.makeEnvironment(
            LaunchOptions.parse(
                ["--data-dir", directory.url.path, "--api-url", apiURL.absoluteString, "--api-timeout", timeout],
                for: CookbookApp.program
            ),
            networking: { URLSessionHTTP.portableExchange }
        )
    }

    @Test(
        "every fault shows a typed error on every screen, with retry only where it may help", arguments: Fault.allCases, ScreenKind.allCases
    )
    func faultOnScreen(_ fault: Fault, _ kind: ScreenKind) async throws {
        defer { directory.remove() }
        let server = try SwitchableServer(recipes: recipes)
        server.fail(with: fault)
        var url = server.server.baseURL
        if fault == .connectionRefused {
            url = try #require(URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())"))
        }
        let screen = kind.resolve(in: try environment(apiURL: url, timeout: fault.timeout))

        await screen.appear()

        let text = screen.content.plainText()
        guard case .failed(let failure) = screen.content.status else {
            Issue.record("\(kind) should show the error, but shows:\n\(text)")
            return
        }
        #expect(text.contains("! Couldn't "), "\(text)")
        #expect(text.contains(fault.message), "\(text)")
        #expect(failure.canRetry == fault.canRetry)
        #expect(text.contains("(retry to try again)") == fault.canRetry, "\(text)")
        if !fault.canRetry {
            #expect(text.contains("Check the --api-url"), "\(text)")
        }
    }

    @Test("--api-timeout takes a number of seconds; anything else is a bad command line", arguments: ["soon", "0", "-1", "nan", "99999"])
    func badTimeout(_ value: String) async throws {
        defer { directory.remove() }
        let options = try LaunchOptions.parse(
            ["--data-dir", directory.url.path, "--api-url", "http://127.0.0.1:9", "--api-timeout", value], for: CookbookApp.program)
        let error = try #require(throws: UsageError.self) { try CookbookApp.makeEnvironment(options) }
        #expect(error.message == "--api-timeout needs a number of seconds between 0 and 3600, not “\(value)”")
        // A script that would run: status 2 must come from the option, not from the script.
        let script = try directory.write("quit\n", to: "quit.txt").path
        #expect(
            await CookbookApp.main(arguments: [
                "--data-dir", directory.url.path, "--api-url", "http://127.0.0.1:9", "--api-timeout", value, "--script", script,
            ]) == 2)
    }

    @Test("a 429 with a short Retry-After is waited out: the screen loads without the person doing anything")
    func shortRetryAfter() async throws {
        defer { directory.remove() }
        let healthy = RecipeServerHandler.handler(recipes: recipes)
        let answered = CallCounter()
        let server = try LoopbackHTTPServer { request in
            guard answered.next() == 1 else { return healthy(request) }
            var busy = Response.json(RecipeAPIContract.ErrorBody(error: "slow down"), status: 429)
            busy.headers = [("Retry-After", "1")]
            return busy
        }
        let feed = ScreenKind.feed.resolve(in: try environment(apiURL: server.baseURL, timeout: "10"))

        await feed.appear()

        #expect(feed.content.status == .ready, "\(feed.content.plainText())")
        #expect(server.receivedRequests.map(\.path) == ["/feed", "/feed"])
    }

    @Test("after a 500, retry loads the screen once the server is back")
    func retryAfterServerError() async throws {
        defer { directory.remove() }
        let server = try SwitchableServer(recipes: recipes)
        server.fail(with: .serverError)
        let feed = ScreenKind.feed.resolve(in: try environment(apiURL: server.server.baseURL, timeout: "10"))
        await feed.appear()
        #expect(feed.content.plainText().contains("(retry to try again)"))

        server.fail(with: nil)
        _ = await feed.handle(.retry)

        #expect(feed.content.status == .ready)
        #expect(feed.content.plainText().contains("## Popular"))
    }

    @Test(
        "what was fetched is served from the cache when the server then fails",
        arguments: [Fault.serverError, .timeout, .malformedJSON, .connectionRefused])
    func cacheServesAfterFailure(_ fault: Fault) async throws {
        defer { directory.remove() }
        let server = try SwitchableServer(recipes: recipes)
        // Room for the first, healthy answers even on a loaded machine; the late server takes 12 s.
        let environment = try environment(apiURL: server.server.baseURL, timeout: fault == .timeout ? "4" : "10")
        let online = [ScreenKind.recipeDetails, .recipeSearch].map { $0.resolve(in: environment) }
        for screen in online { await screen.appear() }
        let details = online[0].content.plainText()
        let search = online[1].content.plainText()
        #expect(details.contains("# Curry Rice"))
        #expect(search.contains("Curry Rice"))

        if fault == .connectionRefused {
            server.server.stop()
        } else {
            server.fail(with: fault)
        }
        let offline = [ScreenKind.recipeDetails, .recipeSearch].map { $0.resolve(in: environment) }
        for screen in offline { await screen.appear() }

        #expect(offline[0].content.plainText() == details, "the recipe, saved less than an hour ago, comes from the cache")
        #expect(offline[1].content.status == .ready)
        #expect(
            offline[1].content.notice?.hasPrefix("Saved copy from less than a minute ago; \(fault.savedCopyReason).") == true,
            "\(offline[1].content.plainText())")
        let titles = { (screen: AnyScreen) in
            screen.content.sections.first { $0.id == "results" }?.rows.filter { if case .link = $0.element { true } else { false } }.map(
                \.label) ?? []
        }
        #expect(titles(offline[1]) == titles(online[1]), "the same search is answered from the cache")
        #expect(!titles(offline[1]).isEmpty)
    }
}
