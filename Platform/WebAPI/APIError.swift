import Core
import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A web API failure, typed so the screen can say what happened and whether retry may help.
public enum APIError: LocalizedError, RetryAwareError, Equatable {
    case badURL(String)
    case unreachable(url: String, detail: String)
    case timedOut(url: String)
    case notFound(url: String)
    case http(status: Int, url: String, message: String?)
    case wrongContentType(url: String, found: String)
    case malformed(url: String, detail: String)
    /// Valid JSON of a shape the client cannot read: names the field and what is wrong with it.
    case unexpectedShape(url: String, field: JSONFieldProblem)
    case tooLarge(url: String, limit: Int)
    /// The server answered, but its answer cannot be read as HTTP (a body shorter than it said,
    /// headers that are not valid).
    case badAnswer(url: String, detail: String)
    /// No secure connection to an https:// address (a port that speaks plain HTTP, a failed handshake).
    case notSecure(url: String, detail: String)
    /// A redirect to another scheme, host or port, not followed: where the request went, and where it was sent.
    case redirectedElsewhere(url: String, to: String)
    case tooManyRedirects(url: String)
    /// 429 with a `Retry-After` longer than the client waits by itself, or a call made before that time.
    case rateLimited(url: String, seconds: Int)
    /// Replaying a cassette that has no answer for the request.
    case notRecorded(CassetteMiss)
    /// Recording, the cassette could not be written.
    case recordingFailed(CassetteError)
    /// Saving or deleting through the web API, which only publishes recipes (docs/web-api.md).
    case readOnly(url: String, operation: String)

    /// A request that got no answer, for the request at `url`.
    init(_ failure: TransportError, url: String) {
        switch failure {
        case .badURL(let text): self = .badURL(text)
        case .unreachable(let detail): self = .unreachable(url: url, detail: detail)
        case .timedOut: self = .timedOut(url: url)
        case .tooLarge(let limit): self = .tooLarge(url: url, limit: limit)
        case .badAnswer(let detail): self = .badAnswer(url: url, detail: detail)
        case .notSecure(let detail): self = .notSecure(url: url, detail: detail)
        case .redirected(let from, let to): self = .redirectedElsewhere(url: from, to: to)
        case .tooManyRedirects(let from): self = .tooManyRedirects(url: from)
        case .cancelled: self = .unreachable(url: url, detail: "the request was cancelled")
        case .notRecorded(let miss): self = .notRecorded(miss)
        case .recordingFailed(let error): self = .recordingFailed(error)
        }
    }

    public var canRetry: Bool {
        switch self {
        case .unreachable, .timedOut, .rateLimited, .badAnswer: true
        case .http(let status, _, _): status >= 500 || status == 429
        case .badURL, .notFound, .wrongContentType, .malformed, .unexpectedShape, .tooLarge, .notRecorded, .recordingFailed, .readOnly,
            .redirectedElsewhere, .tooManyRedirects, .notSecure:
            false
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
        case .unexpectedShape(let url, let field):
            "the recipe server's answer for \(url) does not have the shape Cookbook reads: \(field.description)"
        case .tooLarge(let url, let limit): "the recipe server's answer for \(url) is too large (over the limit of \(limit) bytes)"
        case .badAnswer(let url, let detail): "the recipe server at \(url) answered, but its answer cannot be read: \(detail)"
        case .notSecure(let url, let detail): "no secure connection can be made to the recipe server at \(url): \(detail)"
        case .redirectedElsewhere(let url, let to):
            "the recipe server at \(url) redirected the request to \(to), which is not the same server (scheme, host and port), so Cookbook did not follow it"
        case .tooManyRedirects(let url):
            "the recipe server at \(url) redirected the request more than \(LiveTransport.maximumRedirects) times"
        case .rateLimited(let url, let seconds):
            "the recipe server is busy and asks to wait \(seconds) s before the next request (\(url))"
        case .notRecorded(let miss): "the cassette \(miss.cassette) has no answer for \(miss.request) (\(miss.call))"
        case .recordingFailed(let error): "the answer came, but the cassette \(error.file) cannot be written: \(error.problem)"
        case .readOnly(let url, let operation): "the recipe web API at \(url) cannot \(operation) recipes: it only publishes them"
        }
    }

    /// Why the server's answer is not shown, in a few words, for a notice above a saved copy
    /// ("Saved copy from 2 hours ago; offline.").
    public var inBrief: String {
        switch self {
        case .unreachable, .badURL: "offline"
        case .timedOut: "the server did not answer in time"
        case .http(let status, _, _): "the server answered \(status)"
        case .rateLimited: "the server is busy"
        case .notFound: "the server has no such recipe"
        case .unexpectedShape(_, let field): "the server's answer does not have the shape Cookbook reads (\(field.field))"
        case .wrongContentType, .malformed: "the server's answer cannot be read"
        case .tooLarge: "the server's answer is too large"
        case .badAnswer: "the server's answer is broken"
        case .notSecure: "no secure connection"
        case .redirectedElsewhere, .tooManyRedirects: "the server redirects elsewhere"
        case .notRecorded: "the cassette has no answer"
        case .recordingFailed: "the cassette cannot be written"
        case .readOnly: "the web API is read-only"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notRecorded(let miss):
            "Record it: run `\(miss.recordCommand)` and do the same there (answers are added to the cassette), or replay with --replay-mode passthrough --api-url URL."
        case .recordingFailed(let error): error.recovery
        case .rateLimited(_, let seconds): "Wait \(seconds) s, then retry."
        case .readOnly: "Keep recipes you change in a local store; the web API only publishes them."
        case .redirectedElsewhere, .tooManyRedirects: "If the web API has moved, give its new address with --api-url."
        case .notSecure: "Check the --api-url: a server that does not speak HTTPS is reached with http://."
        default:
            canRetry ? "Check the connection and the --api-url, then retry." : "Check the --api-url; the server may be a different version."
        }
    }
}
