#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole contents of a file the user names: a regular file, and also a pipe or a device
/// (`--script <(printf 'quit\n')`, `/dev/stdin`, `/dev/null`).
///
/// `Data(contentsOf:)` on Linux asks a non-regular file for its size first and fails with
/// "permission denied", so this reads with `read(2)` until the end, which works for all of
/// them. Errors are `POSIXError`s (for `inWords`): "no such file", "is a directory".
public enum FileContents {
    public static func read(atPath path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        var contents = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                #else
                    Darwin.read(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if count > 0 {
                contents.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return contents
            } else if errno != EINTR {
                throw failure(errno)
            }
        }
    }

    private static func failure(_ number: Int32) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
    }
}
