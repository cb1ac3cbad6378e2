import Dispatch
import Foundation

/// HTTP/1.1 spoken by this module itself, for two things URLSession cannot do on Linux:
///
/// - reach an IPv6 address written as a number (`http://[::1]:8080`): swift-corelibs-foundation
///   fails it as a bad URL before connecting (its check that URL and libcurl agree on the host
///   compares `::1` with `[::1]`), so such requests are made here;
/// - tell soon that an https:// address is a port speaking plain HTTP: the TLS handshake waits for
///   the whole timeout when that server waits for a request line, so while an https request has
///   no answer, one plain `HEAD /` asks the same port whether it answers HTTP (`answersPlainHTTP`).
///
/// Answers are read with the same limits as URLSession's: the deadline covers the whole answer,
/// the body stops at the limit, and a broken answer is said in the same words.
enum SocketHTTP {
    typealias Answer = (status: Int, headers: [String: String], body: Data)

    /// How long an https request waits before asking whether its port speaks plain HTTP.
    static let probeDelay = 0.5
    /// What a port that answers plain HTTP to an https:// address is told.
    static let plainHTTPWords = "it answers plain HTTP on that port, not HTTPS"

    /// Whether a request to `url` must be made here: a plain-HTTP IPv6 literal, on Linux.
    static func isNeeded(for url: URL) -> Bool {
        #if canImport(Darwin)
            false
        #else
            url.scheme?.lowercased() == "http" && Target(url)?.isIPv6Literal == true
        #endif
    }

    /// The monotonic time `seconds` from now.
    static func deadline(after seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(seconds, 86_400)) * 1e9)
    }

    /// One exchange, as `URLSessionHTTP.exchange` makes it: blocking work on a thread of its own,
    /// ended at once when the calling task is cancelled.
    static func exchange(
        _ method: String, _ url: URL, _ headers: [String: String], _ timeout: Double, _ maximumBodyBytes: Int
    ) async throws -> Answer {
        guard let target = Target(url) else { throw URLError(.badURL) }
        let connection = SocketConnection(deadline: deadline(after: timeout))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        with: Result { try answer(method, target, headers, maximumBodyBytes: maximumBodyBytes, over: connection) })
                    connection.close()
                }
            }
        } onCancel: {
            connection.interrupt()
        }
    }

    /// Whether the port of the https:// `url` answers a plain `HEAD /` in HTTP: then it does not
    /// speak HTTPS. A TLS port answers with an alert or closes; one that says in HTTP that it
    /// wants TLS (status 400, as nginx does) is a TLS port too.
    static func answersPlainHTTP(_ url: URL, deadline: UInt64) -> Bool {
        guard let target = Target(url) else { return false }
        let connection = SocketConnection(deadline: deadline)
        defer { connection.close() }
        do {
            try connection.connect(host: target.host, port: target.port)
            try connection.send(Array("HEAD / HTTP/1.0\r\nHost: \(target.authority)\r\n\r\n".utf8))
            var reader = AnswerReader(connection)
            return try reader.head().status != 400
        } catch {
            return false
        }
    }

    private static func answer(
        _ method: String, _ target: Target, _ headers: [String: String], maximumBodyBytes: Int, over connection: SocketConnection
    ) throws -> Answer {
        try connection.connect(host: target.host, port: target.port)
        var request = "\(method) \(target.requestPath) HTTP/1.1\r\nHost: \(target.authority)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !["host", "connection"].contains(name.lowercased()) {
            request += "\(name): \(value)\r\n"
        }
        request += "Connection: close\r\n\r\n"
        try connection.send(Array(request.utf8))
        var reader = AnswerReader(connection)
        var head = try reader.head()
        while (100..<200).contains(head.status) { head = try reader.head() }
        let hasNoBody = method == "HEAD" || head.status == 204 || head.status == 304
        let body = hasNoBody ? Data() : try reader.body(of: head, maximumBytes: maximumBodyBytes)
        return (head.status, head.headers, body)
    }

    /// What `URLSessionHTTP.words(for:)` says of an answer that came but cannot be read.
    static func unreadable(_ words: String) -> URLError {
        URLError(.cannotParseResponse, userInfo: [URLSessionHTTP.answerProblemKey: words])
    }
}

/// Where a request goes: the host to connect to (an IPv6 address without its brackets, its zone
/// decoded), the port, and what the request line and `Host` header say.
struct Target {
    var host: String
    var port: Int
    /// `[::1]:8080`.
    var authority: String
    /// `/recipes?q=curry`.
    var requestPath: String
    var isIPv6Literal: Bool

    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let encodedHost = components.percentEncodedHost,
            !encodedHost.isEmpty
        else { return nil }
        isIPv6Literal = encodedHost.hasPrefix("[") && encodedHost.hasSuffix("]")
        host = isIPv6Literal ? String(encodedHost.dropFirst().dropLast()).replacing("%25", with: "%") : encodedHost
        port = components.port ?? (components.scheme?.lowercased() == "https" ? 443 : 80)
        authority = encodedHost + (components.port.map { ":\($0)" } ?? "")
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestPath = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
}

/// Reads an HTTP/1.1 answer from a connection: its head, then its body by `Content-Length`,
/// in chunks, or to the end of the connection.
struct AnswerReader {
    struct Head {
        var status: Int
        var headers: [String: String]

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name }?.value
        }
    }

    /// The most a head may hold, as libcurl allows.
    static let maximumHeadBytes = 100 << 10

    private let connection: SocketConnection
    private var buffer: [UInt8] = []
    private var position = 0
    private var receivedAny = false

    init(_ connection: SocketConnection) {
        self.connection = connection
    }

    /// The status line and header fields, up to the blank line after them.
    mutating func head() throws -> Head {
        // How many bytes after `position` were searched already: each byte is looked at once.
        var searched = 0
        while true {
            if let end = Self.firstBlankLine(in: buffer, from: position + max(0, searched - 3)) {
                let text = String(decoding: buffer[position..<end], as: UTF8.self)
                position = end + 4
                return try Self.parse(head: text)
            }
            searched = buffer.count - position
            guard buffer.count - position <= Self.maximumHeadBytes else {
                throw SocketHTTP.unreadable("its headers go on without end (more than \(Self.maximumHeadBytes) bytes)")
            }
            guard try fill() else {
                throw SocketHTTP.unreadable(receivedAny ? "the answer stopped in its headers" : "the connection closed before any answer")
            }
        }
    }

    /// The body `head` announces, at most `maximumBytes` of it.
    mutating func body(of head: Head, maximumBytes: Int) throws -> Data {
        if head.header("transfer-encoding")?.lowercased().contains("chunked") == true {
            return try chunked(maximumBytes: maximumBytes)
        }
        guard let lengthText = head.header("content-length") else {
            // What came with the head counts first: with the server holding the rest, a wait for
            // more before that check would last until the server gives up.
            try check(buffer.count - position, against: maximumBytes)
            while try fill() { try check(buffer.count - position, against: maximumBytes) }
            return Data(buffer[position...])
        }
        guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else {
            throw SocketHTTP.unreadable("its Content-Length header is not a size (“\(lengthText)”)")
        }
        try check(length, against: maximumBytes)
        while buffer.count - position < length {
            guard try fill() else {
                throw SocketHTTP.unreadable(
                    "the answer stopped after \(buffer.count - position) of the \(length) bytes its Content-Length announced")
            }
        }
        return Data(buffer[position..<(position + length)])
    }

    private mutating func chunked(maximumBytes: Int) throws -> Data {
        var body = Data()
        while true {
            let line = try self.line()
            guard let size = Int(line.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw SocketHTTP.unreadable("its chunked body is not valid (a chunk's size is “\(line.prefix(20))”)")
            }
            if size == 0 {
                while try !self.line().isEmpty {}  // the trailer fields, if any
                return body
            }
            try check(body.count + size, against: maximumBytes)
            while buffer.count - position < size + 2 {
                guard try fill() else { throw SocketHTTP.unreadable("the answer stopped in the middle of a chunk") }
            }
            body.append(contentsOf: buffer[position..<(position + size)])
            position += size + 2
        }
    }

    /// One line, without its CRLF.
    private mutating func line() throws -> String {
        var searched = 0
        while true {
            if let end = buffer[(position + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffer[position..<end], as: UTF8.self)
                position = end + 1
                return text.hasSuffix("\r") ? String(text.dropLast()) : text
            }
            searched = buffer.count - position
            guard buffer.count - position <= 4096 else { throw SocketHTTP.unreadable("its chunked body is not valid (a line without end)") }
            guard try fill() else { throw SocketHTTP.unreadable("the answer stopped in the middle of its chunked body") }
        }
    }

    private func check(_ size: Int, against maximum: Int) throws {
        guard size <= maximum else { throw URLError(.dataLengthExceedsMaximum) }
    }

    /// Reads what has arrived; false at the end of the connection. What was read already is let
    /// go first, so a long answer costs its own size, not its size times its pieces.
    private mutating func fill() throws -> Bool {
        if position > 65536 {
            buffer.removeFirst(position)
            position = 0
        }
        let bytes = try connection.receive(upTo: 65536)
        guard !bytes.isEmpty else { return false }
        receivedAny = true
        buffer += bytes
        return true
    }

    private static func firstBlankLine(in bytes: [UInt8], from start: Int) -> Int? {
        var index = max(0, start)
        while index + 3 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    private static func parse(head text: String) throws -> Head {
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...999).contains(status) else {
            throw SocketHTTP.unreadable("it is not HTTP (it began “\(lines[0].prefix(40))”)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return Head(status: status, headers: headers)
    }
}
