import Core
import CoreTesting
import DataFormats
import Foundation
import Testing
import WebAPI

/// A transport that answers from a closure and remembers what it was asked.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    let answer: @Sendable (HTTPRequest) -> HTTPResponse

    init(answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.answer = answer
    }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func address(of request: HTTPRequest) -> String { "http://live.test" + request.path }

    func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse {
        lock.withLock { sent.append(request) }
        return answer(request)
    }

    static func json(_ value: some Encodable, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 },
            body: (try? JSONEncoder().encode(value)) ?? Data())
    }
}

@Suite("Replaying a cassette")
struct CassetteTransportTests {
    let feed = RecipeFeed(popular: Array(Fixtures.recipes.prefix(3)), new: Array(Fixtures.recipes.suffix(2)))

    func interaction(_ path: String, _ call: RecipeCall, _ response: HTTPResponse, query: [String] = []) -> Cassette.Interaction {
        Cassette.Interaction(
            call: call, request: RecordedRequest(method: "GET", path: path, query: query),
            response: RecordedResponse(status: response.status, headers: response.headers, body: response.body))
    }

    func client(_ interactions: [Cassette.Interaction], passthrough: (any HTTPTransport)? = nil) -> HTTPRecipeClient {
        HTTPRecipeClient(
            transport: CassetteTransport(
                cassette: Cassette(server: "http://127.0.0.1:8080", interactions: interactions), file: "feed.json", passthrough: passthrough
            ))
    }

    @Test("a recorded answer is decoded by the same client code as a live one")
    func replays() async throws {
        let client = client([interaction("/feed", .feed, FakeTransport.json(feed))])
        #expect(try await client.feed() == feed)
        #expect(try await client.feed() == feed, "the last answer is given again")
    }

    @Test("the same request recorded twice answers in order: a 500, then the feed on retry")
    func inOrder() async throws {
        let client = client([
            interaction("/feed", .feed, FakeTransport.json(RecipeAPIContract.ErrorBody(error: "down"), status: 500)),
            interaction("/feed", .feed, FakeTransport.json(feed)),
        ])
        await #expect(throws: APIError.http(status: 500, url: "http://127.0.0.1:8080/feed", message: "down")) { try await client.feed() }
        #expect(try await client.feed() == feed)
    }

    @Test("strict: a request not in the cassette fails with a typed error naming it and the command that records it")
    func strictMiss() async throws {
        let client = client([interaction("/feed", .feed, FakeTransport.json(feed))])
        let error = try await #require(throws: APIError.self) {
            try await client.searchRecipes(.keyword("pasta"), sort: [.descending(.popularity)], page: .first)
        }
        guard case .notRecorded(let miss) = error else {
            Issue.record("expected notRecorded, got \(error)")
            return
        }
        #expect(miss.request == "GET /recipes?q=pasta&sort=-popularity&offset=0&limit=20")
        #expect(miss.call == .searchRecipes(query: [.keyword("pasta")], sort: ["-popularity"], offset: 0, limit: 20))
        #expect(!error.canRetry)
        let shown = ScreenFailure(error, whileTrying: "search").message + " " + (error.recoverySuggestion ?? "")
        #expect(shown.contains("the cassette feed.json has no answer for GET /recipes?q=pasta"))
        #expect(shown.contains("searchRecipes(keyword “pasta”; sort -popularity; offset 0, limit 20)"))
        #expect(shown.contains("swift run cookbook --api-url http://127.0.0.1:8080 --record feed.json"))
    }

    @Test("passthrough: a request not in the cassette goes to the live web API; recorded ones do not")
    func passthrough() async throws {
        let live = FakeTransport { _ in FakeTransport.json(RecipeAPIContract.SearchResponse(recipes: [], total: 0, offset: 0, limit: 20)) }
        let client = client([interaction("/feed", .feed, FakeTransport.json(feed))], passthrough: live)

        #expect(try await client.feed() == feed)
        #expect(try await client.searchRecipes(.keyword("pasta"), sort: [], page: .first).total == 0)
        #expect(live.requests.map(\.path) == ["/recipes"])
    }

    @Test("replayed failures read like the live ones: the address is the recorded server's")
    func address() throws {
        let transport = CassetteTransport(cassette: Cassette(server: "http://api.test:9/v1"), file: "c.json")
        let live = LiveTransport(
            baseURL: try #require(URL(string: "http://api.test:9/v1")), exchange: { _, _, _, _, _, _ in (200, [:], Data()) })
        let request = HTTPRequest(path: "/recipes", query: [URLQueryItem(name: "q", value: "a b")])
        #expect(transport.address(of: request) == "http://api.test:9/v1/recipes?q=a%20b")
        #expect(transport.address(of: request) == live.address(of: request))
    }
}

@Suite("The command that records a missing answer")
struct RecordCommandTests {
    @Test("the server and the cassette's path are each one quoted word")
    func quoted() {
        let miss = CassetteMiss(
            request: "GET /feed", call: .feed, cassette: "/tmp/my cassettes/it's.json", server: "http://***@127.0.0.1:8080")
        #expect(
            miss.recordCommand == #"swift run cookbook --api-url 'http://***@127.0.0.1:8080' --record '/tmp/my cassettes/it'\''s.json'"#)
        let plain = CassetteMiss(request: "GET /feed", call: .feed, cassette: "c.json", server: "http://127.0.0.1:8080")
        #expect(plain.recordCommand == "swift run cookbook --api-url http://127.0.0.1:8080 --record c.json")
    }
}
