import Core
import CoreTesting
import DataFormats
import Foundation
import HTTPTestServer
import Testing
import WebAPI

/// Where the client lets a redirect take it, where credentials go, and what it says of an answer
/// that came but cannot be read: against real servers on loopback.
@Suite("Web API redirects, credentials and broken answers")
struct RedirectAndAnswerTests {
    let recipes = Fixtures.recipes

    func client(_ address: String) throws -> HTTPRecipeClient {
        let endpoint = try APIAddress.endpoint(address)
        // The deadline covers the whole chain of redirects on loopback: milliseconds, but each step
        // resumes when a thread is free, behind every test queued meanwhile. With 1,500 tests on two
        // cores under ThreadSanitizer, six steps took over two minutes, longer than the whole suite
        // takes. These tests are about where a redirect goes, not how fast: five minutes only catch a hang.
        return liveClient(endpoint.url, credentials: endpoint.credentials, timeout: 300)
    }

    func redirect(to location: String) -> LoopbackHTTPServer.Response {
        var response = LoopbackHTTPServer.Response(status: 302, contentType: "text/plain", body: Data("moved".utf8))
        response.headers = [("Location", location)]
        return response
    }

    @Test("a 302 to another name for the same host, or to another port: refused, naming both places; nothing is asked there")
    func elsewhere() async throws {
        let other = try LoopbackHTTPServer(handler: RecipeServerHandler.handler(recipes: recipes))
        for target in ["http://localhost:\(other.port)/feed", "http://127.0.0.1:\(other.port)/feed", "https://127.0.0.1/feed"] {
            let server = try LoopbackHTTPServer { _ in redirect(to: target) }
            let client = try client(server.baseURL.absoluteString)

            let error = try await #require(throws: APIError.self) { try await client.feed() }

            let from = server.baseURL.appendingPathComponent("feed").absoluteString
            #expect(error == .redirectedElsewhere(url: from, to: target))
            #expect(
                error.errorDescription
                    == "the recipe server at \(from) redirected the request to \(target), which is not the same server (scheme, host and port), so Cookbook did not follow it"
            )
            #expect(!error.canRetry)
        }
        #expect(other.receivedRequests.isEmpty, "the other server was never asked")
    }

    @Test("a redirect on the same server is followed, credentials and all; the answer is the new place's")
    func sameServer() async throws {
        let contract = RecipeServerHandler.handler(recipes: recipes)
        let server = try LoopbackHTTPServer { request in
            request.path == "/old/feed" ? redirect(to: "/feed") : contract(request)
        }
        let address = "http://cook:s3cret@127.0.0.1:\(server.port)/old"
        let error = try await #require(throws: APIError.self) { try await client(address).recipe(id: 1) }
        #expect(error == .notFound(url: "http://***@127.0.0.1:\(server.port)/old/recipes/1"), "the place asked, as it is shown")

        let feed = try await client(address).feed()

        #expect(!feed.popular.isEmpty)
        #expect(server.receivedRequests.map(\.path).suffix(2) == ["/old/feed", "/feed"])
        let authorization = "Basic " + Data("cook:s3cret".utf8).base64EncodedString()
        #expect(server.receivedRequests.allSatisfy { $0.headers["Authorization"] == authorization })
    }

    @Test("redirects in a circle end after 5 with their own error")
    func circle() async throws {
        let server = try LoopbackHTTPServer { request in redirect(to: request.path == "/a" ? "/b" : "/a") }
        let error = try await #require(throws: APIError.self) { try await client(server.baseURL.absoluteString + "/a").feed() }
        guard case .tooManyRedirects = error else {
            Issue.record("expected tooManyRedirects, got \(error)")
            return
        }
        #expect(server.receivedRequests.count == 6)
    }

    @Test("a password in the address is never in a message: the address is shown as ***@")
    func passwordNeverShown() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let error = try await #require(throws: APIError.self) { try await client("http://cook:PASSWORD@127.0.0.1:\(port)").feed() }

        let words = ScreenFailure(error, whileTrying: "load the feed").messageWithRecovery
        #expect(words.contains("http://***@127.0.0.1:\(port)/feed"), "\(words)")
        #expect(!words.contains("PASSWORD"))
        #expect(throws: APIAddressError.self) { try APIAddress.endpoint("ftp://cook:PASSWORD@host") }
        #expect((try? APIAddress.endpoint("ftp://cook:PASSWORD@host")) == nil)
        do {
            _ = try APIAddress.endpoint("ftp://cook:PASSWORD@host")
        } catch {
            #expect(
                error.message
                    == "--api-url needs an http:// or https:// URL with a host, not “ftp://***@host” (for example http://127.0.0.1:8080)"
            )
        }
    }

    @Test(
        "an answer that came but cannot be read is said as that, not as a server that cannot be reached",
        arguments: [
            ("a body shorter than its Content-Length", "the answer stopped after 2 of the 1000 bytes its Content-Length announced"),
            ("Content-Length: -1", "its Content-Length header is not a size"),
            ("headers without end", "its headers go on without end"),
        ])
    func brokenAnswers(fault: String, words: String) async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response(status: 200, contentType: "application/json", body: Data("{}".utf8))
            response.omitsContentLength = true
            switch fault {
            case "a body shorter than its Content-Length": response.headers = [("Content-Length", "1000")]
            case "Content-Length: -1": response.headers = [("Content-Length", "-1")]
            default: response.headers = (0..<10_000).map { ("X-Filler-\($0)", String(repeating: "a", count: 30)) }
            }
            return response
        }
        let error = try await #require(throws: APIError.self) { try await client(server.baseURL.absoluteString).feed() }

        guard case .badAnswer(let url, let detail) = error else {
            Issue.record("expected badAnswer, got \(error)")
            return
        }
        #expect(url == server.baseURL.appendingPathComponent("feed").absoluteString)
        #expect(detail.hasPrefix(words), "\(detail)")
        #expect(error.errorDescription?.hasPrefix("the recipe server at \(url) answered, but its answer cannot be read: ") == true)
        #expect(error.canRetry)
    }
}
