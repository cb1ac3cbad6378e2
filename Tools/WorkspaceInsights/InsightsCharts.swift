import Foundation
import WorkspaceBase

/// The page's charts, drawn as SVG by the tool itself (no script, no library): one trend per loop
/// and the compile time per module. Each scales with its box (`viewBox`, width 100%), and every
/// text stays inside it: labels are anchored towards the middle and long names are shortened.
package enum InsightsCharts {
    static let trendWidth = 400.0
    static let trendHeight = 190.0

    /// A loop's successful builds in order: a dot each, the previous median dashed across the
    /// builds it was taken from, the recent median solid across its own (red when slower).
    static func trend(_ loop: InsightsReport.Loop) -> String {
        let left = 46.0
        let right = trendWidth - 12
        let top = 12.0
        let bottom = trendHeight - 30
        let points = loop.history
        let highest = max(points.map(\.seconds).max() ?? 1, loop.baseline?.medianSeconds ?? 0, 0.001) * 1.15
        // Builds are placed in order, evenly: a day's twenty builds and a quiet week's two get the
        // room they need, and the first and last dates say the span.
        let order = Dictionary(points.enumerated().map { ($1.at, $0) }, uniquingKeysWith: { first, _ in first })
        func x(_ index: Int) -> Double {
            points.count < 2 ? (left + right) / 2 : left + Double(index) / Double(points.count - 1) * (right - left)
        }
        // A median of other records (`--against`) has no builds here: it spans the whole chart.
        func x(_ date: Date) -> Double? { order[date].map(x) }
        func y(_ seconds: Double) -> Double { bottom - seconds / highest * (bottom - top) }
        var svg = [
            "<svg class=\"chart trend\" viewBox=\"0 0 \(number(trendWidth)) \(number(trendHeight))\" role=\"img\" aria-label=\"\(escape(loop.title))\">"
        ]
        for step in 0...2 {
            let value = highest / 1.15 * Double(step) / 2
            let position = y(value)
            svg.append(
                "<line class=\"grid\" x1=\"\(number(left))\" x2=\"\(number(right))\" y1=\"\(number(position))\" y2=\"\(number(position))\"/>"
            )
            svg.append(
                "<text class=\"axis\" x=\"\(number(left - 4))\" y=\"\(number(position + 4))\" text-anchor=\"end\">\(escape(short(value)))</text>"
            )
        }
        if let first = points.first, let last = points.last {
            svg.append(
                "<text class=\"axis\" x=\"\(number(left))\" y=\"\(number(trendHeight - 10))\" text-anchor=\"start\">\(escape(InsightsFormat.date(first.at)))</text>"
            )
            if points.count > 1, last.at != first.at {
                svg.append(
                    "<text class=\"axis\" x=\"\(number(right))\" y=\"\(number(trendHeight - 10))\" text-anchor=\"end\">\(escape(InsightsFormat.date(last.at)))</text>"
                )
            }
        }
        for (window, style) in [(loop.baseline, "median before"), (loop.recent, loop.slower ? "median recent slower" : "median recent")] {
            guard let window, !loop.history.isEmpty else { continue }
            let from = x(window.first) ?? left
            let to = max(x(window.last) ?? right, from + 6)
            let level = y(window.medianSeconds)
            svg.append(
                "<line class=\"\(style)\" x1=\"\(number(from))\" x2=\"\(number(min(to, right)))\" y1=\"\(number(level))\" y2=\"\(number(level))\"/>"
            )
        }
        for (index, point) in points.enumerated() {
            svg.append(
                "<circle class=\"build\" cx=\"\(number(x(index)))\" cy=\"\(number(y(point.seconds)))\" r=\"3.5\"><title>\(escape(InsightsFormat.date(point.at))): \(escape(InsightsFormat.seconds(point.seconds)))</title></circle>"
            )
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    static let moduleWidth = 640.0
    static let rowHeight = 24.0

    /// The modules' compile time spent, longest first: a bar each, its name left of it and its
    /// total and median right of it.
    static func modules(_ modules: [InsightsReport.Module]) -> String {
        let labelRight = 170.0
        let valueRoom = 190.0
        let barRoom = moduleWidth - labelRight - 8 - valueRoom
        let longest = max(modules.map(\.totalSeconds).max() ?? 1, 0.001)
        let height = Double(modules.count) * rowHeight + 8
        var svg = [
            "<svg class=\"chart modules\" viewBox=\"0 0 \(number(moduleWidth)) \(number(height))\" role=\"img\" aria-label=\"Compile time per module\">"
        ]
        for (index, module) in modules.enumerated() {
            let top = 4 + Double(index) * rowHeight
            let width = max(module.totalSeconds / longest * barRoom, 2)
            let middle = top + rowHeight / 2 + 4
            svg.append(
                "<text class=\"label\" x=\"\(number(labelRight))\" y=\"\(number(middle))\" text-anchor=\"end\">\(escape(shortened(module.module, to: 22)))</text>"
            )
            svg.append(
                "<rect class=\"bar\" x=\"\(number(labelRight + 8))\" y=\"\(number(top + 4))\" width=\"\(number(width))\" height=\"\(number(rowHeight - 8))\"><title>\(escape(module.module)): \(escape(InsightsFormat.seconds(module.totalSeconds))) in \(module.builds) builds</title></rect>"
            )
            let value = "\(InsightsFormat.seconds(module.totalSeconds)) · median \(short(module.medianSeconds))"
            svg.append(
                "<text class=\"value\" x=\"\(number(labelRight + 8 + width + 6))\" y=\"\(number(middle))\" text-anchor=\"start\">\(escape(value))</text>"
            )
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    /// "1.2 s", "12 s", "0.35 s": axis labels, shorter than the tables' figures.
    static func short(_ seconds: Double) -> String {
        if seconds == 0 { return "0 s" }
        if seconds < 1 { return String(format: "%.2f s", seconds) }
        if seconds < 10 { return String(format: "%.1f s", seconds) }
        return String(format: "%.0f s", seconds)
    }

    static func shortened(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }

    static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func escape(_ text: String) -> String {
        HTML.escape(text)
    }
}
