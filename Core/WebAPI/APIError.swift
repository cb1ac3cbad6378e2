import Core
import DataFormats
import Foundation

/// A web API failure, typed so the screen can say what happened and whether retry may help.
public enum APIError: LocalizedError, RetryAwareError, Equatable {
    case badURL(String)
    case unreachable(url: String, detail: String)
    case timedOut(url: String)
    case notFound(url: String)
    case http(status: Int, url: String, message: String?)
    case wrongContentType(url: String, found: String)
    case malformed(url: String, detail: String)
    case tooLarge(url: String, limit: Int)
    /// 429 with a `Retry-After` longer than the client waits by itself, or a call made before that time.
    case rateLimited(url: String, seconds: Int)
    /// Replaying a cassette that has no answer for the request.
    case notRecorded(CassetteMiss)
    /// Recording, the cassette could not be written.
    case recordingFailed(CassetteError)

    /// A request that got no answer, for the request at `url`.
    init(_ failure: TransportError, url: String) {
        switch failure {
        case .badURL(let text): self = .badURL(text)
        case .unreachable(let detail): self = .unreachable(url: url, detail: detail)
        case .timedOut: self = .timedOut(url: url)
        case .tooLarge(let limit): self = .tooLarge(url: url, limit: limit)
        case .cancelled: self = .unreachable(url: url, detail: "the request was cancelled")
        case .notRecorded(let miss): self = .notRecorded(miss)
        case .recordingFailed(let error): self = .recordingFailed(error)
        }
    }

    public var canRetry: Bool {
        switch self {
        case .unreachable, .timedOut, .rateLimited: true
        case .http(let status, _, _): status >= 500 || status == 429
        case .badURL, .notFound, .wrongContentType, .malformed, .tooLarge, .notRecorded, .recordingFailed: false
        }
    }

    public var errorDescription: String? {
        switch self {
        case .badURL(let url): "“\(url)” is not a valid URL"
        case .unreachable(let url, let detail): "the recipe server at \(url) cannot be reached (\(detail))"
        case .timedOut(let url): "the recipe server did not answer in time (\(url))"
        case .notFound(let url): "the recipe server has nothing at \(url)"
        case .http(let status, let url, let message): "the recipe server answered \(status)\(message.map { " (\($0))" } ?? "") for \(url)"
        case .wrongContentType(let url, let found): "the recipe server answered \(found) instead of JSON for \(url)"
        case .malformed(let url, let detail): "the recipe server's answer for \(url) is not valid: \(detail)"
        case .tooLarge(let url, let limit): "the recipe server's answer for \(url) is too large (over the limit of \(limit) bytes)"
        case .rateLimited(let url, let seconds):
            "the recipe server is busy and asks to wait \(seconds) s before the next request (\(url))"
        case .notRecorded(let miss): "the cassette \(miss.cassette) has no answer for \(miss.request) (\(miss.call))"
        case .recordingFailed(let error): "the answer came, but the cassette \(error.file) cannot be written: \(error.problem)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notRecorded(let miss):
            "Record it: run `\(miss.recordCommand)` and do the same there (answers are added to the cassette), or replay with --replay-mode passthrough --api-url URL."
        case .recordingFailed(let error): error.recovery
        case .rateLimited(_, let seconds): "Wait \(seconds) s, then retry."
        default:
            canRetry ? "Check the connection and the --api-url, then retry." : "Check the --api-url; the server may be a different version."
        }
    }
}
