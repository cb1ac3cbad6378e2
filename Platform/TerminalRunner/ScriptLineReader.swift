#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads script lines from a descriptor (piped input, a person typing at a `cookbook>` prompt),
/// holding at most `ScriptCommand.maximumLineBytes` of any one line: a longer line is read to its
/// end and let go as it comes, and reported by its length alone. So a line of 50 MB costs the time
/// to read it and no more memory than the limit, where `readLine` would keep all of it.
///
/// Lines end at `\n`, a `\r` before it is dropped, and bytes that are not UTF-8 become U+FFFD, as
/// `readLine(strippingNewline: true)` reads them.
struct ScriptLineReader {
    enum Line: Equatable {
        case text(String)
        /// A line over the limit; `bytes` is its whole length, its end of line not counted.
        case tooLong(bytes: Int)
    }

    private let descriptor: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    private var ended = false
    /// What each `read` fills; kept, so reading costs no allocation.
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    init(descriptor: Int32 = STDIN_FILENO, limit: Int = ScriptCommand.maximumLineBytes) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line; nil at the end of the input.
    mutating func next() -> Line? {
        // How many bytes after `start` were searched for the end of the line already.
        var searched = 0
        // The bytes of a line over the limit already read and let go.
        var dropped = 0
        while true {
            if let newline = Self.newline(in: buffer, from: start + searched) {
                defer { start = newline + 1 }
                return line(buffer[start..<newline], dropped: dropped)
            }
            if dropped == 0, buffer.count - start <= limit {
                searched = buffer.count - start
                guard let count = read() else {
                    guard buffer.count > start else { return nil }
                    defer { start = buffer.count }
                    return line(buffer[start...], dropped: 0)
                }
                buffer.append(contentsOf: chunk[..<count])
                continue
            }
            // Over the limit: what is held goes, and each chunk is only searched for the end.
            dropped += buffer.count - start
            buffer.removeAll(keepingCapacity: true)
            start = 0
            searched = 0
            guard let count = read() else { return .tooLong(bytes: dropped) }
            guard let end = Self.newline(in: chunk, from: 0, to: count) else {
                dropped += count
                continue
            }
            buffer.append(contentsOf: chunk[(end + 1)..<count])
            return .tooLong(bytes: dropped + end - (end > 0 && chunk[end - 1] == UInt8(ascii: "\r") ? 1 : 0))
        }
    }

    private func line(_ bytes: ArraySlice<UInt8>, dropped: Int) -> Line {
        let text = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
        guard dropped == 0, text.count <= limit else { return .tooLong(bytes: dropped + text.count) }
        return .text(String(decoding: text, as: UTF8.self))
    }

    /// The index of the first `\n` in `bytes[from..<to]`, found by `memchr`.
    private static func newline(in bytes: [UInt8], from: Int, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard from < end else { return nil }
        return bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base + from, Int32(UInt8(ascii: "\n")), end - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads into `chunk`, after letting go of the lines already given: how many bytes came; nil
    /// at the end.
    private mutating func read() -> Int? {
        guard !ended else { return nil }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let descriptor = self.descriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return count }
            if count < 0, errno == EINTR { continue }
            ended = true
            return nil
        }
    }
}

/// `read(2)`, out of the type whose own `read()` would shadow it.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
