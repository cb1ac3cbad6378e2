import Foundation

/// Edits the compiler's driver would not compile, made compilable: their objects are removed.
///
/// Why: the driver of an incremental build compares a source's modification time with the one it
/// read at its last run to the second. A file saved again within the second its last build read
/// it (an edit made just after a quick build, or while a build runs) reads as unchanged: llbuild
/// runs the module's command, which compiles nothing, and the program keeps the old code, until
/// the file is saved again. A missing object is always compiled again, so before a build the
/// focus removes the object of every Swift file saved since the last build of its target in that
/// folder began to list the files. Such a file has changed, so the driver compiles it anyway,
/// except within the second: removing its object costs nothing more.
///
/// The record, `sources-listed` in the build folder, holds when that was for each target
/// (`Feed 1795951090.026`). It is written before the build: a removed object stays removed until
/// a build compiles it, so a build that fails or stops loses nothing. A target without a record
/// (the folder's first build, which compiles everything) has nothing removed.
struct SameSecondEdits {
    /// The build folder (`.build`, `.build/large`).
    let scratch: String
    /// Where its objects are: `<programs>/Feed.build/FeedScreen.swift.o`.
    let programs: String
    let packageRoot: String

    var record: String { scratch + "/sources-listed" }

    /// Removes the objects of `listing`'s Swift files saved after `read`'s time for their target,
    /// then records `listedAt` (when `listing` began) for each target that had no time or had such
    /// files. The others keep theirs: nothing of theirs was saved after it, so it removes what
    /// `listedAt` would, and a build with nothing saved writes nothing. Returns the objects removed.
    @discardableResult
    func prepare(_ listing: ClosureListing, listedAt: Double) -> [String] {
        // A file's time comes from the kernel's coarse clock, a few milliseconds behind the one
        // `listedAt` was read from: a file saved just after it must not read as saved before.
        let listedAt = listedAt - 0.1
        var times = read()
        var removed: [String] = []
        var recorded = false
        for (target, files) in listing.files {
            guard let since = times[target] else {
                times[target] = listedAt
                recorded = true
                continue
            }
            let saved = (files ?? []).filter { $0.path.hasSuffix(".swift") && $0.status.modified > since }
            guard !saved.isEmpty else { continue }
            removed += removeObjects(of: saved.map { packageRoot + "/" + $0.path }, target: target)
            times[target] = listedAt
            recorded = true
        }
        if recorded { write(times) }
        return removed
    }

    /// The objects the output file map of `target` names for `sources` (absolute paths), removed.
    private func removeObjects(of sources: [String], target: String) -> [String] {
        let map = programs + "/\(target).build/output-file-map.json"
        guard let data = FileManager.default.contents(atPath: map),
            let outputs = (try? JSONSerialization.jsonObject(with: data)) as? [String: [String: String]]
        else { return [] }
        return sources.compactMap { source in
            guard let object = outputs[source]?["object"], (try? FileManager.default.removeItem(atPath: object)) != nil else { return nil }
            return object
        }
    }

    /// Target → when the last build of it in this folder began to list its files (seconds since 1970).
    func read() -> [String: Double] {
        guard let text = try? String(contentsOfFile: record, encoding: .utf8) else { return [:] }
        var times: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let time = Double(parts[1]) { times[String(parts[0])] = time }
        }
        return times
    }

    /// One line per target, written whole in one step. A record that cannot be written stays the
    /// older one: the next build removes more objects than it needs, never fewer.
    private func write(_ times: [String: Double]) {
        let text = times.keys.sorted().map { "\($0) \(times[$0] ?? 0)\n" }.joined()
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try? text.write(toFile: record, atomically: true, encoding: .utf8)
    }
}
