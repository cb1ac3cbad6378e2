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
    /// What went wrong, in words, the one way every module says it: the error's
    /// `LocalizedError` description as its type wrote it; for a system error, the system's words
    /// in lower case, for mid-sentence ("Couldn't export: no such file or directory").
    ///
    /// Foundation on Linux describes many file errors only as "The operation could not be
    /// completed. (NSCocoaErrorDomain error 512.)"; the POSIX error underneath says what
    /// happened, so that is read first, then the Cocoa code, and never a domain and a number.
    /// Foundation's `localizedDescription` is not used: it is not in FoundationEssentials, which
    /// the app is built on so that a launch does not load all of Foundation.
    public var inWords: String {
        if let description = (self as? any LocalizedError)?.errorDescription { return description }
        if let posix = self as? POSIXError { return Self.systemWords(posix) }
        if let cocoa = self as? CocoaError {
            return cocoa.underlying?.inWords ?? Self.words(for: cocoa.code) ?? "the system did not say why"
        }
        return String(describing: self)
    }

    /// `strerror`'s words, starting in lower case: "no such file or directory".
    private static func systemWords(_ error: POSIXError) -> String {
        let text = String(cString: strerror(error.code.rawValue))
        // "No such file" becomes "no such file"; a leading acronym ("I/O error") stays.
        guard let first = text.first, let second = text.dropFirst().first, second.isLowercase else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// The words for the Cocoa codes that come with no POSIX error under them.
    private static func words(for code: CocoaError.Code) -> String? {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: "no such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
        case .fileReadInapplicableStringEncoding: "it is not text in the expected encoding"
        case .fileReadCorruptFile: "it is not in the expected format"
        case .fileReadTooLarge: "it is too large"
        case .fileWriteFileExists: "something is already there"
        case .fileWriteOutOfSpace: "the disk is full"
        case .fileWriteVolumeReadOnly: "the file system is read-only"
        case .fileWriteInvalidFileName: "the name is not valid"
        default: nil
        }
    }
}
