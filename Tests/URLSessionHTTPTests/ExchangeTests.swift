import Foundation
import HTTPTestServer
import Testing
import URLSessionHTTP

/// `URLSessionHTTP.exchange` against a real server on loopback: what it sends, what it
/// answers, and how it fails.
@Suite("URLSession exchange")
struct ExchangeTests {
    let exchange = URLSessionHTTP.exchange

    @Test(
        "sends the method, path, query and headers; answers the status, headers and body, whatever the status; over IPv4 and an IPv6 literal",
        arguments: [false, true])
    func answer(ipv6: Bool) async throws {
        let server = try LoopbackHTTPServer(ipv6: ipv6) { _ in
            var response = LoopbackHTTPServer.Response.text(#"{"error": "busy"}"#, status: 503)
            response.headers = [("Retry-After", "7")]
            return response
        }
        let url = try #require(URL(string: server.baseURL.absoluteString + "/recipes?q=curry%20rice&limit=2"))

        let answer = try await exchange("GET", url, ["Accept": "application/json", "Authorization": "Basic Y29vazpz"], 10, 1 << 20)

        #expect(answer.status == 503)
        #expect(answer.headers.first { $0.key.lowercased() == "retry-after" }?.value == "7")
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"error": "busy"}"#)
        let sent = try #require(server.receivedRequests.first)
        #expect(sent.method == "GET")
        #expect(sent.path == "/recipes")
        #expect(sent.queryItems == [URLQueryItem(name: "q", value: "curry rice"), URLQueryItem(name: "limit", value: "2")])
        #expect(sent.headers["Accept"] == "application/json")
        #expect(sent.headers["Authorization"] == "Basic Y29vazpz")
        #expect(sent.headers["Host"] == (ipv6 ? "[::1]:\(server.port)" : "127.0.0.1:\(server.port)"))
    }

    @Test("a redirect is the answer, not followed: the client decides where it may go")
    func redirectNotFollowed() async throws {
        let other = try LoopbackHTTPServer { _ in .text("{}", status: 200) }
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.text("moved", status: 302, contentType: "text/plain")
            response.headers = [("Location", other.baseURL.absoluteString + "/feed")]
            return response
        }

        let answer = try await exchange("GET", server.baseURL, [:], 10, 1 << 20)

        #expect(answer.status == 302)
        #expect(answer.headers.first { $0.key.lowercased() == "location" }?.value == other.baseURL.absoluteString + "/feed")
        #expect(other.receivedRequests.isEmpty)
    }

    @Test("a body that stops before its Content-Length: the words say so, whatever URLSession's code", arguments: [false, true])
    func shortBody(ipv6: Bool) async throws {
        let server = try LoopbackHTTPServer(ipv6: ipv6) { _ in
            var response = LoopbackHTTPServer.Response.text("{}", status: 200)
            response.omitsContentLength = true
            response.headers = [("Content-Length", "1000")]
            return response
        }
        await #expect {
            _ = try await URLSessionHTTP.portableExchange("GET", server.baseURL, [:], 10, 1 << 20) { code, words in
                URLError(URLError.Code(rawValue: code) ?? .unknown, userInfo: [NSLocalizedDescriptionKey: words])
            }
        } throws: {
            ($0 as? URLError)?.localizedDescription == "the answer stopped after 2 of the 1000 bytes its Content-Length announced"
        }
    }

    @Test("nothing listening: a URLError saying the host cannot be connected to", arguments: [false, true])
    func refused(ipv6: Bool) async throws {
        let port = try LoopbackHTTPServer.closedPort(ipv6: ipv6)
        let url = try #require(URL(string: ipv6 ? "http://[::1]:\(port)/feed" : "http://127.0.0.1:\(port)/feed"))
        await #expect { try await exchange("GET", url, [:], 10, 1 << 20) } throws: { ($0 as? URLError)?.code == .cannotConnectToHost }
    }

    @Test("the portable exchange hands a URLError to the caller as its code and words, and throws what it makes")
    func portable() async throws {
        struct Made: Error, Equatable {
            var code: Int
            var words: String
        }
        let url = try #require(URL(string: "http://127.0.0.1:\(try LoopbackHTTPServer.closedPort())/feed"))
        await #expect(throws: Made(code: URLError.Code.cannotConnectToHost.rawValue, words: "the connection was refused")) {
            _ = try await URLSessionHTTP.portableExchange("GET", url, [:], 10, 1 << 20) { code, words in Made(code: code, words: words) }
        }
    }

    @Test("no answer within the deadline: URLError timedOut", arguments: [false, true])
    func late(ipv6: Bool) async throws {
        let server = try LoopbackHTTPServer(ipv6: ipv6) { _ in
            var response = LoopbackHTTPServer.Response.text("{}", status: 200)
            response.delay = 12
            return response
        }
        await #expect { try await exchange("GET", server.baseURL, [:], 0.5, 1 << 20) } throws: { ($0 as? URLError)?.code == .timedOut }
    }

    @Test("a body over the limit: URLError dataLengthExceedsMaximum", arguments: [false, true])
    func oversized(ipv6: Bool) async throws {
        let server = try LoopbackHTTPServer(ipv6: ipv6) { _ in .text(String(repeating: " ", count: 4096), status: 200) }
        await #expect { try await exchange("GET", server.baseURL, [:], 10, 1024) } throws: {
            ($0 as? URLError)?.code == .dataLengthExceedsMaximum
        }
    }
}

/// The body limit and cancellation: the transfer stops early instead of downloading first.
@Suite("URLSession exchange: stopping early")
struct StoppingEarlyTests {
    let exchange = URLSessionHTTP.exchange

    /// A body of `pieces` KiB sent one KiB at a time, 10 ms apart.
    func trickledServer(pieces: Int, announcingLength: Bool, ipv6: Bool = false) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(ipv6: ipv6) { _ in
            var response = LoopbackHTTPServer.Response.text(String(repeating: "x", count: pieces << 10), status: 200)
            response.trickle = (pieces: pieces, pause: 0.01)
            response.omitsContentLength = !announcingLength
            return response
        }
    }

    /// Waits until the server has finished its one answer (the client hung up, or it was all sent).
    func bodyBytesSent(by server: LoopbackHTTPServer) async throws -> Int {
        try await server.firstAnswerSent()
    }

    /// A body of 1000 KiB whose first 8 KiB go out at once; the rest waits for `holdLimit` seconds
    /// unless the client hangs up first. A client that stops at its limit leaves the rest unsent.
    /// `onRequest` runs when a request has arrived, before the answer.
    func heldServer(
        announcingLength: Bool, ipv6: Bool, holdLimit: TimeInterval = 60, onRequest: @escaping @Sendable () -> Void = {}
    ) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(ipv6: ipv6) { _ in
            onRequest()
            var response = LoopbackHTTPServer.Response.text(String(repeating: "x", count: 1000 << 10), status: 200)
            response.holdsAfter = 8 << 10
            response.holdLimit = holdLimit
            response.omitsContentLength = !announcingLength
            return response
        }
    }

    @Test(
        "a body of unknown length stops being read once it passes the limit: the server is cut off, not drained", arguments: [false, true])
    func unknownLength(ipv6: Bool) async throws {
        let server = try heldServer(announcingLength: false, ipv6: ipv6)
        await #expect { try await exchange("GET", server.baseURL, [:], 120, 4 << 10) } throws: {
            ($0 as? URLError)?.code == .dataLengthExceedsMaximum
        }
        let sent = try await bodyBytesSent(by: server)
        #expect(sent <= 8 << 10, "the client should hang up after 4 KiB of the 8 KiB sent; the server got \(sent) of 1000 KiB out")
    }

    /// Over an IPv6 literal only, where the module makes its own socket. Over IPv4 the socket is
    /// libcurl's, through FoundationNetworking, and not closed on exec: a program started by plain
    /// posix_spawn keeps it (Foundation's `Process` closes such descriptors in the child itself).
    @Test("a program started while the connection is open does not keep it open: the client that stops still hangs up")
    func programStartedMeanwhile() async throws {
        let started = StartedPrograms()
        // When the request has arrived, the client's socket is open: a program started from this
        // process then inherits a copy of it unless it is closed on exec. Started with plain
        // posix_spawn, as any library may: Foundation's Process closes what it can itself.
        let server = try heldServer(announcingLength: false, ipv6: true, holdLimit: 20) { started.spawnSleep() }
        defer { started.terminateAll() }
        await #expect { try await exchange("GET", server.baseURL, [:], 120, 4 << 10) } throws: {
            ($0 as? URLError)?.code == .dataLengthExceedsMaximum
        }
        #expect(started.count == 1, "the server started /bin/sleep")
        let sent = try await bodyBytesSent(by: server)
        #expect(sent <= 8 << 10, "the connection stayed open in the program started meanwhile: the server got \(sent) of 1000 KiB out")
    }

    @Test("an announced length over the limit is refused before the body is read", arguments: [false, true])
    func announcedLength(ipv6: Bool) async throws {
        let server = try heldServer(announcingLength: true, ipv6: ipv6)
        await #expect { try await exchange("GET", server.baseURL, [:], 120, 4 << 10) } throws: {
            ($0 as? URLError)?.code == .dataLengthExceedsMaximum
        }
        let sent = try await bodyBytesSent(by: server)
        #expect(sent <= 8 << 10, "the client should hang up on the announced length; the server got \(sent) of 1000 KiB out")
    }

    @Test("an announced length over the limit, 200 exchanges at once: every one refused, and the process lives")
    func announcedLengthRepeated() async throws {
        // The session cancels such a task itself; a second cancel racing that end used to stop
        // the whole process on Linux, inside FoundationNetworking.
        let server = try heldServer(announcingLength: true, ipv6: false)
        let exchange = exchange
        let refused = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    do {
                        _ = try await exchange("GET", server.baseURL, [:], 120, 4 << 10)
                        return false
                    } catch {
                        return (error as? URLError)?.code == .dataLengthExceedsMaximum
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(refused == 200)
    }

    @Test("a body within the limit arrives whole, in pieces", arguments: [false, true])
    func withinLimit(ipv6: Bool) async throws {
        let server = try trickledServer(pieces: 8, announcingLength: false, ipv6: ipv6)
        let answer = try await exchange("GET", server.baseURL, [:], 60, 8 << 10)
        #expect(answer.body == Data(String(repeating: "x", count: 8 << 10).utf8))
    }

    @Test(
        "cancelling the calling task while the server has not answered ends the exchange with CancellationError", arguments: [false, true])
    func cancelWhileWaiting(ipv6: Bool) async throws {
        // The server would answer after 30 s; the exchange's own deadline is 60 s.
        let server = try LoopbackHTTPServer(ipv6: ipv6) { _ in
            var response = LoopbackHTTPServer.Response.text("{}", status: 200)
            response.delay = 30
            return response
        }
        let exchange = self.exchange
        let call = Task { try await exchange("GET", server.baseURL, [:], 60, 1 << 20) }
        try await server.requests()

        call.cancel()

        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test("a task cancelled before it asks gets CancellationError", arguments: [false, true])
    func cancelledBefore(ipv6: Bool) async throws {
        let server = try LoopbackHTTPServer(ipv6: ipv6) { _ in .text("{}", status: 200) }
        let exchange = self.exchange
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await exchange("GET", server.baseURL, [:], 60, 1 << 20)
        }
        await #expect(throws: CancellationError.self) { try await call.value }
    }
}

/// The programs a test's server started, to end with the test.
final class StartedPrograms: @unchecked Sendable {
    private let lock = NSLock()
    private var programs: [pid_t] = []

    /// `/bin/sleep 30`, by posix_spawn with no file actions: it gets every descriptor not closed on exec.
    func spawnSleep() {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sleep", "30"].map { (text: String) in strdup(text) } + [nil]
        defer { for argument in arguments { free(argument) } }
        if posix_spawn(&pid, "/bin/sleep", nil, nil, arguments, environ) == 0 { lock.withLock { programs.append(pid) } }
    }

    var count: Int { lock.withLock { programs.count } }

    func terminateAll() {
        lock.withLock {
            for pid in programs {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }
    }
}
