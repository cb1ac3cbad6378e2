import DataFormats
import Foundation
import URLSessionHTTP
import WebAPI

/// The web API client over the network at `baseURL`, with `URLSessionHTTP` linked in (the
/// app loads it on demand instead; see `NetworkingLibrary`).
public func liveClient(
    _ baseURL: URL, credentials: APICredentials? = nil, timeout: Double = LiveTransport.defaultTimeout,
    maximumBodyBytes: Int = LiveTransport.defaultMaximumBodyBytes
) -> HTTPRecipeClient {
    HTTPRecipeClient(
        transport: LiveTransport(
            baseURL: baseURL, credentials: credentials, timeout: timeout, maximumBodyBytes: maximumBodyBytes,
            exchange: URLSessionHTTP.portableExchange))
}
