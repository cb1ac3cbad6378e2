import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTP over Foundation's `URLSession`, in a module that needs nothing but Foundation.
///
/// On Linux, FoundationNetworking brings libcurl and about 30 more shared libraries, so this
/// module is kept apart: the app reaches it only when it talks to a web API (see
/// docs/web-api.md, "Loading the network code"). What the app gets from it is one function,
/// `exchange`, whose type is made of standard-library and Foundation types only, so it can be
/// handed across a dynamically loaded library and checked with a conditional cast.
public enum URLSessionHTTP {
    /// One HTTP exchange: method, absolute URL, request headers, the deadline for the whole
    /// answer in seconds, and the most body bytes to accept. Answers whatever the status;
    /// throws `URLError` (`.timedOut`, `.dataLengthExceedsMaximum`, or what URLSession
    /// reports) or `CancellationError`.
    public typealias Exchange =
        @Sendable (
            _ method: String, _ url: URL, _ headers: [String: String], _ timeout: Double, _ maximumBodyBytes: Int
        ) async throws -> (status: Int, headers: [String: String], body: Data)

    /// The symbol a dynamically loaded copy of this module exports (see `exportExchange`).
    /// The version changes whenever `Exchange` does.
    public static let entryPoint = "cookbook_urlsession_http_v1"

    /// The exchange, over one shared ephemeral session.
    public static let exchange: Exchange = { method, url, headers, timeout, maximumBodyBytes in
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        // URLSession's own limit only backs up the deadline `fetch` keeps: it is whole seconds
        // (on Linux a limit under one second can expire at once) and does not end a body that
        // keeps trickling in.
        request.timeoutInterval = max(1, timeout.rounded(.up))
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await fetch(request, timeout: timeout)
        } catch let error as URLError {
            throw URLError(error.code, userInfo: [NSLocalizedDescriptionKey: words(for: error.code), NSUnderlyingErrorKey: error])
        }
        guard let http = response as? HTTPURLResponse else { throw failure(.badServerResponse) }
        guard data.count <= maximumBodyBytes else { throw failure(.dataLengthExceedsMaximum) }
        return (http.statusCode, headerFields(of: http), data)
    }

    static func failure(_ code: URLError.Code) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: words(for: code)])
    }

    /// What a `URLError` code means, in words: never "NSURLErrorDomain error -1004". The
    /// exchange's errors carry it as their `localizedDescription`.
    public static func words(for code: URLError.Code) -> String {
        switch code {
        case .timedOut: "no answer in time"
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
        case .dataLengthExceedsMaximum: "the answer is larger than the limit"
        case .cancelled: "the request was cancelled"
        case .badURL, .unsupportedURL: "the URL is not one URLSession can use"
        default: "the network request failed (URL error \(code.rawValue))"
        }
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return fields
    }

    /// The answer to `request`, headers and whole body, within `timeout` of starting: a
    /// server that answers late, or trickles its body slower than that, times out.
    ///
    /// The deadline cancels the `URLSessionTask` itself, never a Swift task awaiting
    /// `URLSession.data(for:)`: on Linux, cancelling that task while the request ends on its
    /// own can deadlock (the cancellation holds the task's lock and waits for the session's
    /// queue, which waits for the lock to resume the task).
    private static func fetch(_ request: URLRequest, timeout: Double) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let answer = SingleAnswer(continuation)
            let task = session.dataTask(with: request) { data, response, error in
                if let data, let response {
                    answer.give(.success((data, response)))
                } else {
                    answer.give(.failure(error ?? URLError(.badServerResponse)))
                }
            }
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if answer.give(.failure(URLError(.timedOut))) { task.cancel() }
            }
        }
    }
}

/// Resumes a continuation with the first answer given; later answers are dropped.
///
/// An `NSLock` rather than a `Mutex`: the answer and the deadline race on two queues, and on
/// Linux ThreadSanitizer sees `NSLock` (pthread) but not `Mutex` (the standard library is not
/// instrumented), so a `Mutex` here is reported as a race in `swift test --sanitize=thread`.
private final class SingleAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?

    init(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        self.continuation = continuation
    }

    /// Whether this answer was the first.
    @discardableResult
    func give(_ answer: Result<(Data, URLResponse), any Error>) -> Bool {
        let first: CheckedContinuation<(Data, URLResponse), any Error>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        guard let first else { return false }
        first.resume(with: answer)
        return true
    }
}

/// The entry point of a dynamically loaded copy of this module: stores `URLSessionHTTP.exchange`
/// in `slot`, which must point to an initialized `Any`. C calling convention, so the loader can
/// find it with `dlsym` by a plain name; the loader checks what it gets with a conditional cast.
@c(cookbook_urlsession_http_v1)
public func exportExchange(_ slot: UnsafeMutableRawPointer) {
    slot.assumingMemoryBound(to: Any.self).pointee = URLSessionHTTP.exchange
}
