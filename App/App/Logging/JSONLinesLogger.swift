import Core
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

/// Writes page views and activity events as JSON lines (one object per line) to a file,
/// and to stderr in verbose mode, so a run can be inspected with `jq` or `grep`.
///
/// Several instances may log to the same file at once, so the file is opened for appending
/// (`O_APPEND`: the kernel puts every write at the end, whoever wrote last) and each line goes
/// out in one `write`, whole: lines from different processes never cut into each other.
/// Logging never throws: if the file cannot be written, the first failure is reported once
/// through `notices` (on stderr, or the status line in full screen) and the app carries on.
///
/// Screens log from several threads, so the state is behind Core's `Lock` (which
/// ThreadSanitizer sees on Linux; it does not see inside the standard library's `Mutex`).
final class JSONLinesLogger: PageViewLogger, ActivityLogger, @unchecked Sendable {
    private struct Entry: Encodable {
        let time: String
        let kind: String
        let name: String
        let data: [String: String]
    }

    private struct State {
        var descriptor: Int32?
        var reportedFailure = false
    }

    let fileURL: URL
    private let echoToStandardError: Bool
    private let notices: RunNotices
    private let lock = Lock()
    private var state = State()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(fileURL: URL, echoToStandardError: Bool = false, notices: RunNotices = RunNotices()) {
        self.fileURL = fileURL
        self.echoToStandardError = echoToStandardError
        self.notices = notices
    }

    deinit {
        if let descriptor = state.descriptor { close(descriptor) }
    }

    func log(_ pageView: PageView) {
        write(Entry(time: Self.timestamp(), kind: "page_view", name: pageView.name, data: pageView.parameters))
    }

    func log(_ event: ActivityEvent) {
        write(Entry(time: Self.timestamp(), kind: "activity", name: event.name, data: event.payload))
    }

    private func write(_ entry: Entry) {
        guard let json = try? encoder.encode(entry) else { return }
        let line = json + Data("\n".utf8)
        // At the full screen, stderr is the screen: the echo would write over the frame.
        if echoToStandardError, !TerminalMode.standard.isActive { Terminal.writeError(String(decoding: line, as: UTF8.self)) }
        lock.withLock {
            do throws(LogFileError) {
                if state.descriptor == nil { state.descriptor = try openForAppending() }
                if let descriptor = state.descriptor { try Self.writeWhole(line, to: descriptor) }
            } catch {
                guard !state.reportedFailure else { return }
                state.reportedFailure = true
                notices.warn("cannot write the event log \(fileURL.path): \(error.reason). Events are not recorded for this run.")
            }
        }
    }

    private func openForAppending() throws(LogFileError) -> Int32 {
        do {
            try Folder.create(at: fileURL.deletingLastPathComponent())
        } catch {
            throw LogFileError(reason: error.reason)
        }
        let descriptor = open(fileURL.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LogFileError(reason: ErrorInWords.describe(errno: errno)) }
        return descriptor
    }

    /// One `write` for the whole line. A regular file takes it whole; should the system write
    /// less (a full disk), the rest follows rather than leaving a cut line.
    private static func writeWhole(_ line: Data, to descriptor: Int32) throws(LogFileError) {
        if let failure = DescriptorWrite.writeAll(line, to: descriptor) {
            throw LogFileError(reason: ErrorInWords.describe(errno: failure))
        }
    }

    /// The entry's time in ISO 8601, UTC, to the second: `2026-11-23T15:04:05Z`, what
    /// `Date.formatted(.iso8601)` writes. Written from `gmtime_r`, because the first use of that
    /// format style costs about 0.3 ms, and the first page view is logged on the way to the
    /// first screen.
    static func timestamp(at date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return date.formatted(.iso8601) }
        func padded(_ number: Int32, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let day = "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
        return day + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))Z"
    }
}

/// Why the event log cannot be written, in words.
private struct LogFileError: Error {
    let reason: String
}
