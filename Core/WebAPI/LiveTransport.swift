import Foundation

/// The web API over the network: requests go to `baseURL` through a live HTTP exchange
/// (`URLSessionHTTP.exchange`, found by `NetworkingLibrary`).
public struct LiveTransport: HTTPTransport {
    public let baseURL: URL
    /// How long a request may take from start to the end of the body, in seconds.
    public let timeout: Double
    /// Bodies larger than this are refused.
    public let maximumBodyBytes: Int
    private let exchange: NetworkingLibrary.Exchange

    public static let defaultTimeout: Double = 10
    public static let defaultMaximumBodyBytes = 8 << 20

    public init(
        baseURL: URL, timeout: Double = defaultTimeout, maximumBodyBytes: Int = defaultMaximumBodyBytes,
        exchange: @escaping NetworkingLibrary.Exchange
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.exchange = exchange
    }

    public func url(of request: HTTPRequest) -> URL? {
        var components = URLComponents(url: baseURL.appendingPathComponent(request.path), resolvingAgainstBaseURL: false)
        if !request.query.isEmpty { components?.queryItems = request.query }
        return components?.url
    }

    public func address(of request: HTTPRequest) -> String {
        url(of: request)?.absoluteString ?? baseURL.absoluteString + request.path
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let url = url(of: request) else { throw .badURL(address(of: request)) }
        do {
            let answer = try await exchange(request.method, url, request.headers, timeout, maximumBodyBytes)
            return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)
        } catch is CancellationError {
            throw .cancelled
        } catch let error as URLError {
            throw failure(error)
        } catch {
            throw .unreachable(detail: error.localizedDescription)
        }
    }

    /// A `URLError` in words: never "NSURLErrorDomain error -1004".
    func failure(_ error: URLError) -> TransportError {
        switch error.code {
        case .timedOut: return .timedOut
        case .dataLengthExceedsMaximum: return .tooLarge(limit: maximumBodyBytes)
        case .cancelled: return .cancelled
        case .badURL, .unsupportedURL: return .badURL(error.failingURL?.absoluteString ?? "the URL")
        default: return .unreachable(detail: Self.words(for: error.code))
        }
    }

    static func words(for code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "the connection was refused"
        case .cannotFindHost, .dnsLookupFailed: "the host name cannot be found"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "this computer is not connected to a network"
        case .secureConnectionFailed: "the secure connection failed"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "the server's certificate is not trusted"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: "the server redirects in circles"
        case .badServerResponse, .zeroByteResource, .cannotParseResponse: "the server's answer is not HTTP"
        case .userAuthenticationRequired, .userCancelledAuthentication: "the server asks for a login"
        default: "the network request failed (URL error \(code.rawValue))"
        }
    }
}
