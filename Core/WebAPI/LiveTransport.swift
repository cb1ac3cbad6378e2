import Core
import DataFormats
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The web API over the network: requests go to `baseURL` through a live HTTP exchange
/// (`URLSessionHTTP.portableExchange`, found by `NetworkingLibrary`).
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

    public func address(of request: HTTPRequest) -> String {
        request.url(relativeTo: baseURL)?.absoluteString ?? baseURL.absoluteString + request.path
    }

    public func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse {
        guard let url = request.url(relativeTo: baseURL) else { throw .badURL(address(of: request)) }
        do {
            let answer = try await exchange(request.method, url, request.headers, timeout, maximumBodyBytes) { code, words in
                failure(urlErrorCode: code, words: words, address: address(of: request))
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

    /// A `URLError`, by its code, as a transport failure; `URLSessionHTTP` has put it in words.
    func failure(urlErrorCode code: Int, words: String, address: String) -> TransportError {
        switch code {
        case URLErrorCode.timedOut: .timedOut
        case URLErrorCode.dataLengthExceedsMaximum: .tooLarge(limit: maximumBodyBytes)
        case URLErrorCode.cancelled: .cancelled
        case URLErrorCode.badURL, URLErrorCode.unsupportedURL: .badURL(address)
        default: .unreachable(detail: words)
        }
    }
}

/// The `URLError` codes (Foundation's `NSURLError…` constants, the same on every platform) that
/// mean more than "the server cannot be reached". Spelled out because `URLError` is not in
/// FoundationEssentials; WebAPITests check them against `URLError.Code`.
enum URLErrorCode {
    static let cancelled = -999
    static let badURL = -1000
    static let timedOut = -1001
    static let unsupportedURL = -1002
    static let dataLengthExceedsMaximum = -1103
}
