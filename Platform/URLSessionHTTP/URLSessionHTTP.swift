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

    /// The exchange as the app's web API client (WebAPI's `LiveTransport`) takes it. That client
    /// is built on FoundationEssentials, where `URLError` does not exist, so a `URLError` is
    /// handed to `failure` as its code and words (`words(for:)`), and what `failure` returns is
    /// thrown. Other errors (`CancellationError`) are thrown as they are. Redirects are not
    /// followed here: a 3xx is answered as it came, and the client decides where it may go.
    public typealias PortableExchange =
        @Sendable (
            _ method: String, _ url: URL, _ headers: [String: String], _ timeout: Double, _ maximumBodyBytes: Int,
            _ failure: @Sendable (_ urlErrorCode: Int, _ words: String) -> any Error
        ) async throws -> (status: Int, headers: [String: String], body: Data)

    /// The symbol a dynamically loaded copy of this module exports (see `exportExchange`).
    /// The version changes whenever `PortableExchange` does.
    public static let entryPoint = "cookbook_urlsession_http_v2"

    /// `exchange`, with its `URLError`s given to the caller's `failure`.
    public static let portableExchange: PortableExchange = { method, url, headers, timeout, maximumBodyBytes, failure in
        do {
            return try await exchange(method, url, headers, timeout, maximumBodyBytes)
        } catch let error as URLError {
            throw failure(error.code.rawValue, error.localizedDescription)
        }
    }

    /// The exchange, over one shared ephemeral session. The body is read as it arrives and
    /// the transfer stops as soon as it passes `maximumBodyBytes` (or at once when the server
    /// announces more); cancelling the calling task ends the transfer and throws
    /// `CancellationError` at once.
    public static let exchange: Exchange = { method, url, headers, timeout, maximumBodyBytes in
        if SocketHTTP.isNeeded(for: url) {
            do {
                return try await SocketHTTP.exchange(method, url, headers, timeout, maximumBodyBytes)
            } catch let error as URLError {
                throw URLError(error.code, userInfo: [NSLocalizedDescriptionKey: words(for: error), NSUnderlyingErrorKey: error])
            }
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        // URLSession's own limit only backs up the deadline the transfer keeps: it is whole
        // seconds (on Linux a limit under one second can expire at once) and does not end a body
        // that keeps trickling in.
        request.timeoutInterval = max(1, timeout.rounded(.up))
        let answer: (response: HTTPURLResponse, body: Data)
        do {
            answer = try await Transfer.run(request, timeout: timeout, maximumBodyBytes: maximumBodyBytes)
        } catch let error as URLError {
            let code = speaksNoTLS(error) ? .secureConnectionFailed : error.code
            throw URLError(code, userInfo: [NSLocalizedDescriptionKey: words(for: error), NSUnderlyingErrorKey: error])
        }
        return (answer.response.statusCode, headerFields(of: answer.response), answer.body)
    }

    static func failure(_ code: URLError.Code) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: words(for: code)])
    }

    /// A `URLError` in words, more precisely than its code where the server was reached but its
    /// answer cannot be read. On Linux those all come as code -1 or -1011 with libcurl's words,
    /// which are read here: "Invalid Content-Length: value", "Too large response headers: …".
    static func words(for error: URLError) -> String {
        if let ours = error.userInfo[answerProblemKey] as? String { return ours }
        let detail = (error.userInfo[NSUnderlyingErrorKey] as? any Error)?.localizedDescription ?? error.localizedDescription
        if speaksNoTLS(error) { return "\(SocketHTTP.plainHTTPWords) (\(detail))" }
        switch error.code {
        case .unknown, .badServerResponse, .cannotParseResponse, .unsupportedURL, .zeroByteResource:
            if detail.contains("Content-Length") { return "its Content-Length header is not a size (\(detail))" }
            if detail.contains("response headers") { return "its headers go on without end (\(detail))" }
            if detail.contains("HTTP/0.9") { return "it is not HTTP (\(detail))" }
            if detail.contains("Empty reply") { return "the connection closed before any answer" }
            return error.code == .unknown ? "its answer cannot be read as HTTP (\(detail))" : words(for: error.code)
        default:
            return words(for: error.code)
        }
    }

    /// Whether an https request failed because the server's first bytes were not TLS: OpenSSL
    /// (under libcurl) says so in these words, which come as code -1 on Linux.
    static func speaksNoTLS(_ error: URLError) -> Bool {
        let detail = (error.userInfo[NSUnderlyingErrorKey] as? any Error)?.localizedDescription ?? error.localizedDescription
        return ["wrong version number", "packet length too long", "unknown protocol"].contains { detail.contains($0) }
    }

    /// Where a problem with an answer that came is said in the transfer's own words.
    static let answerProblemKey = "CookbookAnswerProblem"

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
        case .unknown: "the answer cannot be read as HTTP"
        case .userAuthenticationRequired, .userCancelledAuthentication: "the server asks for a login"
        case .dataLengthExceedsMaximum: "the answer is larger than the limit"
        case .cancelled: "the request was cancelled"
        case .badURL, .unsupportedURL: "the URL is not one URLSession can use"
        default: "the network request failed (URL error \(code.rawValue))"
        }
    }

    static func headerFields(of response: HTTPURLResponse) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return fields
    }
}

/// One request in flight: it collects the body as it arrives and ends with the first of its
/// outcomes (the answer, an error, the deadline, the body passing the limit, or cancellation),
/// then stops the `URLSessionTask` if it is still running.
///
/// Nothing here cancels a Swift task that awaits `URLSession.data(for:)`: on Linux, cancelling
/// that task while the request ends on its own can deadlock (the cancellation holds the task's
/// lock and waits for the session's queue, which waits for the lock to resume the task). The
/// cancellation handler only queues the work, so it returns at once and holds nothing.
///
/// An `NSLock` rather than a `Mutex`: the outcomes race on several queues, and on Linux
/// ThreadSanitizer sees `NSLock` (pthread) but not `Mutex` (the standard library is not
/// instrumented), so a `Mutex` here is reported as a race in `swift test --sanitize=thread`.
final class Transfer: @unchecked Sendable {
    typealias Answer = (response: HTTPURLResponse, body: Data)

    private let lock = NSLock()
    private let maximumBodyBytes: Int
    private var continuation: CheckedContinuation<Answer, any Error>?
    /// The outcome, once there is one; kept until the continuation is attached.
    private var outcome: Result<Answer, any Error>?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var task: URLSessionTask?
    /// The session said the task ended (`urlSession(_:task:didCompleteWithError:)`).
    private var taskCompleted = false

    init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    static func run(_ request: URLRequest, timeout: Double, maximumBodyBytes: Int) async throws -> Answer {
        let transfer = Transfer(maximumBodyBytes: maximumBodyBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.attach(continuation)
                let task = Sessions.shared.start(request, for: transfer)
                transfer.started(task)
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                    transfer.finish(.failure(URLError(.timedOut)))
                }
                if let url = request.url, url.scheme?.lowercased() == "https" {
                    let deadline = SocketHTTP.deadline(after: timeout)
                    DispatchQueue.global().asyncAfter(deadline: .now() + SocketHTTP.probeDelay) {
                        guard !transfer.hasEnded, SocketHTTP.answersPlainHTTP(url, deadline: deadline) else { return }
                        transfer.finish(
                            .failure(
                                URLError(.secureConnectionFailed, userInfo: [URLSessionHTTP.answerProblemKey: SocketHTTP.plainHTTPWords])))
                    }
                }
            }
        } onCancel: {
            DispatchQueue.global().async { transfer.finish(.failure(CancellationError())) }
        }
    }

    /// Whether the transfer has its outcome.
    var hasEnded: Bool { lock.withLock { outcome != nil } }

    func attach(_ continuation: CheckedContinuation<Answer, any Error>) {
        let early: Result<Answer, any Error>? = lock.withLock {
            guard let outcome else {
                self.continuation = continuation
                return nil
            }
            return outcome
        }
        if let early { continuation.resume(with: early) }
    }

    /// The task is created; it runs unless the transfer already ended (cancelled before it began).
    func started(_ task: URLSessionTask) {
        let ended = lock.withLock {
            self.task = task
            return outcome != nil
        }
        if ended {
            task.cancel()  // never resumed: this only ends it, so the session lets it go
        } else {
            task.resume()
        }
    }

    /// Whether the answer may be read: false (and the transfer ends) when the server announces
    /// a body over the limit.
    func received(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(URLError(.badServerResponse)))
            return false
        }
        guard http.expectedContentLength <= Int64(maximumBodyBytes) else {
            finish(.failure(URLError(.dataLengthExceedsMaximum)))
            return false
        }
        lock.withLock { self.response = http }
        return true
    }

    func received(_ data: Data) {
        let overflow = lock.withLock {
            body.append(data)
            return body.count > maximumBodyBytes
        }
        if overflow { finish(.failure(URLError(.dataLengthExceedsMaximum))) }
    }

    func completed(_ error: (any Error)?) {
        lock.withLock { taskCompleted = true }
        if let error {
            finish(.failure(shortBody(ending: error) ?? error))
            return
        }
        let answer: Answer? = lock.withLock { response.map { ($0, body) } }
        finish(answer.map { .success($0) } ?? .failure(URLError(.badServerResponse)))
    }

    /// An answer whose body stopped before the size its head announced, said as that (URLSession
    /// says only "the network request failed" on Linux, "the connection was lost" on macOS).
    private func shortBody(ending error: any Error) -> URLError? {
        let received: (announced: Int64, count: Int)? = lock.withLock {
            guard let response, response.expectedContentLength > Int64(body.count) else { return nil }
            return (response.expectedContentLength, body.count)
        }
        guard let received, (error as? URLError)?.code != .cancelled, (error as? URLError)?.code != .timedOut else { return nil }
        return URLError(
            .cannotParseResponse,
            userInfo: [
                URLSessionHTTP.answerProblemKey:
                    "the answer stopped after \(received.count) of the \(received.announced) bytes its Content-Length announced",
                NSUnderlyingErrorKey: error,
            ])
    }

    /// Ends the transfer with `result` unless it has ended already; stops the task if it runs.
    ///
    /// Never cancels a task the session has said is complete: on Linux, `URLSessionTask.cancel()`
    /// after the task's own end stops the process ("Trying to access a behaviour for a task that
    /// in not in the registry", FoundationNetworking).
    func finish(_ result: Result<Answer, any Error>) {
        let (first, continuation, task): (Bool, CheckedContinuation<Answer, any Error>?, URLSessionTask?) = lock.withLock {
            guard outcome == nil else { return (false, nil, nil) }
            outcome = result
            defer { self.continuation = nil }
            return (true, self.continuation, self.task)
        }
        guard first else { return }
        continuation?.resume(with: result)
        // Stopped from another queue: this may run on the session's delegate queue, and
        // `cancel()` waits for the session's own queue.
        if case .failure = result, let task {
            DispatchQueue.global().async { [self] in
                guard !lock.withLock({ taskCompleted }) else { return }
                task.cancel()
            }
        }
    }
}

/// The one session every transfer runs on, and its delegate, which hands each task's events
/// to its `Transfer`.
final class Sessions: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    static let shared = Sessions()

    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // No cache at all, not only none read: with one, FoundationNetworking on Linux looks a
        // request up on a background queue before the task has its protocol, and a cancel landing
        // then completes the task a second time, after it left the session's registry: a fatal
        // error ("a behaviour for a task that is not in the registry"), seen under ThreadSanitizer.
        // The app keeps its own cache of answers (`CachingRecipeClient`).
        configuration.urlCache = nil
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    func start(_ request: URLRequest, for transfer: Transfer) -> URLSessionTask {
        let task = lock.withLock { session.dataTask(with: request) }
        lock.withLock { transfers[task.taskIdentifier] = transfer }
        return task
    }

    private func transfer(of task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(transfer(of: dataTask)?.received(response) == true ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(of: dataTask)?.received(data)
    }

    /// Never followed here: the 3xx is the answer, and the client decides whether its Location
    /// is a place it may go (and whether the request's Authorization may go with it).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
        transfer?.completed(error)
    }
}

/// The entry point of a dynamically loaded copy of this module: stores `URLSessionHTTP.portableExchange`
/// in `slot`, which must point to an initialized `Any`. C calling convention, so the loader can
/// find it with `dlsym` by a plain name; the loader checks what it gets with a conditional cast.
@c(cookbook_urlsession_http_v2)
public func exportExchange(_ slot: UnsafeMutableRawPointer) {
    slot.assumingMemoryBound(to: Any.self).pointee = URLSessionHTTP.portableExchange
}
