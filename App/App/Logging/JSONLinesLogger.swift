import Core
import Foundation
import Synchronization
import TerminalRunner

/// Writes page views and activity events as JSON lines (one object per line) to a file,
/// and to stderr in verbose mode, so a run can be inspected with `jq` or `grep`.
/// Logging never throws: if the file cannot be written, the first failure is reported once
/// through `notices` (on stderr, or the status line in full screen) and the app carries on.
final class JSONLinesLogger: PageViewLogger, ActivityLogger {
    private struct Entry: Encodable {
        let time: String
        let kind: String
        let name: String
        let data: [String: String]
    }

    private struct State {
        var handle: FileHandle?
        var reportedFailure = false
    }

    let fileURL: URL
    private let echoToStandardError: Bool
    private let notices: RunNotices
    private let state = Mutex(State())
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
        state.withLock { try? $0.handle?.close() }
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
        if echoToStandardError { FileHandle.standardError.write(line) }
        state.withLock { state in
            do {
                if state.handle == nil { state.handle = try openForAppending() }
                try state.handle?.write(contentsOf: line)
            } catch {
                guard !state.reportedFailure else { return }
                state.reportedFailure = true
                let reason =
                    error.localizedDescription.hasSuffix(".") ? String(error.localizedDescription.dropLast()) : error.localizedDescription
                notices.warn("cannot write the event log \(fileURL.path): \(reason). Events are not recorded for this run.")
            }
        }
    }

    private func openForAppending() throws -> FileHandle {
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: fileURL.path) {
            guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: fileURL.path])
            }
        }
        let handle = try FileHandle(forWritingTo: fileURL)
        try handle.seekToEnd()
        return handle
    }

    private static func timestamp() -> String {
        Date().formatted(.iso8601)
    }
}
