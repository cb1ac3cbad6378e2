import Core
import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The web API over the network: requests go to `baseURL` through a live HTTP exchange
/// (`URLSessionHTTP.portableExchange`, found by `NetworkingLibrary`).
///
/// A user name and password given with the address (`credentials`) go with every request as
/// its `Authorization` header and nowhere else: `baseURL` has none, and addresses are shown as
/// `user:***@host`. Redirects are followed here, and only within the same scheme, host and port
/// (at most `maximumRedirects`); one to another place is refused, naming both places, so an
/// answer never comes from a server the person did not name and the credentials never go to one.
public struct LiveTransport: HTTPTransport {
    /// The API's base URL, with no credentials in it.
    public let baseURL: URL
    public let credentials: APICredentials?
    /// How long a request may take from start to the end of the body, redirects included, in seconds.
    public let timeout: Double
    /// Bodies larger than this are refused.
    public let maximumBodyBytes: Int
    private let exchange: NetworkingLibrary.Exchange

    public static let defaultTimeout: Double = 10
    public static let defaultMaximumBodyBytes = 8 << 20
    public static let maximumRedirects = 5

    public init(
        baseURL: URL, credentials: APICredentials? = nil, timeout: Double = defaultTimeout, maximumBodyBytes: Int = defaultMaximumBodyBytes,
        exchange: @escaping NetworkingLibrary.Exchange
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.exchange = exchange
    }

    /// The base address and credentials, for showing addresses.
    public var endpoint: APIEndpoint { APIEndpoint(url: baseURL, credentials: credentials) }

    public func address(of request: HTTPRequest) -> String {
        request.url(relativeTo: baseURL).map(endpoint.shown) ?? endpoint.shown + request.path
    }

    public func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse {
        guard var url = request.url(relativeTo: baseURL) else { throw .badURL(address(of: request)) }
        var headers = request.headers
        if let credentials { headers["Authorization"] = credentials.authorization }
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        var redirects = 0
        while true {
            let left = deadline - .now
            guard left > .zero else { throw .timedOut }
            let response = try await answer(url, headers: headers, within: left)
            guard let location = Self.redirect(response) else { return response }
            guard let next = Self.target(of: location, from: url) else {
                throw .badAnswer(detail: "it redirected the request to “\(APIAddress.redacted(location))”, which is not a web address")
            }
            guard Self.isSameServer(next, url) else {
                throw .redirected(from: endpoint.shown(url), to: APIAddress.redacted(next.absoluteString))
            }
            redirects += 1
            guard redirects <= Self.maximumRedirects else { throw .tooManyRedirects(from: endpoint.shown(url)) }
            url = next
        }
    }

    /// One exchange, whatever its status.
    private func answer(_ url: URL, headers: [String: String], within time: Duration) async throws(TransportError) -> HTTPResponse {
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        do {
            let answer = try await exchange("GET", url, headers, seconds, maximumBodyBytes) { code, words in
                failure(urlErrorCode: code, words: words, address: endpoint.shown(url))
            }
            return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)
        } catch is CancellationError {
            throw .cancelled
        } catch let error as TransportError {
            throw error
        } catch {
            throw .unreachable(detail: error.inWords)
        }
    }

    /// Where a redirect sends the request: its `Location`, for the statuses that mean "ask there".
    static func redirect(_ response: HTTPResponse) -> String? {
        guard [301, 302, 303, 307, 308].contains(response.status) else { return nil }
        return response.header("Location")
    }

    /// The absolute address a `Location` names, relative to the request's: nil when it is not an
    /// address. Its scheme in lower case, as URLSession takes it (`HTTP://h/x` is `http://h/x`;
    /// schemes are case-insensitive).
    static func target(of location: String, from url: URL) -> URL? {
        guard let resolved = URL(string: location, relativeTo: url)?.absoluteURL,
            var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false), let scheme = components.scheme
        else { return nil }
        components.scheme = scheme.lowercased()
        return components.url
    }

    /// Whether two addresses are on one server: the same scheme, host and port (the scheme's
    /// own port when none is written), and the second carries no credentials of its own.
    static func isSameServer(_ next: URL, _ current: URL) -> Bool {
        guard let a = URLComponents(url: next, resolvingAgainstBaseURL: true),
            let b = URLComponents(url: current, resolvingAgainstBaseURL: true),
            a.user == nil, a.password == nil
        else { return false }
        func port(_ components: URLComponents) -> Int? {
            components.port ?? (components.scheme?.lowercased() == "https" ? 443 : components.scheme?.lowercased() == "http" ? 80 : nil)
        }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }

    /// A `URLError`, by its code, as a transport failure; `URLSessionHTTP` has put it in words.
    func failure(urlErrorCode code: Int, words: String, address: String) -> TransportError {
        switch code {
        case URLErrorCode.timedOut: .timedOut
        case URLErrorCode.dataLengthExceedsMaximum: .tooLarge(limit: maximumBodyBytes)
        case URLErrorCode.cancelled: .cancelled
        case URLErrorCode.badURL: .badURL(address)
        case URLErrorCode.secureConnectionFailed: .notSecure(detail: words)
        case URLErrorCode.unknown, URLErrorCode.unsupportedURL, URLErrorCode.badServerResponse, URLErrorCode.zeroByteResource,
            URLErrorCode.cannotParseResponse:
            // The server was reached and answered something that is not a readable HTTP answer
            // (URLSession says "unsupported URL" for an answer that is not HTTP at all).
            .badAnswer(detail: words)
        default: .unreachable(detail: words)
        }
    }
}

/// The `URLError` codes (Foundation's `NSURLError…` constants, the same on every platform) that
/// mean more than "the server cannot be reached". Spelled out because `URLError` is not in
/// FoundationEssentials; WebAPITests check them against `URLError.Code`.
enum URLErrorCode {
    static let unknown = -1
    static let cancelled = -999
    static let badURL = -1000
    static let timedOut = -1001
    static let unsupportedURL = -1002
    static let badServerResponse = -1011
    static let zeroByteResource = -1014
    static let cannotParseResponse = -1017
    static let secureConnectionFailed = -1200
    static let dataLengthExceedsMaximum = -1103
}
