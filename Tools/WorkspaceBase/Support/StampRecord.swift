import Foundation

/// A record the tool keeps between runs (`.build/focus/builds-done.json` and its kin): a name →
/// the stamp of what was last done under it, as JSON. Read whole; written whole, in one step
/// (`atomic`), so a reader finds the old record or the new one. A record that cannot be read is
/// empty, and one that cannot be written is lost: either only costs the next run work it could
/// have skipped, never a skip it should not make.
package struct StampRecord<Value: Codable & Equatable> {
    /// The record's file.
    package let path: String

    package init(_ path: String) { self.path = path }

    package func read() -> [String: Value] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONDecoder().decode([String: Value].self, from: data)) ?? [:]
    }

    /// Sets (or, given nil, removes) what `key` stamps. Past `bound` names the record starts
    /// again with this one: the names are command lines, which change as features come and go.
    package func update(_ key: String, to value: Value?, keepingAtMost bound: Int) {
        var all = read()
        if all.count >= bound { all = [:] }
        all[key] = value
        write(all)
    }

    package func write(_ record: [String: Value]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(record) else { return }
        try? FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
