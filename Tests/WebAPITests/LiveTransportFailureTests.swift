import DataFormats
import Foundation
import Testing

@testable import WebAPI

/// The live exchange names its failures by `URLError` code (the web API client cannot see
/// `URLError`): each code that means more than "unreachable" becomes its own transport error.
@Suite("Live transport failures by URLError code")
struct LiveTransportFailureTests {
    static let server = "http://api.test:9/v1"

    /// A transport whose exchange fails the way URLSessionHTTP does: through `failure`.
    static func transport(failingWith code: URLError.Code, words: String = "in words") throws -> LiveTransport {
        LiveTransport(baseURL: try #require(URL(string: server)), maximumBodyBytes: 512) { _, _, _, _, _, failure in
            throw failure(code.rawValue, words)
        }
    }

    @Test("the codes spelled out in WebAPI are URLError's")
    func codesAreURLErrors() {
        #expect(URLErrorCode.cancelled == URLError.Code.cancelled.rawValue)
        #expect(URLErrorCode.badURL == URLError.Code.badURL.rawValue)
        #expect(URLErrorCode.timedOut == URLError.Code.timedOut.rawValue)
        #expect(URLErrorCode.unsupportedURL == URLError.Code.unsupportedURL.rawValue)
        #expect(URLErrorCode.dataLengthExceedsMaximum == URLError.Code.dataLengthExceedsMaximum.rawValue)
        #expect(URLErrorCode.unknown == URLError.Code.unknown.rawValue)
        #expect(URLErrorCode.badServerResponse == URLError.Code.badServerResponse.rawValue)
        #expect(URLErrorCode.zeroByteResource == URLError.Code.zeroByteResource.rawValue)
        #expect(URLErrorCode.cannotParseResponse == URLError.Code.cannotParseResponse.rawValue)
        #expect(URLErrorCode.secureConnectionFailed == URLError.Code.secureConnectionFailed.rawValue)
    }

    @Test(
        "each failure arrives as the transport error it means",
        arguments: [
            (URLError.Code.timedOut, TransportError.timedOut),
            (.dataLengthExceedsMaximum, .tooLarge(limit: 512)),
            (.cancelled, .cancelled),
            (.badURL, .badURL("http://api.test:9/v1/recipes")),
            // URLSession's words for an answer that is not HTTP at all; the URL was checked before.
            (.unsupportedURL, .badAnswer(detail: "the connection was refused")),
            (.unknown, .badAnswer(detail: "the connection was refused")),
            (.badServerResponse, .badAnswer(detail: "the connection was refused")),
            (.cannotConnectToHost, .unreachable(detail: "the connection was refused")),
            (.secureConnectionFailed, .notSecure(detail: "the connection was refused")),
        ])
    func failures(code: URLError.Code, expected: TransportError) async throws {
        let transport = try Self.transport(failingWith: code, words: "the connection was refused")
        await #expect(throws: expected) {
            _ = try await transport.send(HTTPRequest(path: "/recipes"), for: .feed)
        }
    }

    @Test(
        "a Location that is not an address is a broken answer naming it; one on another scheme, in any case, is elsewhere",
        arguments: [
            ("http://[::1", TransportError.badAnswer(detail: "it redirected the request to “http://[::1”, which is not a web address")),
            ("HTTPS://api.test:9/v1/feed", .redirected(from: "http://api.test:9/v1/recipes", to: "https://api.test:9/v1/feed")),
            ("HTTP://secret@api.test:9/x", .redirected(from: "http://api.test:9/v1/recipes", to: "http://***@api.test:9/x")),
        ])
    func locations(location: String, expected: TransportError) async throws {
        let transport = LiveTransport(baseURL: try #require(URL(string: Self.server))) { _, _, _, _, _, _ in
            (status: 302, headers: ["Location": location], body: Data())
        }
        await #expect(throws: expected) { _ = try await transport.send(HTTPRequest(path: "/recipes"), for: .feed) }
    }
}
