import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request of the recipe web API, relative to the API's base URL: what the client asks,
/// whatever carries it (the network, or a cassette).
public struct HTTPRequest: Hashable, Sendable {
    public var method: String
    /// From the API's root: `/recipes/42`.
    public var path: String
    /// In the order they are sent.
    public var query: [URLQueryItem]
    public var headers: [String: String]

    public init(method: String = "GET", path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// The request's URL under the API's base URL (which may have a path of its own).
    public func url(relativeTo base: URL) -> URL? {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        return components?.url
    }
}

/// An answer, whatever its status.
public struct HTTPResponse: Hashable, Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header's value; header names are case-insensitive.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// What carries the client's requests: the network (`LiveTransport`) or a cassette. The
/// client's own work (building requests, reading statuses, decoding, naming errors) is the
/// same over either.
public protocol HTTPTransport: Sendable {
    /// Where `request` goes, for messages: `http://127.0.0.1:8080/recipes/42`.
    func address(of request: HTTPRequest) -> String
    /// The answer to `request`, made for `call`, whatever its status; fails only when there is
    /// no answer.
    func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse
}

/// Why a request got no answer.
public enum TransportError: Error, Equatable, Sendable {
    /// The request cannot be made into a URL.
    case badURL(String)
    /// No connection, or it broke: `detail` says how, in words.
    case unreachable(detail: String)
    /// No complete answer within the deadline.
    case timedOut
    /// The body grew past the limit; reading stopped there.
    case tooLarge(limit: Int)
    /// The server answered, but not in a way that can be read: `detail` says how ("the answer
    /// stopped after 8 of the 1000 bytes its Content-Length announced").
    case badAnswer(detail: String)
    /// No secure connection could be made to an https:// address: `detail` says why ("it answers
    /// plain HTTP on that port, not HTTPS").
    case notSecure(detail: String)
    /// The server redirected the request from one address to another that is not on the same
    /// scheme, host and port: not followed. Both addresses as they may be shown.
    case redirected(from: String, to: String)
    /// More redirects than `LiveTransport.maximumRedirects`, from the address named.
    case tooManyRedirects(from: String)
    /// The task waiting for the answer was cancelled.
    case cancelled
    /// A cassette being replayed has no answer for the request.
    case notRecorded(CassetteMiss)
    /// The answer came, but the cassette being recorded could not be written.
    case recordingFailed(CassetteError)
}

/// A request a replayed cassette has no answer for: what to show, and how to record it.
public struct CassetteMiss: Equatable, Sendable {
    /// `GET /recipes?q=pasta&offset=0&limit=20`.
    public var request: String
    public var call: RecipeCall
    public var cassette: String
    /// The web API the cassette was recorded from.
    public var server: String

    public init(request: String, call: RecipeCall, cassette: String, server: String) {
        self.request = request
        self.call = call
        self.cassette = cassette
        self.server = server
    }

    /// The command that records the missing answer into the same cassette, each value quoted
    /// for the shell (a cassette's server is text from a file).
    public var recordCommand: String {
        "swift run cookbook --api-url \(ShellWord.quoted(server)) --record \(ShellWord.quoted(cassette))"
    }

    /// Why a strict replay cannot pass, for the end of a script: the request, and the two ways on.
    public var failure: String {
        "the cassette \(cassette) has no answer for \(request), and strict replay shows none: record it (\(recordCommand)), "
            + "or let such requests go to the web API (--replay-mode passthrough --api-url URL)"
    }
}
