import Foundation
import HTTPTestServer
import Testing
import URLSessionHTTP

/// Bodies in every framing come through the same over IPv4 and over an IPv6 literal
/// (`http://[::1]:PORT`, which URLSession on Linux fails as a bad URL and the module carries
/// itself); `ExchangeTests` runs its cases over both as well.
@Suite("The exchange's bodies over IPv4 and IPv6 literals")
struct AddressFamilyTests {
    @Test("a chunked body is put together; one without a length is read to the end", arguments: [false, true])
    func bodies(ipv6: Bool) async throws {
        let server = try LoopbackHTTPServer(ipv6: ipv6) { request in
            var response = LoopbackHTTPServer.Response.text(
                request.path == "/chunked" ? "4\r\n{\"a\"\r\nA;name=x\r\n:[1,2,3]}\n\r\n0\r\n\r\n" : #"{"whole": true}"#, status: 200)
            response.omitsContentLength = true
            if request.path == "/chunked" { response.headers = [("Transfer-Encoding", "chunked")] }
            return response
        }
        let chunked = try await URLSessionHTTP.exchange("GET", server.baseURL.appendingPathComponent("chunked"), [:], 10, 1 << 20)
        let toTheEnd = try await URLSessionHTTP.exchange("GET", server.baseURL.appendingPathComponent("plain"), [:], 10, 1 << 20)

        #expect(String(decoding: chunked.body, as: UTF8.self) == "{\"a\":[1,2,3]}\n")
        #expect(String(decoding: toTheEnd.body, as: UTF8.self) == #"{"whole": true}"#)
    }
}

/// An https:// address whose port speaks plain HTTP fails in words within about a second, not
/// after the whole timeout, even when the server waits for a request line.
@Suite("https:// to a plain-HTTP port")
struct PlainHTTPPortTests {
    @Test("a server that waits for a request: refused as not speaking HTTPS, not by the 120 s deadline")
    func waitingServer() async throws {
        let server = try LoopbackHTTPServer { _ in .text("{}", status: 200) }
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/feed"))
        let error = await #expect(throws: URLError.self) { try await URLSessionHTTP.exchange("GET", url, [:], 120, 1 << 20) }

        // Not the 120 s timeout's error: the probe that goes out half a second in found plain HTTP.
        #expect(error?.code == .secureConnectionFailed)
        #expect(error?.localizedDescription == "it answers plain HTTP on that port, not HTTPS")
    }
}
