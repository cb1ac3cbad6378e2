import Core
import DataFormats
import TerminalRunner

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

/// The event log's file: appended to a whole line at a time, by any number of programs at once.
///
/// Every writer takes an exclusive lock (`flock`) for each line, so what one finds at the end of
/// the file is never another's line in the making. A line is written whole or not at all: a
/// write that stops part-way (a full disk) is cut back off, and a tail that does not end with a
/// line break (a program killed while writing, before these rules) is cut back to the last
/// whole line before the next is appended, so no line is ever glued to a broken one.
struct EventLogFile {
    let path: String
    private let descriptor: Int32

    /// Opens `path` for appending, making it and its folder if need be. A path that is not a
    /// regular file (a named pipe, a device, a folder) is refused at once: opening a named pipe
    /// to write waits for a reader, and the app would hang at start.
    static func open(_ url: URL) throws(LogFileError) -> EventLogFile {
        do {
            try Folder.create(at: url.deletingLastPathComponent())
        } catch {
            throw LogFileError(reason: error.reason)
        }
        do {
            _ = try FileReplacement.regularFile(at: url.path)
        } catch {
            throw LogFileError(reason: error.reason)
        }
        // Not blocking, in case the path became a named pipe since: then the open fails (or the
        // check below refuses it) instead of waiting for a reader.
        #if canImport(Glibc)
            let descriptor = Glibc.open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
        #else
            let descriptor = Darwin.open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
        #endif
        guard descriptor >= 0 else { throw LogFileError(reason: lastSystemError) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            EventLogFile(path: url.path, descriptor: descriptor).close()
            throw LogFileError(reason: "it is \(FileReplacement.kind(of: info.st_mode)), not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return EventLogFile(path: url.path, descriptor: descriptor)
    }

    func close() {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }

    /// Appends `line`, which ends with a line break, whole or not at all. Returns how many bytes
    /// of a broken tail were cut off first (0 almost always).
    @discardableResult
    func append(_ line: Data) throws(LogFileError) -> Int {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw LogFileError(reason: lastSystemError) }
        }
        defer { flock(descriptor, LOCK_UN) }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else { throw LogFileError(reason: lastSystemError) }
        let whole = endOfLastWholeLine(before: end)
        if whole < end {
            guard ftruncate(descriptor, whole) == 0 else { throw LogFileError(reason: lastSystemError) }
        }
        if let failure = DescriptorWrite.writeAll(line, to: descriptor) {
            // Part of the line may be in the file: it goes, so the file still ends with a whole line.
            _ = ftruncate(descriptor, whole)
            throw LogFileError(reason: FileProblem.words(errno: failure))
        }
        return Int(end - whole)
    }

    /// The offset just after the last line break before `end` (0 when there is none): where
    /// the whole lines end.
    private func endOfLastWholeLine(before end: off_t) -> off_t {
        var chunkEnd = end
        var buffer = [UInt8](repeating: 0, count: 4096)
        while chunkEnd > 0 {
            let start = max(0, chunkEnd - off_t(buffer.count))
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Int(chunkEnd - start), start) }
            guard count > 0 else { return end }
            if let newline = buffer[..<count].lastIndex(of: 0x0A) { return start + off_t(newline) + 1 }
            // The last byte is a line break almost always: one read of one chunk.
            chunkEnd = start
        }
        return 0
    }
}

/// Why the event log cannot be written, in words.
struct LogFileError: Error {
    let reason: String
}

/// The last system call's error (`errno`) in words: "no space left on device".
private var lastSystemError: String {
    POSIXErrorCode(rawValue: errno).map { POSIXError($0).inWords } ?? "the system did not say why (error \(errno))"
}
