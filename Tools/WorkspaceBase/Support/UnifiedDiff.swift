/// A unified diff of two texts, line by line, as `diff -u` prints it: what `gallery --check`
/// shows when a rendered screen differs from the committed one.
public enum UnifiedDiff {
    enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The diff from `old` to `new` (empty when they are equal), with `context` unchanged lines
    /// around each change.
    public static func diff(from old: String, to new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let lines = edits(split(old), split(new))
        var output = ["--- \(oldName)", "+++ \(newName)"]
        // Hunks: runs of changes and the context around them, merged when their context meets.
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        var hunks: [Range<Int>] = []
        for index in changed {
            let range = max(0, index - context)..<min(lines.count, index + context + 1)
            if let last = hunks.last, range.lowerBound <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        for hunk in hunks {
            let before = lines[..<hunk.lowerBound]
            let oldStart = before.filter { if case .added = $0 { false } else { true } }.count + 1
            let newStart = before.filter { if case .removed = $0 { false } else { true } }.count + 1
            let body = lines[hunk]
            let oldCount = body.filter { if case .added = $0 { false } else { true } }.count
            let newCount = body.filter { if case .removed = $0 { false } else { true } }.count
            output.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
            for line in body {
                switch line {
                case .same(let text): output.append(" " + text)
                case .removed(let text): output.append("-" + text)
                case .added(let text): output.append("+" + text)
                }
            }
        }
        return output.joined(separator: "\n") + "\n"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    private static func split(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit from `old` to `new`: the common start and end kept, the longest common
    /// subsequence of the middle. A middle too large to compare (both sides over 4,000 lines) is
    /// shown replaced whole.
    static func edits(_ old: [String], _ new: [String]) -> [Line] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        let middle: [Line]
        if oldMiddle.count > 4_000 && newMiddle.count > 4_000 {
            middle = oldMiddle.map(Line.removed) + newMiddle.map(Line.added)
        } else {
            middle = subsequenceEdits(oldMiddle, newMiddle)
        }
        return old[..<prefix].map(Line.same) + middle + old[(old.count - suffix)...].map(Line.same)
    }

    private static func subsequenceEdits(_ old: [String], _ new: [String]) -> [Line] {
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var lengths = [Int32](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    old[i] == new[j] ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var lines: [Line] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                // Removals first, as diff -u shows a changed line: "-old" then "+new".
                lines.append(.removed(old[i]))
                i += 1
            } else {
                lines.append(.added(new[j]))
                j += 1
            }
        }
        return lines
    }
}
