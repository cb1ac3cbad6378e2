import Core
import CoreTesting
import DataFormats
import Foundation
import HTTPTestServer
import Testing
import WebAPI

/// The HTTP client over the network, against a real server on loopback, started here.
@Suite("Web API client")
struct WebAPIClientTests {
    let recipes = Fixtures.recipes

    func server(_ handler: LoopbackHTTPServer.Handler? = nil) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(handler: handler ?? RecipeServerHandler.handler(recipes: recipes))
    }

    @Test("search sends the query, sort and page as the contract says, and decodes the page")
    func search() async throws {
        let server = try server()
        let client = liveClient(server.baseURL)
        let query = Query<Recipe>.keyword("curry").and(.equal(.isVegetarian, .bool(true))).and(.atMost(.calories, .integer(500)))

        let page = try await client.searchRecipes(query, sort: [.descending(.popularity)], page: PageRequest(offset: 0, limit: 1))

        let expected = query.results(in: recipes, sortedBy: [.descending(.popularity)])
        #expect(page.total == expected.count)
        #expect(page.recipes == Array(expected.prefix(1)))
        #expect(page.hasMore == (expected.count > 1))
        let sent = try #require(server.receivedRequests.first)
        #expect(sent.path == "/recipes")
        #expect(sent.headers["Accept"] == "application/json")
        #expect(
            sent.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
                "q=curry", "isVegetarian=true", "calories.max=500", "sort=-popularity", "offset=0", "limit=1",
            ])
    }

    @Test("recipe by id and the feed")
    func recipeAndFeed() async throws {
        let server = try server()
        let client = liveClient(server.baseURL)

        #expect(try await client.recipe(id: 1).title == "Curry Rice")
        let feed = try await client.feed()
        #expect(feed.popular.first == recipes.sorted(by: [.descending(.popularity)]).first)
        #expect(feed.new.count == min(8, recipes.count))
    }

    @Test("404 is not found and cannot be retried")
    func notFound() async throws {
        let client = liveClient(try server().baseURL)
        await #expect(throws: APIError.self) { try await client.recipe(id: 9999) }
        do {
            _ = try await client.recipe(id: 9999)
        } catch let error as APIError {
            guard case .notFound = error else {
                Issue.record("expected notFound, got \(error)")
                return
            }
            #expect(!error.canRetry)
            #expect(ScreenFailure(error, whileTrying: "load recipe 9999").message.contains("has nothing at"))
        }
    }

    @Test("a 400 with an error body says what the server said")
    func badRequest() async throws {
        let server = try server { _ in .json(RecipeAPIContract.ErrorBody(error: "unknown parameter “colour”"), status: 400) }
        let client = liveClient(server.baseURL)
        do {
            _ = try await client.feed()
            Issue.record("expected an error")
        } catch let error as APIError {
            #expect(
                error
                    == .http(
                        status: 400, url: server.baseURL.appendingPathComponent("feed").absoluteString,
                        message: "unknown parameter “colour”"))
            #expect(!error.canRetry)
        }
    }

    @Test("a 500 can be retried")
    func serverError() async throws {
        let client = liveClient(try server { _ in .text("{\"error\":\"database down\"}", status: 500) }.baseURL)
        do {
            _ = try await client.feed()
            Issue.record("expected an error")
        } catch let error as APIError {
            guard case .http(500, _, "database down") = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(error.canRetry)
        }
    }

    @Test("malformed JSON names the problem and cannot be retried")
    func malformedJSON() async throws {
        let client = liveClient(try server { _ in .text("{\"popular\": [}", status: 200) }.baseURL)
        do {
            _ = try await client.feed()
            Issue.record("expected an error")
        } catch let error as APIError {
            guard case .malformed(_, let detail) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(detail.contains("not valid JSON"))
            #expect(!error.canRetry)
        }
    }

    @Test(
        "a body of the wrong shape is a typed error naming the field",
        arguments: [
            (#"{"popular": []}"#, "new", "is missing"),
            (#"{"popular": [], "new": {}}"#, "new", "should be a list, but is an object"),
            (#"{"popular": [], "new": [{"id": "seven"}]}"#, "new[0].id", "should be a whole number, but is the text “seven”"),
            (#"{"popular": null, "new": []}"#, "popular", "should be a list, but is null"),
            (#"[1, 2]"#, "", "should be an object, but is a list"),
        ])
    func wrongShape(body: String, field: String, problem: String) async throws {
        let server = try server { _ in .text(body, status: 200) }
        let client = liveClient(server.baseURL)
        let error = try await #require(throws: APIError.self) { try await client.feed() }

        let url = server.baseURL.appendingPathComponent("feed").absoluteString
        #expect(error == .unexpectedShape(url: url, field: JSONFieldProblem(field: field, problem: problem)))
        #expect(!error.canRetry)
        let failure = ScreenFailure(error, whileTrying: "load the feed")
        #expect(
            failure.message
                == "Couldn't load the feed: the recipe server's answer for \(url) does not have the shape Cookbook reads: "
                + (field.isEmpty ? "the answer \(problem)" : "the field “\(field)” \(problem)"))
    }

    @Test("a recipe field of the wrong kind deep in a search answer is named with its place")
    func wrongShapeDeepInASearch() async throws {
        var recipe = try JSONSerialization.jsonObject(with: JSONEncoder().encode(recipes[0])) as? [String: Any] ?? [:]
        recipe["category"] = "brunch"
        let page: [String: Any] = ["recipes": [recipe], "total": 1, "offset": 0, "limit": 20]
        let body = try JSONSerialization.data(withJSONObject: page)
        let client = liveClient(
            try server { _ in LoopbackHTTPServer.Response(status: 200, contentType: "application/json", body: body) }.baseURL)

        let error = try await #require(throws: APIError.self) { try await client.findAll() }

        guard case .unexpectedShape(_, let field) = error else {
            Issue.record("expected unexpectedShape, got \(error)")
            return
        }
        #expect(field == JSONFieldProblem(field: "recipes[0].category", problem: "has a value Cookbook does not know: the text “brunch”"))
    }

    @Test("an answer nested 300,000 deep (far under the size limit) is refused in words, not by a crash")
    func deeplyNested() async throws {
        let body = String(repeating: "[", count: 300_000) + String(repeating: "]", count: 300_000)
        let client = liveClient(try server { _ in .text(body, status: 200) }.baseURL)

        let error = try await #require(throws: APIError.self) { try await client.feed() }

        guard case .malformed(_, let detail) = error else {
            Issue.record("expected malformed, got \(error)")
            return
        }
        #expect(detail == "it is nested deeper than 100 levels at line 1, column 101")
        #expect(!error.canRetry)
    }

    @Test("a number out of range in an answer names its field, not “the top level”")
    func numberOutOfRange() async throws {
        let client = liveClient(
            try server { _ in .text(#"{"recipes": [], "total": 1e400, "offset": 0, "limit": 20}"#, status: 200) }.baseURL)

        let error = try await #require(throws: APIError.self) { try await client.searchRecipes(.all, sort: [], page: .first) }

        guard case .unexpectedShape(_, let field) = error else {
            Issue.record("expected unexpectedShape, got \(error)")
            return
        }
        #expect(field.field == "total")
        #expect(field.problem.hasSuffix("but is 1e400 (line 1, column 26)"))
    }

    @Test("HTML instead of JSON is a wrong content type")
    func wrongContentType() async throws {
        let client = liveClient(try server { _ in .text("<html>hi</html>", status: 200, contentType: "text/html") }.baseURL)
        do {
            _ = try await client.feed()
            Issue.record("expected an error")
        } catch let error as APIError {
            guard case .wrongContentType(_, "text/html") = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(!error.canRetry)
        }
    }

    @Test("a server that answers too late times out, and retry is offered")
    func timeout() async throws {
        let server = try server { _ in
            var response = Response.json(["ok": true])
            response.delay = 12
            return response
        }
        // Timed out, rather than decoding the late answer: it gave up before the server answered.
        try await expectFeedTimesOut(from: server, timeout: 0.5)
    }

    @Test("a body trickled slower than the timeout allows times out, and retry is offered")
    func slowBody() async throws {
        // Each piece comes well within the timeout; the whole body would take 12 s.
        let feed = RecipeFeed(popular: Array(recipes.prefix(8)), new: Array(recipes.suffix(8)))
        let server = try server { _ in
            var response = Response.json(feed)
            response.trickle = (pieces: 60, pause: 0.2)
            return response
        }
        // Timed out, rather than decoding the whole (valid) body: it gave up before it was complete.
        try await expectFeedTimesOut(from: server, timeout: 0.6)
    }

    /// Asks `server` for the feed with `timeout` and expects a retryable timeout, no sooner than
    /// the timeout. (No upper bound on the time: under load the test itself may resume late.)
    private func expectFeedTimesOut(from server: LoopbackHTTPServer, timeout: TimeInterval) async throws {
        let client = liveClient(server.baseURL, timeout: timeout)
        let start = ContinuousClock.now
        do {
            _ = try await client.feed()
            Issue.record("expected a timeout")
        } catch let error as APIError {
            #expect(error == .timedOut(url: server.baseURL.appendingPathComponent("feed").absoluteString))
            #expect(error.canRetry)
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .seconds(timeout * 0.9), "the client waited for its timeout (\(elapsed))")
    }

    @Test("nothing listening is unreachable, and retry is offered")
    func connectionRefused() async throws {
        let client = liveClient(try #require(URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())")))
        do {
            _ = try await client.feed()
            Issue.record("expected an error")
        } catch let error as APIError {
            guard case .unreachable(_, let detail) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(detail == "the connection was refused", "in words, not an error domain and code")
            #expect(error.canRetry)
        }
    }

    @Test("an oversized body is refused")
    func oversized() async throws {
        let client = liveClient(
            try server { _ in .text(String(repeating: " ", count: 4096) + "{}", status: 200) }.baseURL, maximumBodyBytes: 1024)
        do {
            _ = try await client.feed()
            Issue.record("expected an error")
        } catch let error as APIError {
            guard case .tooLarge(_, 1024) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(!error.canRetry)
        }
    }

    typealias Response = LoopbackHTTPServer.Response
}

@Suite("Web API client: cancellation")
struct WebAPICancellationTests {
    @Test("cancelling a call while the server hangs throws CancellationError, not a web API error")
    func cancel() async throws {
        // The server answers, and the client gives up, long after the cancel, which follows the
        // request at once: the test is about what a cancel throws, not about how soon it is seen.
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.json(["ok": true])
            response.delay = 30
            return response
        }
        let client = liveClient(server.baseURL, timeout: 60)
        let call = Task { try await client.feed() }
        try await server.requests()

        call.cancel()

        await #expect(throws: CancellationError.self) { try await call.value }
    }
}
