import Core
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The recipe service over HTTP (Foundation's URLSession), for the REST contract in
/// `RecipeAPIContract`. Every failure becomes an `APIError` that says what happened.
struct HTTPRecipeClient: RecipeServiceClient {
    let baseURL: URL
    private let session: URLSession
    /// How long a request may take from start to the end of the body.
    let timeout: TimeInterval
    /// Bodies larger than this are refused rather than decoded.
    let maximumBodyBytes: Int

    static let defaultTimeout: TimeInterval = 10

    init(baseURL: URL, timeout: TimeInterval = defaultTimeout, maximumBodyBytes: Int = 8 << 20) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        let configuration = URLSessionConfiguration.ephemeral
        // URLSession's own limits back up the deadline `fetch` keeps. They are whole seconds:
        // on Linux a limit under one second can expire at once, and the resource limit does
        // not end a body that keeps trickling in.
        configuration.timeoutIntervalForRequest = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForResource = max(1, timeout.rounded(.up))
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        let response: RecipeAPIContract.SearchResponse = try await get(
            "recipes", RecipeAPIContract.queryItems(query, sort: sort, page: page))
        return RecipePage(
            recipes: response.recipes, total: response.total, page: PageRequest(offset: response.offset, limit: response.limit))
    }

    func recipe(id: Recipe.ID) async throws -> Recipe {
        try await get("recipes/\(id)")
    }

    func feed() async throws -> RecipeFeed {
        try await get("feed")
    }

    private func get<Body: Decodable>(_ path: String, _ items: [URLQueryItem] = []) async throws(APIError) -> Body {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !items.isEmpty { components?.queryItems = items }
        guard let url = components?.url else { throw APIError.badURL(baseURL.absoluteString + "/" + path) }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await fetch(request)
        } catch let error as URLError {
            throw error.code == .timedOut
                ? APIError.timedOut(url: url.absoluteString)
                : APIError.unreachable(url: url.absoluteString, detail: error.localizedDescription)
        } catch {
            throw APIError.unreachable(url: url.absoluteString, detail: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw APIError.unreachable(url: url.absoluteString, detail: "the answer is not HTTP")
        }
        guard data.count <= maximumBodyBytes else {
            throw APIError.tooLarge(url: url.absoluteString, bytes: data.count, limit: maximumBodyBytes)
        }
        guard (200..<300).contains(http.statusCode) else {
            let message = (try? JSONDecoder().decode(RecipeAPIContract.ErrorBody.self, from: data))?.error
            throw http.statusCode == 404
                ? APIError.notFound(url: url.absoluteString)
                : APIError.http(status: http.statusCode, url: url.absoluteString, message: message)
        }
        let contentType = http.value(forHTTPHeaderField: "Content-Type") ?? ""
        guard contentType.lowercased().hasPrefix("application/json") else {
            throw APIError.wrongContentType(url: url.absoluteString, found: contentType.isEmpty ? "none" : contentType)
        }
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch let error as DecodingError {
            throw APIError.malformed(url: url.absoluteString, detail: DatasetError.describe(error, in: data))
        } catch {
            throw APIError.malformed(url: url.absoluteString, detail: error.localizedDescription)
        }
    }
}

extension HTTPRecipeClient {
    /// The answer to `request`, headers and whole body, within `timeout` of starting: a
    /// server that answers late, or trickles its body slower than that, times out.
    ///
    /// The deadline cancels the `URLSessionTask` itself, never a Swift task awaiting
    /// `URLSession.data(for:)`: on Linux, cancelling that task while the request ends on its
    /// own can deadlock (the cancellation holds the task's lock and waits for the session's
    /// queue, which waits for the lock to resume the task).
    private func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let session = self.session
        let timeout = self.timeout
        return try await withCheckedThrowingContinuation { continuation in
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

/// A web API failure, typed so the screen can say what happened and whether retry may help.
enum APIError: LocalizedError, RetryAwareError, Equatable {
    case badURL(String)
    case unreachable(url: String, detail: String)
    case timedOut(url: String)
    case notFound(url: String)
    case http(status: Int, url: String, message: String?)
    case wrongContentType(url: String, found: String)
    case malformed(url: String, detail: String)
    case tooLarge(url: String, bytes: Int, limit: Int)

    var canRetry: Bool {
        switch self {
        case .unreachable, .timedOut: true
        case .http(let status, _, _): status >= 500 || status == 429
        case .badURL, .notFound, .wrongContentType, .malformed, .tooLarge: false
        }
    }

    var errorDescription: String? {
        switch self {
        case .badURL(let url): "“\(url)” is not a valid URL"
        case .unreachable(let url, let detail): "the recipe server at \(url) cannot be reached (\(detail))"
        case .timedOut(let url): "the recipe server did not answer in time (\(url))"
        case .notFound(let url): "the recipe server has nothing at \(url)"
        case .http(let status, let url, let message): "the recipe server answered \(status)\(message.map { " (\($0))" } ?? "") for \(url)"
        case .wrongContentType(let url, let found): "the recipe server answered \(found) instead of JSON for \(url)"
        case .malformed(let url, let detail): "the recipe server's answer for \(url) is not valid: \(detail)"
        case .tooLarge(let url, let bytes, let limit):
            "the recipe server's answer for \(url) is too large (\(bytes) bytes; the limit is \(limit))"
        }
    }

    var recoverySuggestion: String? {
        canRetry ? "Check the connection and the --api-url, then retry." : "Check the --api-url; the server may be a different version."
    }
}
