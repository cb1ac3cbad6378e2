import Core

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

/// A system error in words a person reads ("not a directory", "permission denied"), for
/// messages that name the path themselves.
///
/// Foundation on Linux describes many file errors only as "The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)"; the POSIX error underneath says what happened,
/// so that is what is read first, then the Cocoa code, and never a domain and a number.
/// Other errors say what their `LocalizedError` description says.
public enum ErrorInWords {
    public static func describe(_ error: any Error) -> String {
        // A Cocoa code with no POSIX error under it: these words for the code. Anything else as
        // Core's `inWords` says it (a POSIXError in `strerror`'s words), for mid-sentence.
        if let cocoa = error as? CocoaError {
            guard let underlying = cocoa.underlying else { return cocoaWords[cocoa.code.rawValue] ?? "the system did not say why" }
            return describe(underlying)
        }
        let text = error.inWords
        return lowercasedFirst(text.hasSuffix(".") ? String(text.dropLast()) : text)
    }

    /// `strerror`'s words, starting in lower case: "no such file or directory".
    public static func describe(errno number: Int32) -> String {
        lowercasedFirst(String(cString: strerror(number)))
    }

    private static let cocoaWords: [Int: String] = [
        CocoaError.fileNoSuchFile.rawValue: "no such file or directory",
        CocoaError.fileReadNoSuchFile.rawValue: "no such file or directory",
        CocoaError.fileReadNoPermission.rawValue: "permission denied",
        CocoaError.fileWriteNoPermission.rawValue: "permission denied",
        CocoaError.fileReadInapplicableStringEncoding.rawValue: "it is not text in the expected encoding",
        CocoaError.fileReadCorruptFile.rawValue: "it is not in the expected format",
        CocoaError.fileReadTooLarge.rawValue: "it is too large",
        CocoaError.fileWriteFileExists.rawValue: "something is already there",
        CocoaError.fileWriteOutOfSpace.rawValue: "the disk is full",
        CocoaError.fileWriteVolumeReadOnly.rawValue: "the file system is read-only",
        CocoaError.fileWriteInvalidFileName.rawValue: "the name is not valid",
    ]

    private static func lowercasedFirst(_ text: String) -> String {
        // "No such file" becomes "no such file"; a leading acronym ("I/O error") stays.
        guard let first = text.first, let second = text.dropFirst().first, second.isLowercase else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// Folders the programs write into (logs, exports), made on first use.
public enum Folder {
    /// Makes `url` and its parents if missing. Fails in words: a file where the folder (or one
    /// of its parents) should be is named, rather than "file exists".
    public static func create(at url: URL) throws(FolderError) {
        var path = url.standardizedFileURL
        while path.path != "/" {
            var info = stat()
            if stat(path.path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { throw FolderError(reason: "\(path.path) is a file, not a folder") }
                break
            }
            path.deleteLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw FolderError(reason: ErrorInWords.describe(error))
        }
    }
}

/// Why a folder cannot be made, in words.
public struct FolderError: Error, Equatable {
    public var reason: String
}
