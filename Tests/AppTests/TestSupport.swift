import Foundation
import TerminalRunner

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("cookbook-app-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func write(_ text: String, to name: String) throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

func readText(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
}

extension AnyScreen {
    /// The row a person names by what it shows, as a script's `select "…"` does: the first whose
    /// label starts with `words`. A key no row has when none does, so an event sent to it changes nothing.
    func row(_ words: String) -> RowKey {
        content.sections.flatMap(\.rows).first { $0.label.hasPrefix(words) }?.id ?? RowKey("no row “\(words)”")
    }
}
