import Core
import CoreTesting
import Foundation
import HTTPTestServer
import Testing
import URLSessionHTTP
import WebAPI

/// The tests' loopback server does what the other tests rely on: it records what it was
/// asked, answers with the handler's status and headers, and answers the REST contract.
@Suite("Loopback HTTP server")
struct LoopbackHTTPServerTests {
    let recipes = Fixtures.recipes

    func get(_ path: String, from server: LoopbackHTTPServer) async throws -> (status: Int, headers: [String: String], body: Data) {
        let url = try #require(URL(string: path, relativeTo: server.baseURL))
        return try await URLSessionHTTP.exchange("GET", url, ["X-Test": "yes"], 10, 1 << 20)
    }

    @Test("records each request's method, path, query and headers")
    func records() async throws {
        let server = try LoopbackHTTPServer { _ in .text("{}", status: 200) }
        _ = try await get("/recipes?q=soup&limit=2", from: server)

        let request = try #require(server.receivedRequests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/recipes")
        #expect(request.queryItems == [URLQueryItem(name: "q", value: "soup"), URLQueryItem(name: "limit", value: "2")])
        #expect(request.headers["X-Test"] == "yes")
    }

    @Test("a stopped server refuses connections and keeps its port, so no other test's server is given it")
    func stoppedKeepsItsPort() async throws {
        let server = try LoopbackHTTPServer { _ in .text("{}", status: 200) }
        server.stop()
        #expect(!LoopbackHTTPServer.isFree(server.port))
        await #expect(throws: (any Error).self) { try await get("/feed", from: server) }
        // After an answer, the port holds a connection in TIME_WAIT: kept all the same.
        let answered = try LoopbackHTTPServer { _ in .text("{}", status: 200) }
        #expect(try await get("/feed", from: answered).status == 200)
        answered.stop()
        #expect(answered.keepsItsPort)
        #expect(!LoopbackHTTPServer.isFree(try LoopbackHTTPServer.closedPort()))
    }

    @Test("the contract handler answers searches, recipes and the feed, and 400/404 with an error body")
    func contract() async throws {
        let server = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: recipes))

        let search = try await get("/recipes?calories.max=300", from: server)
        let page = try JSONDecoder().decode(RecipeAPIContract.SearchResponse.self, from: search.body)
        #expect(page.recipes.map(\.id) == recipes.filter { $0.calories <= 300 }.map(\.id))
        #expect(!page.recipes.isEmpty)
        #expect(try await get("/recipes/\(recipes[0].id)", from: server).status == 200)
        #expect(try await get("/feed", from: server).status == 200)

        let bad = try await get("/recipes?colour=red", from: server)
        #expect(bad.status == 400)
        #expect(try JSONDecoder().decode(RecipeAPIContract.ErrorBody.self, from: bad.body).error == "unknown parameter “colour”")
        #expect(try await get("/recipes/99", from: server).status == 404)
    }
}
