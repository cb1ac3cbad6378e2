import DataFormats
import Foundation
import WebAPI

/// The web API in the same process: each request goes straight to a server handler (such as
/// `RecipeServerHandler`'s reference implementation), without a socket, so tests of what sits
/// on top of `HTTPRecipeClient` (the app's cache) run the client's real request building,
/// status checks and decoding, fast. `goOffline()` makes every request fail as a refused
/// connection does; every request is counted.
public final class InProcessTransport: HTTPTransport, @unchecked Sendable {
    private let handler: LoopbackHTTPServer.Handler
    private let lock = NSLock()
    private var offline = false
    private var sent: [HTTPRequest] = []

    public init(handler: @escaping LoopbackHTTPServer.Handler) {
        self.handler = handler
    }

    /// Every request from now on fails as if nothing listened at the address.
    public func goOffline() { lock.withLock { offline = true } }
    public func goOnline() { lock.withLock { offline = false } }

    /// Every request sent, online or not, in order.
    public var requests: [HTTPRequest] { lock.withLock { sent } }

    public func address(of request: HTTPRequest) -> String {
        "http://in-process" + request.path
    }

    public func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse {
        let isOffline = lock.withLock {
            sent.append(request)
            return offline
        }
        if Task.isCancelled { throw .cancelled }
        if isOffline { throw .unreachable(detail: "the connection was refused") }
        let answer = handler(
            LoopbackHTTPServer.Request(method: request.method, path: request.path, queryItems: request.query, headers: request.headers))
        var headers = Dictionary(answer.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        if let contentType = answer.contentType { headers["Content-Type"] = contentType }
        return HTTPResponse(status: answer.status, headers: headers, body: answer.body)
    }
}
