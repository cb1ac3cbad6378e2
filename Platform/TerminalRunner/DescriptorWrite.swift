#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `write(2)` until every byte is out: for the terminal and for files that several processes
/// append to, where a line must leave in one piece.
public enum DescriptorWrite {
    /// Writes every byte of `bytes`, going on after an interruption (`EINTR`, and `EAGAIN` on a
    /// non-blocking terminal) or a short write. Returns nil when all was written, else the
    /// `errno` that stopped it.
    @discardableResult
    public static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Int32? {
        var remaining = Array(bytes)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                    Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written > 0 {
                remaining = remaining.dropFirst(written)
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }
}
