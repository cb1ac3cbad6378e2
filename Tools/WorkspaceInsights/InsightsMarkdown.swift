import Foundation

extension InsightsReport {
    /// A short Markdown summary (`--markdown`): a pull request's checks show it, with `--against`
    /// the records of its base branch, so it says how the change moved the loops it built.
    public var markdown: String {
        let hasBase = comparedWithOtherRecords && loops.contains { $0.baseline != nil }
        var lines = [hasBase ? "### Build insights: how this change moved its loops" : "### Build insights: this run's loops", ""]
        guard !loops.isEmpty else {
            lines.append("No build was recorded in this run.")
            return lines.joined(separator: "\n")
        }
        if !hasBase {
            lines.append(
                comparedWithOtherRecords
                    ? "The base branch's records hold none of these loops: this run's figures only." : "This run's figures only.")
            lines.append("")
        }
        let columns = hasBase ? ["loop", "this run", "base", "change", "failed"] : ["loop", "this run", "failed"]
        lines.append("| " + columns.joined(separator: " | ") + " |")
        lines.append("|" + String(repeating: "---|", count: columns.count))
        for loop in loops {
            let failed = loop.failed == 0 ? "" : "\(loop.failed)"
            let title = loop.title.replacingOccurrences(of: "|", with: "\\|")
            var cells = ["`\(title)`", InsightsFormat.window(loop.recent)]
            if hasBase {
                let verdict = InsightsFormat.verdict(loop, settings: settings)
                cells += [InsightsFormat.window(loop.baseline), loop.slower ? "**\(verdict)**" : verdict]
            }
            cells.append(failed)
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if let top = fanOuts.first {
            lines.append("")
            lines.append("Widest recompilation: \(top.sentence).")
        }
        lines.append("")
        lines.append(hasBase ? (slowerLoops.isEmpty ? conclusion : "**\(conclusion)**") : explanationOfFigures)
        if let wideChangesLine { lines += ["", "**\(wideChangesLine)**"] }
        return lines.joined(separator: "\n")
    }

    /// What the figures are when there is nothing to compare them with.
    var explanationOfFigures: String {
        "Each figure: the median wall time of the loop's successful builds (at most \(settings.recentBuilds)) × how many."
    }
}
