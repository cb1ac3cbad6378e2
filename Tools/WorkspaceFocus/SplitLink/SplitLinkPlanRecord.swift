import Foundation
import WorkspaceBase

// The split link is Linux's: SwiftPM links the app everywhere else (docs/macos.md).
#if os(Linux)

    /// The split link's plan as the last build read it from SwiftPM's build manifest, kept beside
    /// the libraries (`cookbook.split-link/plan`) with the stamp of the manifest it was read from.
    ///
    /// Why: SwiftPM's `debug.yaml` is 8.5 MB at a thousand features, and finding the link and the
    /// wraps in it took 0.06 s of every build of the app; it changes only when SwiftPM plans again.
    /// The record is lines of paths, read as bytes: 7,000 objects and 1,000 wraps in 5 ms.
    ///
    /// ```
    /// <debug.yaml's stamp>
    /// A <the link's arguments, separated by US (0x1F)>
    /// U <unit name> <program: 1, library: 0> <libraries, separated by US>
    /// O <object of the unit above>
    /// W <wrap's output> TAB <its inputs> TAB <its arguments>
    /// ```
    struct SplitLinkPlanRecord {
        let path: String

        /// Between the words of a list (US, 0x1F).
        static let separator: Character = "\u{1F}"

        /// The plan recorded for the manifest stamped `stamp` of `program`, if it is that one's.
        /// Read as bytes: splitting a String walks its characters, ten times slower here.
        func read(program: String, stamp: String) -> SplitLinkPlan? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return data.withUnsafeBytes { raw -> SplitLinkPlan? in
                let bytes = raw.bindMemory(to: UInt8.self)
                let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                guard let first = lines.first, Self.string(first) == stamp else { return nil }
                var plan = SplitLinkPlan(program: program, arguments: [], units: [])
                for line in lines.dropFirst() where line.count >= 2 {
                    let body = line.dropFirst(2)
                    switch line.first {
                    case UInt8(ascii: "A"): plan.arguments = Self.list(body)
                    case UInt8(ascii: "U"):
                        let fields = body.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
                        guard fields.count == 3 else { return nil }
                        plan.units.append(
                            .init(
                                name: Self.string(fields[0]), isProgram: Self.string(fields[1]) == "1", objects: [],
                                libraries: Self.list(fields[2])))
                    case UInt8(ascii: "O"):
                        guard !plan.units.isEmpty else { return nil }
                        plan.units[plan.units.count - 1].objects.append(Self.string(body))
                    case UInt8(ascii: "W"):
                        let fields = body.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                        guard fields.count == 3 else { return nil }
                        plan.wraps.append(
                            .init(output: Self.string(fields[0]), inputs: Self.list(fields[1]), arguments: Self.list(fields[2])))
                    default: return nil
                    }
                }
                return plan.arguments.isEmpty || plan.units.isEmpty ? nil : plan
            }
        }

        private static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
        }

        private static func list(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [String] {
            bytes.split(separator: 0x1F).map(string)
        }

        /// Keeps `plan`, read from the manifest stamped `stamp`; a plan whose words hold a line
        /// break, a tab or the separator (or a unit's name a space) is not kept, and is read from
        /// the manifest each time.
        func write(_ plan: SplitLinkPlan, stamp: String) {
            let joined = { (words: [String]) in words.joined(separator: String(Self.separator)) }
            var text = stamp + "\nA " + joined(plan.arguments) + "\n"
            for unit in plan.units {
                text += "U \(unit.name) \(unit.isProgram ? 1 : 0) \(joined(unit.libraries))\n"
                for object in unit.objects { text += "O \(object)\n" }
            }
            for wrap in plan.wraps {
                text += "W \(wrap.output)\t\(joined(wrap.inputs))\t\(joined(wrap.arguments))\n"
            }
            let words =
                plan.arguments + plan.units.flatMap { [$0.name] + $0.libraries + $0.objects }
                + plan.wraps.flatMap { [$0.output] + $0.inputs + $0.arguments }
            let breaks: Set<Character> = ["\n", "\r", "\r\n", "\t", Self.separator]
            guard !words.contains(where: { $0.contains(where: breaks.contains) }),
                !plan.units.contains(where: { $0.name.contains(" ") })
            else { return }
            try? FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
#endif
