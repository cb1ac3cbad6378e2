import Foundation
import WorkspaceBase

// The split link is Linux's: SwiftPM links the app everywhere else (docs/macos.md).
#if os(Linux)

    /// How the app is linked in a focused debug build on Linux: a small executable over shared
    /// libraries, one for each of the app's twenty Entries parts with the features it builds, and one
    /// for the rest of the closure (Core, the platform), so that an edit in a feature relinks its
    /// part's library alone; a feature being edited gets a library of its own (`separating`).
    ///
    /// Why: SwiftPM links a program from every object of its closure, on every build that changes
    /// one. At 305 features the app's link took 0.69 s of a 1.6 s edit loop (0.20 s at five
    /// features): lld reads and relocates 2,300 objects, and the driver resolves each of their paths
    /// and runs `swift-autolink-extract` over all of them. A part's library at 305 features is about
    /// 110 objects and links in 0.15 s; the executable (App and `main`) does not link again unless
    /// App's own objects change.
    ///
    /// The plan is SwiftPM's own: the program's link command and its objects, read from the build
    /// manifest SwiftPM writes (`debug.yaml`), so the flags, the system libraries and the objects are
    /// exactly those SwiftPM would link; only how they are grouped differs.
    package struct SplitLinkPlan: Equatable, Sendable {
        /// One file the link writes: a shared library or the program.
        package struct Unit: Equatable, Sendable {
            /// `cookbook-EntriesPart07` (a library, `-lcookbook-EntriesPart07`), `cookbook` (the program).
            package var name: String
            package var isProgram: Bool
            /// The objects linked into it, in SwiftPM's order.
            package var objects: [String]
            /// The units' libraries it links against (`cookbook-base` for `-lcookbook-base`).
            package var libraries: [String]

            /// The file it is: `libcookbook-EntriesPart07.so`, `cookbook`.
            package var file: String { isProgram ? name : "lib\(name).so" }
        }

        /// The program SwiftPM would link, `cookbook`.
        package var program: String
        /// SwiftPM's link command of the program, its object list excluded (`@…/Objects.LinkFileList`).
        package var arguments: [String]
        /// In link order: the base library, the parts' libraries, the program.
        package var units: [Unit]
        /// The commands that wrap a module's AST in an object for the debugger (`swiftc -modulewrap`),
        /// of the modules linked: SwiftPM runs them only for a link, so a build of the program's
        /// target alone (`swift build --target cookbook`) leaves them to the split link.
        package var wraps: [Wrap] = []

        /// One command of SwiftPM's plan that makes one object of the link.
        package struct Wrap: Equatable, Sendable {
            package var output: String
            package var inputs: [String]
            package var arguments: [String]
        }

        /// The library name of one unit: `cookbook-base`, `cookbook-EntriesPart07`.
        static func libraryName(program: String, unit: String) -> String { "\(program)-\(unit)" }

        /// SwiftPM's link of `program` in the build manifest `buildManifest` (its text), grouped by the
        /// targets of `manifest`: nil when the closure has no Entries part to split by (a sandbox), or
        /// the manifest does not say how SwiftPM links the program (then SwiftPM links it).
        package static func plan(program: String, buildManifest: Data, manifest: Manifest) -> SplitLinkPlan? {
            guard let listed = linkObjects(of: program, in: buildManifest),
                let arguments = linkArguments(of: program, in: buildManifest), !arguments.isEmpty
            else { return nil }
            let objects = listed.filter { $0.hasSuffix(".o") }
            let targetOf = Dictionary(objects.map { ($0, target(ofObject: $0)) }) { first, _ in first }
            let byTarget = Dictionary(grouping: objects) { targetOf[$0] ?? "" }
            let entries = manifest.entries.map(\.name).filter { byTarget[$0] != nil }
            guard !entries.isEmpty else { return nil }

            // A part: its Entries module and the features it builds (a feature named by two parts goes
            // with the first).
            let features = Set(manifest.features.map(\.name))
            let graph = ModuleGraph(manifest: manifest)
            var partOf: [String: String] = [:]
            for part in entries {
                partOf[part] = part
                for feature in graph.dependencies(of: part) where features.contains(feature) && partOf[feature] == nil {
                    partOf[feature] = part
                }
            }
            // The program: its own module and whatever depends on a part's module (App). The base:
            // everything else, which therefore never needs a symbol of a part or of the program.
            let inParts = Set(partOf.keys)
            var unitOf: [String: String] = [:]
            for target in byTarget.keys {
                if let part = partOf[target] {
                    unitOf[target] = part
                } else if target == program || !Set(graph.closure(of: [target])).isDisjoint(with: inParts) {
                    unitOf[target] = program
                } else {
                    unitOf[target] = "base"
                }
            }
            var objectsOf: [String: [String]] = [:]
            for object in objects {
                objectsOf[unitOf[targetOf[object] ?? ""] ?? "base", default: []].append(object)
            }
            let base = libraryName(program: program, unit: "base")
            let parts = entries.map { libraryName(program: program, unit: $0) }
            var units = [Unit(name: base, isProgram: false, objects: objectsOf["base"] ?? [], libraries: [])]
            for (part, library) in zip(entries, parts) {
                units.append(Unit(name: library, isProgram: false, objects: objectsOf[part] ?? [], libraries: [base]))
            }
            units.append(Unit(name: program, isProgram: true, objects: objectsOf[program] ?? [], libraries: [base] + parts))
            let linked = Set(objects)
            let wraps = wrapCommands(in: buildManifest).filter { linked.contains($0.output) }
            return SplitLinkPlan(program: program, arguments: arguments, units: units, wraps: wraps)
        }

        /// The plan with each of `features` (in order) linked apart: its objects leave its part's
        /// library for one of its own (`cookbook-Feed`, against the base library), which the part's
        /// library then links against, since the part's Entries module calls the feature. The
        /// program's command is unchanged: it names only the parts, which need the feature's library.
        ///
        /// Why: an edit of a feature links the library its objects are in. A part holds fifty
        /// features at a thousand, and its link took 0.24–0.28 s at N=1,000 against 0.11–0.16 s
        /// for one feature's objects (by hand, five runs each). A name that is not a feature of a
        /// part's library, or whose objects are the library's only ones, is left where it is.
        package func separating(_ features: [String]) -> SplitLinkPlan {
            guard let base = units.first(where: { !$0.isProgram && $0.libraries.isEmpty })?.name else { return self }
            var plan = self
            for feature in features {
                let name = Self.libraryName(program: program, unit: feature)
                guard !plan.units.contains(where: { $0.name == name }),
                    let index = plan.units.firstIndex(where: { unit in
                        !unit.isProgram && unit.libraries.contains(base) && unit.objects.contains { Self.isObject($0, of: feature) }
                    })
                else { continue }
                // The part's own Entries module stays: the part's library is named after it.
                guard plan.units[index].name != Self.libraryName(program: program, unit: feature) else { continue }
                let objects = plan.units[index].objects
                let moved = objects.filter { Self.isObject($0, of: feature) }
                let kept = objects.filter { !Self.isObject($0, of: feature) }
                guard !kept.isEmpty else { continue }
                plan.units[index].objects = kept
                plan.units[index].libraries.append(name)
                plan.units.insert(Unit(name: name, isProgram: false, objects: moved, libraries: [base]), at: index)
            }
            return plan
        }

        /// The target an object belongs to: `Feed` for `…/debug/Feed.build/FeedScreen.swift.o`.
        static func target(ofObject path: String) -> String {
            let folder = folder(ofObject: path)
            return String(folder.hasSuffix(".build") ? folder.dropLast(".build".count) : folder)
        }

        /// Whether `path` is an object of `target`, without making a string: asked for each of
        /// 7,000 objects on every build at N=1,000.
        static func isObject(_ path: String, of target: String) -> Bool {
            let folder = folder(ofObject: path)
            return folder.utf8.count == target.utf8.count + ".build".utf8.count && folder.hasPrefix(target) && folder.hasSuffix(".build")
        }

        /// `Feed.build` for `…/debug/Feed.build/FeedScreen.swift.o`, found from the end of its bytes.
        private static func folder(ofObject path: String) -> Substring {
            let bytes = path.utf8
            let slash = UInt8(ascii: "/")
            guard let end = bytes.lastIndex(of: slash) else { return "" }
            let start = bytes[..<end].lastIndex(of: slash).map(bytes.index(after:)) ?? bytes.startIndex
            return path[start..<end]
        }

        /// The command line that links `unit`, its objects listed in the file `objectList`, written to `output`.
        package func command(linking unit: Unit, objectList: String, output: String) -> [String] {
            var words: [String] = []
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let word = arguments[index]
                let next = index + 1 < arguments.endIndex ? arguments[index + 1] : nil
                switch word {
                case "-o":
                    words += ["-o", output]
                    index += 2
                    continue
                case "-module-name" where !unit.isProgram:
                    // A link job's module name is only a name, but an identifier; a library's is its own.
                    words += ["-module-name", unit.name.replacingOccurrences(of: "-", with: "_")]
                    index += 2
                    continue
                case "-emit-executable" where !unit.isProgram:
                    words.append("-emit-library")
                case "-Xlinker" where !unit.isProgram && next == "--defsym":
                    // `--defsym main=cookbook_main`: the program's entry point, not a library's.
                    index += 4
                    continue
                default:
                    if word.hasPrefix("@") { words.append("@" + objectList) } else { words.append(word) }
                }
                index += 1
            }
            return words + unit.libraries.map { "-l" + $0 }
        }

        // MARK: - SwiftPM's build manifest

        /// The objects of `program`'s link: the `inputs` of its `…/<program>.product/Objects.LinkFileList` node.
        static func linkObjects(of program: String, in buildManifest: Data) -> [String]? {
            BuildManifestText(buildManifest).read { text in
                guard let key = text.find("/\(program).product/Objects.LinkFileList\":\n") else { return nil }
                return text.list(after: "inputs: ", fromLineAt: key.upperBound, within: 3)
            }
        }

        /// The command of `program`'s link: the `args` of the node described as `Linking …/<program>`.
        static func linkArguments(of program: String, in buildManifest: Data) -> [String]? {
            BuildManifestText(buildManifest).read { text in
                var start = 0
                while let found = text.find("description: \"Linking ", from: start) {
                    let line = text.line(containing: found.lowerBound)
                    if text.string(line).hasSuffix("/\(program)\"") {
                        return text.list(after: "args: ", fromLineAt: line.upperBound + 1, within: 1)
                    }
                    start = line.upperBound
                }
                return nil
            }
        }

        /// Every node described as `Wrapping AST for … for debugging`: its output, inputs and command.
        static func wrapCommands(in buildManifest: Data) -> [Wrap] {
            BuildManifestText(buildManifest).read { text in
                var wraps: [Wrap] = []
                var start = 0
                while let found = text.find("description: \"Wrapping AST for ", from: start) {
                    let line = text.line(containing: found.lowerBound)
                    // `inputs:` and `outputs:` are the two lines before the description, `args:` the one after.
                    let outputsLine = text.line(containing: line.lowerBound - 1)
                    let inputsLine = text.line(containing: outputsLine.lowerBound - 1)
                    if let inputs = text.list(after: "inputs: ", fromLineAt: inputsLine.lowerBound, within: 1),
                        let outputs = text.list(after: "outputs: ", fromLineAt: outputsLine.lowerBound, within: 1),
                        let arguments = text.list(after: "args: ", fromLineAt: line.upperBound + 1, within: 1),
                        outputs.count == 1, !arguments.isEmpty
                    {
                        wraps.append(Wrap(output: outputs[0], inputs: inputs, arguments: arguments))
                    }
                    start = line.upperBound
                }
                return wraps
            }
        }
    }

    /// The text of SwiftPM's build manifest (`debug.yaml`, 2.7 MB at 305 features), searched as bytes:
    /// `memchr` and `memcmp` (`firstOffset`), not Foundation's `Data.range`, which compares byte by
    /// byte and took most of the split link's time.
    private struct BuildManifestText {
        let data: Data

        init(_ data: Data) { self.data = data }

        func read<Result>(_ body: (Searchable) -> Result) -> Result {
            data.withUnsafeBytes { raw in body(Searchable(bytes: raw.bindMemory(to: UInt8.self))) }
        }

        struct Searchable {
            let bytes: UnsafeBufferPointer<UInt8>

            func find(_ needle: String, from start: Int = 0) -> Range<Int>? {
                var needle = needle
                return needle.withUTF8 { part in firstOffset(of: part, in: bytes, from: start).map { $0..<($0 + part.count) } }
            }

            /// The line holding `offset`, its line break excluded.
            func line(containing offset: Int) -> Range<Int> {
                let newline = UInt8(ascii: "\n")
                var start = min(max(offset, 0), bytes.count)
                while start > 0, bytes[start - 1] != newline { start -= 1 }
                var end = start
                while end < bytes.count, bytes[end] != newline { end += 1 }
                return start..<end
            }

            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

            /// The JSON list on one of the `within` lines from the line at `start` that begin (after
            /// spaces) with `field`.
            func list(after field: String, fromLineAt start: Int, within lines: Int) -> [String]? {
                var position = start
                for _ in 0..<lines where position < bytes.count {
                    let line = self.line(containing: position)
                    let text = string(line).drop { $0 == " " }
                    if text.hasPrefix(field) {
                        // JSONSerialization: a thousand small lists decode in a tenth of JSONDecoder's time.
                        return (try? JSONSerialization.jsonObject(with: Data(text.dropFirst(field.count).utf8))) as? [String]
                    }
                    position = line.upperBound + 1
                }
                return nil
            }
        }
    }
#endif
