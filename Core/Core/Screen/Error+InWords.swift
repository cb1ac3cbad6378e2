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

extension Error {
    /// What went wrong, in words: the error's `LocalizedError` description; for a system error
    /// (`POSIXError`, or a `CocoaError` from a file operation, with the POSIX error under it),
    /// the system's words ("No such file or directory"); else how Swift prints the error.
    ///
    /// Foundation's `localizedDescription` says as much, but it is not in FoundationEssentials,
    /// which the app is built on so that a launch does not load all of Foundation
    /// (docs/benchmarks.md, the launch section).
    public var inWords: String {
        if let description = (self as? any LocalizedError)?.errorDescription { return description }
        if let posix = self as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = self as? CocoaError {
            return cocoa.underlying?.inWords ?? "the file operation failed (Cocoa error \(cocoa.code.rawValue))"
        }
        return String(describing: self)
    }
}
