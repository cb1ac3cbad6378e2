import Foundation

/// A build that failed, as the person needs to see it.
package struct BuildFailure: Equatable, Sendable {
    /// The compiler's diagnostics with their source excerpts, paths relative to the package.
    var lines: [String]
    var errorCount: Int

    /// Picks the diagnostics out of `swift build`'s output: from the first line naming an error,
    /// without progress lines, each diagnostic once (the build can print one twice); when no line
    /// names a source position (a manifest or link error), the output's last lines.
    init(output: String, packageRoot: String) {
        let root = packageRoot.hasSuffix("/") ? packageRoot : packageRoot + "/"
        let all = output.replacingOccurrences(of: root, with: "").components(separatedBy: "\n").filter { !Self.isProgress($0) }
        guard let first = all.firstIndex(where: { Self.isPositioned($0, "error") }) else {
            lines = Array(all.suffix(20))
            errorCount = max(1, all.filter { $0.contains("error:") }.count)
            return
        }
        // Diagnostics with the excerpts below them, each kept once.
        var blocks: [[String]] = []
        for line in all[first...] where !Self.isCommandFailure(line) {
            if blocks.isEmpty || ["error", "warning", "note"].contains(where: { Self.isPositioned(line, $0) }) {
                blocks.append([line])
            } else {
                blocks[blocks.count - 1].append(line)
            }
        }
        var seen = Set<String>()
        let unique = blocks.filter { seen.insert($0[0]).inserted }
        lines = unique.flatMap { $0 }
        errorCount = unique.filter { Self.isPositioned($0[0], "error") }.count
    }

    init(lines: [String], errorCount: Int) {
        self.lines = lines
        self.errorCount = errorCount
    }

    /// `Features/Feed/FeedTranslator.swift:12:9: error: …` for `kind` "error".
    static func isPositioned(_ line: String, _ kind: String) -> Bool {
        guard let range = line.range(of: ": \(kind): ") else { return false }
        let position = line[..<range.lowerBound].split(separator: ":").suffix(2)
        return position.count == 2 && position.allSatisfy { $0.allSatisfy(\.isNumber) }
    }

    /// SwiftPM's `error: emit-module command failed with exit code 1`: it repeats what the
    /// diagnostics say, and lands between them in any order.
    static func isCommandFailure(_ line: String) -> Bool {
        line.hasPrefix("error: ") && line.contains(" command failed with exit code ")
    }

    /// `[3/6] Compiling Feed FeedTranslator.swift`, `Building for debugging...`, blank lines.
    static func isProgress(_ line: String) -> Bool {
        let isStep =
            line.hasPrefix("[") && line.contains("] ") && line.dropFirst().prefix { $0 != "]" }.allSatisfy { $0.isNumber || $0 == "/" }
        return isStep || line.hasPrefix("Building for ") || line.hasPrefix("Build complete") || line.hasPrefix("Compiling ")
            || line.hasPrefix("Write ") || line.hasPrefix("Planning build") || line.trimmingCharacters(in: .whitespaces).isEmpty
    }
}
