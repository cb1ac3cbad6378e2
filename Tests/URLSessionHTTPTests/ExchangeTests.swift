import Foundation
import HTTPTestServer
import Testing
import URLSessionHTTP

/// `URLSessionHTTP.exchange` against a real server on loopback: what it sends, what it
/// answers, and how it fails.
@Suite("URLSession exchange")
struct ExchangeTests {
    let exchange = URLSessionHTTP.exchange

    @Test("sends the method and headers; answers the status, headers and body, whatever the status")
    func answer() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.text(#"{"error": "busy"}"#, status: 503)
            response.headers = [("Retry-After", "7")]
            return response
        }
        let url = try #require(URL(string: "/feed?x=1", relativeTo: server.baseURL))

        let answer = try await exchange("GET", url, ["Accept": "application/json"], 10, 1 << 20)

        #expect(answer.status == 503)
        #expect(answer.headers.first { $0.key.lowercased() == "retry-after" }?.value == "7")
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"error": "busy"}"#)
        let sent = try #require(server.receivedRequests.first)
        #expect(sent.method == "GET")
        #expect(sent.path == "/feed")
        #expect(sent.headers["Accept"] == "application/json")
    }

    @Test("nothing listening: a URLError saying the host cannot be connected to")
    func refused() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())/feed"))
        await #expect { try await exchange("GET", url, [:], 10, 1 << 20) } throws: { ($0 as? URLError)?.code == .cannotConnectToHost }
    }

    @Test("no answer within the deadline: URLError timedOut")
    func late() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.text("{}", status: 200)
            response.delay = 12
            return response
        }
        await #expect { try await exchange("GET", server.baseURL, [:], 0.5, 1 << 20) } throws: { ($0 as? URLError)?.code == .timedOut }
    }

    @Test("a body over the limit: URLError dataLengthExceedsMaximum")
    func oversized() async throws {
        let server = try LoopbackHTTPServer { _ in .text(String(repeating: " ", count: 4096), status: 200) }
        await #expect { try await exchange("GET", server.baseURL, [:], 10, 1024) } throws: {
            ($0 as? URLError)?.code == .dataLengthExceedsMaximum
        }
    }
}
