import DataFormats
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

    public func address(of request: HTTPRequest) -> String {
        request.url(relativeTo: baseURL)?.absoluteString ?? baseURL.absoluteString + request.path
    }

    public func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse {
        guard let url = request.url(relativeTo: baseURL) else { throw .badURL(address(of: request)) }
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

    /// A `URLError` as a transport failure; `URLSessionHTTP` has put it in words already.
    func failure(_ error: URLError) -> TransportError {
        switch error.code {
        case .timedOut: .timedOut
        case .dataLengthExceedsMaximum: .tooLarge(limit: maximumBodyBytes)
        case .cancelled: .cancelled
        case .badURL, .unsupportedURL: .badURL(error.failingURL?.absoluteString ?? "the URL")
        default: .unreachable(detail: error.localizedDescription)
        }
    }
}
