import Synchronization

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

/// Files the programs write whole (a cassette, an export, the screen report), written the way a
/// person expects "save" to work:
///
/// - at once: to a temporary file beside the real one, flushed, then renamed over it, so a crash
///   or a full disk never leaves half a file;
/// - in place: a symbolic link is followed and its target rewritten, never replaced by a file;
/// - keeping the file's permissions (a cassette made private stays private);
/// - only over a regular file: a folder, a named pipe or a device is refused in words at once,
///   before anything waits on it;
/// - leaving nothing behind: the temporary file of a write that was killed is removed by the
///   next write to the same file (or `removeLeftovers(of:)`), once its writer is gone.
public enum FileReplacement {
    /// Replaces the contents of the file `path` names with `data`. Returns the path written:
    /// the link's target when `path` is a symbolic link.
    @discardableResult
    public static func write(_ data: Data, to path: String) throws(FileProblem) -> String {
        let target = try regularFile(at: path)
        removeLeftovers(of: target)
        let (folder, name) = split(target)
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let temporary = folder + "/" + temporaryPrefix(of: name) + "\(getpid())-\(number).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileProblem(path: target, errno: errno) }
        do throws(FileProblem) {
            defer { close(descriptor) }
            if let mode = existingMode(of: target), fchmod(descriptor, mode) != 0 { throw FileProblem(path: target, errno: errno) }
            try writeAll(data, to: descriptor, path: target)
            guard fsync(descriptor) == 0 else { throw FileProblem(path: target, errno: errno) }
            guard rename(temporary, target) == 0 else { throw FileProblem(path: target, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        return target
    }

    /// The regular file `path` names, symbolic links followed: what a write changes. Nothing
    /// there yet is fine (the file is made); anything but a regular file is a `FileProblem`.
    public static func regularFile(at path: String) throws(FileProblem) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return current }
                throw FileProblem(path: current, errno: errno)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return current
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(current, &buffer, buffer.count - 1)
                guard count > 0 else { throw FileProblem(path: current, errno: errno) }
                let destination = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current = destination.hasPrefix("/") ? destination : split(current).folder + "/" + destination
            default:
                throw FileProblem(path: path, reason: "it is \(kind(of: info.st_mode)), not a regular file")
            }
        }
        throw FileProblem(path: path, errno: ELOOP)
    }

    /// Removes the temporary files that writes to `path` left when they were interrupted (killed,
    /// or the machine stopped): those whose process no longer runs.
    public static func removeLeftovers(of path: String) {
        let (folder, name) = split(path)
        removeLeftovers(inFolder: folder, prefix: temporaryPrefix(of: name))
    }

    /// The same, for every file in `folder` (the exports, at the app's start).
    public static func removeLeftovers(inFolder folder: String) {
        removeLeftovers(inFolder: folder, prefix: ".")
    }

    private static func removeLeftovers(inFolder folder: String, prefix: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            // `.NAME.cookbook-PID-N.tmp`: the writer's process id follows the marker.
            guard let marker = entry.ranges(of: ".cookbook-").last else { continue }
            let owner = entry[marker.upperBound...].prefix { $0 != "-" }
            guard let process = pid_t(owner), kill(process, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + entry)
        }
    }

    /// What a file of this mode is, in words: "a directory", "a named pipe (FIFO)".
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a regular file"
        }
    }

    /// `.NAME.cookbook-`: hidden, and naming the file it stands in for.
    static func temporaryPrefix(of name: String) -> String {
        ".\(name).cookbook-"
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func existingMode(of path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(FileProblem) {
        let failure: Int32? = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                    let count = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                #else
                    let count = Darwin.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                #endif
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        if let failure { throw FileProblem(path: path, errno: failure) }
    }

    /// Numbers this process's temporary files, so two writes at once never share one.
    private static let counter = Atomic(0)
}

/// A file that cannot be read or written as asked, said in words: which file, and why.
public struct FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    /// "it is a named pipe (FIFO), not a regular file", "the disk is full", "permission denied".
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The reason for a system error number, in words a person reads.
    public init(path: String, errno number: Int32) {
        self.init(path: path, reason: Self.words(errno: number))
    }

    public var description: String { "\(path): \(reason)" }

    /// `strerror`'s words, but for the errors people act on, said as what to do about them.
    public static func words(errno number: Int32) -> String {
        switch number {
        case ENOSPC, EDQUOT: return "the disk is full"
        case EROFS: return "the disk is read-only"
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "its folder does not exist"
        case ELOOP: return "its symbolic links go round in a circle"
        default:
            let text = String(cString: strerror(number))
            return (text.first?.lowercased() ?? "") + text.dropFirst()
        }
    }
}
