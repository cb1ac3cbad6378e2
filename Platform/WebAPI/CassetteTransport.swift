import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replays a cassette: each request gets the answer recorded for it (the same request
/// recorded several times gets those answers in order, then the last again), so the client's
/// decoding and error handling run exactly as against the live web API.
///
/// Strict by default: a request the cassette has no answer for fails with `.notRecorded`,
/// which the screen shows with the command that records it. With a `passthrough` transport
/// (`--replay-mode passthrough --api-url URL`) such a request goes to the live web API instead.
public struct CassetteTransport: HTTPTransport {
    public let cassette: Cassette
    /// The cassette's path, for messages.
    public let file: String
    public let passthrough: (any HTTPTransport)?
    /// Told of every request the cassette has no answer for, when strict: the program's runner
    /// fails a script on it, so a replayed run never reports success for a screen it could not show.
    public let onMiss: (@Sendable (CassetteMiss) -> Void)?
    private let answers: RecordedAnswers

    public init(
        cassette: Cassette, file: String, passthrough: (any HTTPTransport)? = nil, onMiss: (@Sendable (CassetteMiss) -> Void)? = nil
    ) {
        self.cassette = cassette
        self.file = file
        self.passthrough = passthrough
        self.onMiss = onMiss
        answers = RecordedAnswers(cassette.interactions)
    }

    /// Where the request went when it was recorded (or goes, passing through): the same
    /// address the live client names, so a replayed screen reads like the recorded one.
    public func address(of request: HTTPRequest) -> String {
        if let passthrough { return passthrough.address(of: request) }
        let recorded = URL(string: cassette.server).flatMap(request.url(relativeTo:))
        return recorded?.absoluteString ?? cassette.server + request.path
    }

    public func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse {
        let recorded = RecordedRequest(request)
        if let answer = await answers.next(for: recorded.line) {
            return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.bodyData)
        }
        if let passthrough { return try await passthrough.send(request, for: call) }
        let miss = CassetteMiss(request: recorded.line, call: call, cassette: file, server: cassette.server)
        onMiss?(miss)
        throw .notRecorded(miss)
    }
}

/// The answers still to give, by request.
private actor RecordedAnswers {
    private var queues: [String: [RecordedResponse]] = [:]
    private var last: [String: RecordedResponse] = [:]

    init(_ interactions: [Cassette.Interaction]) {
        for interaction in interactions {
            queues[interaction.request.line, default: []].append(interaction.response)
        }
    }

    func next(for line: String) -> RecordedResponse? {
        if let answer = queues[line]?.first {
            queues[line]?.removeFirst()
            last[line] = answer
            return answer
        }
        return last[line]
    }
}

extension RecordedRequest {
    /// A request as a cassette keeps it: query items as `name=value`, allow-listed headers only.
    public init(_ request: HTTPRequest) {
        self.init(
            method: request.method, path: request.path,
            query: request.query.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name },
            headers: CassetteHeaders.kept(request.headers, allowed: CassetteHeaders.request))
    }
}
