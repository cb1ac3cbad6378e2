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
            throw FolderError(reason: error.inWords)
        }
    }
}

/// Why a folder cannot be made, in words.
public struct FolderError: Error, Equatable {
    public var reason: String
}
