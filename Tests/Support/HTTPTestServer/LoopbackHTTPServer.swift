import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small real HTTP/1.1 server on 127.0.0.1 (or on ::1, `ipv6`), started by a test: one thread
/// accepts, one thread a connection. Each request is answered by the test's handler, which can also
/// misbehave on purpose (answer late, trickle the body, send garbage).
public final class LoopbackHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var queryItems: [URLQueryItem]
        /// Header names as the client sent them.
        public var headers: [String: String]
    }

    public struct Response: Sendable {
        public var status: Int
        public var contentType: String?
        public var body: Data
        /// More header lines, as they are written.
        public var headers: [(name: String, value: String)] = []
        /// Wait this long before answering at all.
        public var delay: TimeInterval = 0
        /// Send the body in this many pieces with this pause between them.
        public var trickle: (pieces: Int, pause: TimeInterval)?
        /// Send no Content-Length: the body ends when the connection closes, so the client
        /// cannot know its size in advance.
        public var omitsContentLength = false
        /// Send the head and this many bytes of the body in one write (they reach the client
        /// together), then nothing more until the client hangs up (the rest is never sent) or
        /// `holdLimit` passes (then the rest goes out). Whether a client stops early then shows in
        /// what was sent, however slowly the machine runs.
        public var holdsAfter: Int?
        public var holdLimit: TimeInterval = 60

        public init(status: Int, contentType: String?, body: Data) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }

        public static func json(_ value: some Encodable, status: Int = 200) -> Response {
            Response(status: status, contentType: "application/json", body: (try? JSONEncoder().encode(value)) ?? Data())
        }

        public static func text(_ text: String, status: Int, contentType: String? = "application/json") -> Response {
            Response(status: status, contentType: contentType, body: Data(text.utf8))
        }
    }

    public typealias Handler = @Sendable (Request) -> Response

    public let port: UInt16
    public let isIPv6: Bool
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var requests: [Request] = []
    private var sent: [Int] = []
    private var stopped = false
    /// After `stop`, a socket bound to the port and never listening, until the server is released.
    private var reservation: Int32?

    public var baseURL: URL { URL(string: isIPv6 ? "http://[::1]:\(port)" : "http://127.0.0.1:\(port)")! }
    public var receivedRequests: [Request] { lock.withLock { requests } }
    /// For each answer finished so far, how many body bytes went out before the client hung up
    /// (or all of them).
    public var sentBodyBytes: [Int] { lock.withLock { sent } }

    /// Waits, as a task, until `count` requests have come, and returns them; throws after `timeout`.
    @discardableResult
    public func requests(atLeast count: Int = 1, within timeout: Duration = .seconds(120)) async throws -> [Request] {
        try await wait(for: "\(count) request(s) to reach the server on port \(port)", within: timeout) {
            let received = receivedRequests
            return received.count >= count ? received : nil
        }
    }

    /// Waits, as a task, until the server has finished its first answer, and returns how many
    /// body bytes it sent; throws after `timeout`.
    public func firstAnswerSent(within timeout: Duration = .seconds(120)) async throws -> Int {
        try await wait(for: "the server on port \(port) to finish an answer", within: timeout) { sentBodyBytes.first }
    }

    private func wait<Value>(for what: String, within timeout: Duration, _ value: () -> Value?) async throws -> Value {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let value = value() { return value }
            try await Task.sleep(for: .milliseconds(5))
        }
        if let value = value() { return value }
        throw WaitedInVain(description: "waited \(timeout) for \(what), in vain")
    }

    public struct WaitedInVain: Error, CustomStringConvertible {
        public let description: String
    }

    public init(ipv6: Bool = false, handler: @escaping Handler) throws {
        self.handler = handler
        isIPv6 = ipv6
        (listener, port) = try Self.listen(ipv6: ipv6)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
        if let reservation = lock.withLock({ reservation }) { close(reservation) }
    }

    /// Stops listening: new connections are refused. Safe to call more than once.
    ///
    /// The port stays this server's until it is released: a listener stopped on Linux gives back a
    /// port the system chose, and the next server any test starts could be given it and answer
    /// what was meant to be refused (a "no network" test then saw another server's recipes). So a
    /// socket that never listens is bound to the port at once, as `closedPort` does.
    ///
    /// Only the accept loop closes the listener, after its last `accept`: closed here, its
    /// descriptor number could be reused by another test's server at once, and the loop, still
    /// running, would accept that server's connections and answer them with this handler.
    public func stop() {
        let wasListening = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard wasListening else { return }
        shutdown(listener, Int32(SHUT_RDWR))  // refuses new connections and wakes the loop's poll
        // SO_REUSEADDR: the port may hold a connection in TIME_WAIT; a socket bound to it is still
        // never given to a new server asking for any port.
        let kept = try? Self.listen(ipv6: isIPv6, listening: false, reuseAddress: true, port: port).0
        lock.withLock { reservation = kept }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// A port nothing listens on, for "connection refused". Its socket stays bound, never
    /// listening, until the test process ends: a port closed at once could be handed to the next
    /// server any test starts, which would then answer what was meant to be refused.
    public static func closedPort(ipv6: Bool = false) throws -> UInt16 {
        try listen(ipv6: ipv6, listening: false).1
    }

    /// Whether the stopped server still holds its port (see `stop`).
    public var keepsItsPort: Bool { lock.withLock { reservation != nil } }

    /// Whether a socket could be bound to `port` now: false while a server, running or stopped, or
    /// `closedPort` holds it (or a connection of its lingers).
    public static func isFree(_ port: UInt16, ipv6: Bool = false) -> Bool {
        guard let socket = try? listen(ipv6: ipv6, listening: false, port: port).0 else { return false }
        close(socket)
        return true
    }

    /// A socket listening on the loopback address of its family (or only bound to it), and the
    /// port it got: `port`, or one the system chooses when 0.
    private static func listen(
        ipv6: Bool = false, listening: Bool = true, reuseAddress: Bool? = nil, port wanted: UInt16 = 0
    ) throws -> (Int32, UInt16) {
        let family = ipv6 ? AF_INET6 : AF_INET
        // Closed on exec, as every socket here: a program a test starts must not keep it open.
        #if canImport(Glibc)
            let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let socket = Darwin.socket(family, SOCK_STREAM, 0)
            if socket >= 0 { _ = fcntl(socket, F_SETFD, FD_CLOEXEC) }
        #endif
        guard socket >= 0 else { throw POSIXError(.EAFNOSUPPORT) }
        // Never for the port kept refusing: with it, a new server asking for any port may be given
        // that one, since a socket that does not listen is no conflict to SO_REUSEADDR.
        if reuseAddress ?? listening {
            var yes: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        var storage = sockaddr_storage()
        var length: socklen_t
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            address.sin6_port = wanted.bigEndian
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeBytes(of: &address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = wanted.bigEndian
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeBytes(of: &address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
        }
        let bound = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        guard bound == 0, !listening || listenOn(socket) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        // The port is at the same place in both families' addresses, in network byte order.
        let port = withUnsafeBytes(of: &storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }
        return (socket, UInt16(bigEndian: port))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            // A bounded wait, so a stop is seen even where shutdown does not wake a listener.
            var pending = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pending, 1, 100)
            guard !isStopped else { return }
            guard ready > 0, pending.revents & Int16(POLLIN) != 0 else {
                let broken = ready < 0 ? errno != EINTR : pending.revents & Int16(POLLERR | POLLNVAL) != 0
                if broken { return }
                continue
            }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            // Closed on exec: a program a test starts must not keep the connection open.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
                var yes: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            received.append(buffer, count: count)
        }
        let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head.first?.split(separator: " ").map(String.init) ?? []
        guard parts.count >= 2, let components = URLComponents(string: parts[1]) else { return }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let request = Request(method: parts[0], path: components.path, queryItems: components.queryItems ?? [], headers: headers)
        lock.withLock { requests.append(request) }

        let response = handler(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        var header = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
        if let contentType = response.contentType { header += "Content-Type: \(contentType)\r\n" }
        for (name, value) in response.headers { header += "\(name): \(value)\r\n" }
        if !response.omitsContentLength { header += "Content-Length: \(response.body.count)\r\n" }
        header += "Connection: close\r\n\r\n"
        var offset = 0
        defer { lock.withLock { sent.append(offset) } }
        if let held = response.holdsAfter {
            // The head and the first part in one write: they reach the client together.
            let first = min(held, response.body.count)
            guard send(Data(header.utf8) + response.body[..<first], on: connection) else { return }
            offset = first
            guard !waitForHangUp(of: connection, within: response.holdLimit) else { return }
            if send(response.body[first...], on: connection) { offset = response.body.count }
        } else if !send(Data(header.utf8), on: connection) {
            return
        } else if let trickle = response.trickle, trickle.pieces > 1 {
            let size = max(1, response.body.count / trickle.pieces)
            while offset < response.body.count {
                let end = min(response.body.count, offset + size)
                guard send(response.body[offset..<end], on: connection) else { return }
                offset = end
                Thread.sleep(forTimeInterval: trickle.pause)
            }
        } else if send(response.body, on: connection) {
            offset = response.body.count
        }
    }

    /// Whether the client closed its end within `limit`: it then reads as the end of the stream.
    private func waitForHangUp(of connection: Int32, within limit: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: limit)
        var byte: UInt8 = 0
        while Date() < deadline {
            var pending = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pending, 1, 100) > 0 else { continue }
            if pending.revents & Int16(POLLERR | POLLHUP) != 0 { return true }
            // Anything the client still sends is read and dropped; only the end of it counts.
            if recv(connection, &byte, 1, 0) <= 0 { return true }
        }
        return false
    }

    private func send(_ data: Data, on connection: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                // A client that hung up must not kill the test process with SIGPIPE.
                #if canImport(Glibc)
                    let count = Glibc.send(connection, bytes.baseAddress!.advanced(by: sent), bytes.count - sent, Int32(MSG_NOSIGNAL))
                #else
                    let count = Darwin.send(connection, bytes.baseAddress!.advanced(by: sent), bytes.count - sent, 0)
                #endif
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }
}

/// `listen(2)`, out of the class whose own `listen()` would shadow it.
private func listenOn(_ socket: Int32) -> Int32 {
    listen(socket, 64)
}
