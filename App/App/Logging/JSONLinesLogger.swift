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
/// out whole or not at all, under a lock every writer takes (`EventLogFile`): lines from
/// different processes never cut into each other, and none is glued to a line left cut short.
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
        var file: EventLogFile?
        var reportedFailure = false
        var reportedRepair = false
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
        state.file?.close()
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
                if state.file == nil { state.file = try EventLogFile.open(fileURL) }
                let cut = try state.file?.append(line) ?? 0
                if cut > 0, !state.reportedRepair {
                    state.reportedRepair = true
                    notices.warn(
                        "the event log \(fileURL.path) ended in a line cut short (\(cut) bytes, left by a run that stopped while writing it); that piece was removed, so that every line is whole."
                    )
                }
            } catch {
                guard !state.reportedFailure else { return }
                state.reportedFailure = true
                notices.warn("cannot write the event log \(fileURL.path): \(error.reason). Events are not recorded for this run.")
            }
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
