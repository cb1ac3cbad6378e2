import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection of this module's own, where URLSession cannot be used: every wait on it ends
/// at `deadline` (`URLError(.timedOut)`), and `interrupt()`, from any thread, ends a wait at once
/// (`CancellationError`). Failures are `URLError`s, as URLSession's are, so the exchange reports
/// both alike.
final class SocketConnection: @unchecked Sendable {
    /// A point on the monotonic clock, in nanoseconds (`DispatchTime.uptimeNanoseconds`).
    let deadline: UInt64
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var interrupted = false

    init(deadline: UInt64) {
        self.deadline = deadline
    }

    deinit { close() }

    /// Connects to `host` (a name or an address: `::1`, `fe80::1%eth0`, `127.0.0.1`) on `port`.
    func connect(host: String, port: Int) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw URLError(.cannotFindHost, userInfo: [NSLocalizedDescriptionKey: URLSessionHTTP.words(for: .cannotFindHost)])
        }
        defer { freeaddrinfo(found) }
        var refusal: Int32 = ECONNREFUSED
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let candidate = address {
            address = candidate.pointee.ai_next
            let socket = Self.socket(candidate.pointee.ai_family)
            guard socket >= 0 else { continue }
            guard adopt(socket) else { throw CancellationError() }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
                var yes: Int32 = 1
                setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if Self.connect(socket, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) == 0 { return }
            if errno == EINPROGRESS {
                try wait(for: Int16(POLLOUT))
                var problem: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &problem, &length)
                if problem == 0 { return }
                refusal = problem
            } else {
                refusal = errno
            }
            close()
        }
        let words = refusal == ECONNREFUSED ? URLSessionHTTP.words(for: .cannotConnectToHost) : String(cString: strerror(refusal))
        throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: words])
    }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            try wait(for: Int16(POLLOUT))
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.send(currentDescriptor, buffer.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(currentDescriptor, buffer.baseAddress.map { $0 + sent }, bytes.count - sent, 0)
                #endif
            }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count > 0 else { throw lost() }
            sent += count
        }
    }

    /// Up to `limit` bytes, as soon as some arrive; empty when the other end has closed.
    func receive(upTo limit: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            try wait(for: Int16(POLLIN))
            let count = buffer.withUnsafeMutableBytes { read(currentDescriptor, $0.baseAddress, limit) }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count >= 0 else { throw lost() }
            return Array(buffer.prefix(count))
        }
    }

    /// Ends any wait now and every one after it.
    func interrupt() {
        lock.withLock {
            interrupted = true
            if descriptor >= 0 { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    func close() {
        lock.withLock {
            if descriptor >= 0 {
                _ = closeDescriptor(descriptor)
                descriptor = -1
            }
        }
    }

    private var currentDescriptor: Int32 { lock.withLock { descriptor } }

    /// Takes `socket` as the connection's; false (and closes it) once interrupted.
    private func adopt(_ socket: Int32) -> Bool {
        lock.withLock {
            guard !interrupted else {
                _ = closeDescriptor(socket)
                return false
            }
            descriptor = socket
            return true
        }
    }

    /// Waits until the socket is ready for `events`, or fails at the deadline or the interrupt.
    private func wait(for events: Int16) throws {
        while true {
            if lock.withLock({ interrupted }) { throw CancellationError() }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                throw URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: URLSessionHTTP.words(for: .timedOut)])
            }
            var pending = pollfd(fd: currentDescriptor, events: events, revents: 0)
            // At most 100 ms a wait, so an interrupt is seen even where shutdown wakes nothing.
            let milliseconds = Int32(min(100, (deadline - now) / 1_000_000 + 1))
            let ready = poll(&pending, 1, milliseconds)
            if lock.withLock({ interrupted }) { throw CancellationError() }
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw lost() }
        }
    }

    private func lost() -> URLError {
        URLError(.networkConnectionLost, userInfo: [NSLocalizedDescriptionKey: URLSessionHTTP.words(for: .networkConnectionLost)])
    }

    /// A socket closed on exec: a program started meanwhile (any thread may start one) would
    /// otherwise hold a copy of it, and the connection would stay open after `close()`, the
    /// server still sending to a client that has hung up.
    private static func socket(_ family: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            // No SOCK_CLOEXEC here: the flag is set at once after.
            let socket = Darwin.socket(family, SOCK_STREAM, 0)
            if socket >= 0 { _ = fcntl(socket, F_SETFD, FD_CLOEXEC) }
            return socket
        #endif
    }

    private static func connect(_ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.connect(socket, address, length)
        #else
            Darwin.connect(socket, address, length)
        #endif
    }
}

/// `close(2)`, out of the class whose own `close()` would shadow it.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
