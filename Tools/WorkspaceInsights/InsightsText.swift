import Foundation

extension InsightsReport {
    /// The report for a person at a terminal (`workspace insights`).
    public var text: String {
        var lines = [headline]
        lines.append(explanation)
        lines.append("")
        var rows = [["loop", "recent", comparedWithOtherRecords ? "base" : "before", "change", "failed"]]
        for loop in loops {
            rows.append([
                loop.title, InsightsFormat.window(loop.recent), InsightsFormat.window(loop.baseline),
                InsightsFormat.verdict(loop, settings: settings), loop.failed == 0 ? "" : "\(loop.failed)",
            ])
        }
        lines += InsightsFormat.table(rows)
        if !slowestModules.isEmpty {
            lines.append("")
            lines.append("Slowest modules (last \(settings.baselineDays) days, by compile time spent):")
            lines += InsightsFormat.table(
                slowestModules.map { module in
                    [
                        module.module, "\(InsightsFormat.seconds(module.totalSeconds)) in \(InsightsFormat.count(module.builds, "build"))",
                        "median \(InsightsFormat.seconds(module.medianSeconds))", "longest \(InsightsFormat.seconds(module.maxSeconds))",
                    ]
                })
        }
        if !fanOuts.isEmpty {
            lines.append("")
            lines.append("Changes that recompiled the most (last \(settings.baselineDays) days):")
            lines += fanOuts.map { "  " + $0.sentence }
        }
        if unexplainedBuilds > 0 {
            lines.append("")
            lines.append(
                "\(InsightsFormat.count(unexplainedBuilds, "build")) could not be explained: the compiler driver's output was not in a shape this tool reads."
            )
        }
        lines.append("")
        lines.append(conclusion)
        if let wideChangesLine { lines.append(wideChangesLine) }
        return lines.joined(separator: "\n")
    }

    /// "Build insights: 42 builds from 19 Nov to 26 Nov (3 failed, counted apart from the medians)".
    var headline: String {
        let span = loops.flatMap(\.history).map(\.at)
        var headline = "Build insights: \(InsightsFormat.count(builds, "build"))"
        if let first = span.min(), let last = span.max() {
            let days = [InsightsFormat.day(first), InsightsFormat.day(last)]
            headline += days[0] == days[1] ? " on \(days[0])" : " from \(days[0]) to \(days[1])"
        }
        if failedBuilds > 0 { headline += " (\(failedBuilds) failed, counted apart from the medians)" }
        return headline
    }

    /// How loops are compared, in one sentence.
    var explanation: String {
        let recent = "Each loop: the median of its last \(settings.recentBuilds) successful builds"
        let previous =
            comparedWithOtherRecords
            ? "against the same loop's builds in the base records"
            : "against its builds in the \(settings.baselineDays) days before them"
        return "\(recent) \(previous); slower means more than \(Int((settings.threshold * 100).rounded()))% above."
    }

    /// The last line: which loops got slower, or that none did.
    var conclusion: String {
        let slower = slowerLoops
        guard !slower.isEmpty else {
            let compared = loops.filter { [.slower, .faster, .steady].contains($0.verdict) }.count
            return
                "No loop got slower by more than \(Int((settings.threshold * 100).rounded()))% (\(InsightsFormat.count(compared, "loop")) compared)."
        }
        let described = slower.map { loop in
            let before = loop.baseline.map { InsightsFormat.seconds($0.medianSeconds) } ?? "?"
            let after = loop.recent.map { InsightsFormat.seconds($0.medianSeconds) } ?? "?"
            return "\(loop.title) \(loop.change.map(InsightsFormat.change) ?? "") (\(before) → \(after))"
        }
        let threshold = Int((settings.threshold * 100).rounded())
        return "\(slower.count == 1 ? "1 loop" : "\(slower.count) loops") got slower by more than \(threshold)%: "
            + described.joined(separator: "; ") + "."
    }

    /// The `--json` output: sorted keys, ISO 8601 dates, so two runs on the same records compare byte for byte.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
