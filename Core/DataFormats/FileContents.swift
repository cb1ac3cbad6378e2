import Foundation

/// The whole contents of a file the user names: a regular file, and also a pipe or a device
/// (`--script <(printf 'quit\n')`, `/dev/stdin`, `/dev/null`).
///
/// `Data(contentsOf:)` on Linux asks a non-regular file for its size first and fails
/// with "permission denied"; reading through a `FileHandle` to the end works for all of them.
/// Errors are Foundation's, with the POSIX reason underneath (for `ErrorInWords`).
public enum FileContents {
    public static func read(atPath path: String) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
