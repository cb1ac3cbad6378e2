import Foundation

/// Core/Core/Text/TextFolding+Table.swift written from Foundation's Unicode data: what each
/// scalar folds to for search (`TextFolding` in Core). Core cannot ask Foundation at run time:
/// the app's modules use FoundationEssentials, which has no Unicode normalisation, and all of
/// Foundation (with ICU's 40 MB) would slow every launch; so the answers are generated here, once.
public enum FoldingTableSource {
    public static let swiftPath = "Core/Core/Text/TextFolding+Table.swift"

    /// How one scalar folds: compatibility decomposition (NFKD), case folding, NFKD again (a
    /// folded letter may decompose), then without nonspacing and enclosing marks (accents) and
    /// format characters (zero-width spaces, soft hyphens). Nil when the scalar stays itself.
    static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        let text = String(Character(scalar))
        let folded = text.decomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .decomposedStringWithCompatibilityMapping
        let kept: [Unicode.Scalar] = folded.unicodeScalars.filter { !isFoldedAway($0) }
        return kept == [scalar] ? nil : kept
    }

    static func isFoldedAway(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: false
        }
    }

    /// Every scalar that changes, with what it folds to. ASCII (capitals are lowered by code)
    /// and Hangul syllables (decomposed by arithmetic) are left to `TextFolding`; unassigned and
    /// private-use scalars stay themselves.
    static func entries() -> [(scalar: UInt32, folded: [Unicode.Scalar])] {
        var entries: [(UInt32, [Unicode.Scalar])] = []
        for value in UInt32(0x80)...0x10FFFF where !(0xAC00...0xD7A3).contains(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch scalar.properties.generalCategory {
            case .unassigned, .privateUse, .surrogate: continue
            default: break
            }
            if let folded = fold(scalar) { entries.append((value, folded)) }
        }
        return entries
    }

    /// The table as `TextFolding.parseTable` reads it: `FROM:TO` entries, hexadecimal, a run of
    /// consecutive scalars folding to the same written once as `FIRST-LAST:TO`.
    static func tableText() -> [String] {
        var items: [String] = []
        var run: (first: UInt32, last: UInt32, folded: [Unicode.Scalar])?
        func flush() {
            guard let run else { return }
            let target = run.folded.map { hex($0.value) }.joined(separator: ".")
            items.append((run.first == run.last ? hex(run.first) : "\(hex(run.first))-\(hex(run.last))") + ":" + target)
        }
        for (value, folded) in entries() {
            if let current = run, current.last + 1 == value, current.folded == folded {
                run?.last = value
            } else {
                flush()
                run = (value, value, folded)
            }
        }
        flush()
        return items
    }

    static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

    static let header = """
        // Generated from Foundation's Unicode data by `Tools/workspace folding`; do not edit it by
        // hand (`Tools/workspace folding --check`, which CI runs, fails when it is stale).

        extension TextFolding {
            /// What each scalar folds to, read by `parseTable`: `FROM:TO` (hexadecimal; `TO` is
            /// scalars joined by `.`, empty when the scalar is folded away), `FIRST-LAST:TO` for a
            /// run folding to the same. Scalars not listed stay themselves.
            static let tableSource = \"\"\"

        """

    /// The Swift file: the table, about twelve entries a line.
    public static func swift() -> String {
        var lines: [String] = []
        var line = ""
        for item in tableText() {
            if !line.isEmpty, line.count + 1 + item.count > 112 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + item
        }
        if !line.isEmpty { lines.append(line) }
        return header + lines.map { "        " + $0 + "\n" }.joined() + "        \"\"\"\n}\n"
    }
}
