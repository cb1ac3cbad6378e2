import Foundation

/// How the report writes numbers, changes and times, the same in every output.
package enum InsightsFormat {
    /// "1 file", "3 files".
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A cause as the driver names it, made readable: the standard library's short mangled names
    /// (`ST` Sequence, `Sa` Array…) and mangled type names spelt out, and `NAME@HASH` (an extension, named by its file's
    /// hash) as `extension NAME`. Anything else is left as it is.
    static func cause(_ text: String) -> String {
        let parts = text.split(separator: "@", maxSplits: 1)
        var names = (parts.first ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let first = names.first, let spelt = standardLibrary[first] {
            names[0] = spelt
        } else if let first = names.first, first.first?.isNumber == true, case (let type, .some) = DeclarationName.demangle(first[...]) {
            // A type name recorded before the recorder spelt it (`12WorkspaceKit0A7CommandV`).
            names[0] = type
        }
        let name = names.joined(separator: ".")
        return parts.count == 2 ? "extension \(name)" : name
    }

    static let standardLibrary = [
        "Sa": "Array", "Sb": "Bool", "SD": "Dictionary", "Sd": "Double", "Sh": "Set", "Si": "Int", "Sq": "Optional",
        "SS": "String", "Ss": "Substring", "ST": "Sequence", "Sl": "Collection", "SL": "Comparable", "SQ": "Equatable", "SH": "Hashable",
    ]

    /// "0.85 s", "12.3 s", "2 min 05 s".
    static func seconds(_ seconds: Double) -> String {
        if seconds < 10 { return String(format: "%.2f s", seconds) }
        if seconds < 100 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        return String(format: "%d min %02d s", whole / 60, whole % 60)
    }

    /// "+23%", "−5%", "±0%".
    static func change(_ change: Double) -> String {
        let percent = Int((change * 100).rounded())
        if percent == 0 { return "±0%" }
        return percent > 0 ? "+\(percent)%" : "−\(-percent)%"
    }

    /// "26 Nov 12:14" in UTC, so the report reads the same on every machine.
    static func date(_ date: Date) -> String {
        let parts = calendar.dateComponents([.day, .month, .hour, .minute], from: date)
        let month = months[((parts.month ?? 1) - 1) % 12]
        return String(format: "%d %@ %02d:%02d", parts.day ?? 0, month, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// "26 Nov".
    static func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.day, .month], from: date)
        return "\(parts.day ?? 0) \(months[((parts.month ?? 1) - 1) % 12])"
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// A window as "1.21 s × 5", or "–" when there is none.
    static func window(_ window: InsightsReport.Window?) -> String {
        window.map { "\(seconds($0.medianSeconds)) × \($0.builds)" } ?? "–"
    }

    /// What a loop's comparison says, in words.
    static func verdict(_ loop: InsightsReport.Loop, settings: InsightsReport.Settings) -> String {
        let change = loop.change.map(change) ?? ""
        switch loop.verdict {
        case .slower: return "\(change) SLOWER"
        case .faster: return "\(change) faster"
        case .steady: return change
        case .tooFewBuilds: return "\(change) (fewer than \(settings.minimumBuilds) builds: not compared)"
        case .noBaseline: return "new"
        case .onlyFailed: return "only failed"
        }
    }

    /// Rows padded into columns, two spaces apart, with no trailing spaces.
    static func table(_ rows: [[String]], indent: String = "  ") -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            return indent + cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
