import Foundation
import WorkspaceBase

/// Types that conform to `Resolver`, wherever they are declared, and how to add a builder
/// for a new descriptor to each.
///
/// A conformer is found by reading declarations (`struct X: Resolver`, `final class Y: Sendable,
/// Core.Resolver`), not from a list. Its new builder is made by example: the members it has for
/// an existing feature's descriptor (its `build`, and a stored property such as StubResolver's
/// `Builder<Screens.Favorites>`) are copied with that feature's name replaced by the new one,
/// and the example's descriptor by the new descriptor's qualified name (`Screens.Pantry`).
/// So `AppResolver` gets `PantryEntry.makeScreen(…)` and the import of its module (`EntriesPart06`), `StubResolver` a
/// placeholder property and a recording `build`, a test double its own one-line `build`.
public enum ResolverConformers {
    public typealias Conformer = ResolverConformer

    /// The conformers declared in one file (protocols refining `Resolver` are not conformers).
    public static func find(in text: String, path: String) -> [Conformer] {
        SwiftSource(text).typeDeclarations
            .filter { $0.kind != "protocol" && $0.inherits("Resolver") }
            .map { Conformer(path: path, typeName: $0.name, line: $0.line) }
    }

    /// A feature's names: its forms, and its descriptor as other modules write it,
    /// `Screens.Favorites` (Core's top level) or `Screens.Pantry` (nested).
    public struct Feature: Sendable, Equatable {
        public var forms: NameForms
        public var descriptor: String

        public init(_ forms: NameForms, descriptor: String) {
            self.forms = forms
            self.descriptor = descriptor
        }

        /// The descriptor type's own name: `Pantry` for `Screens.Pantry`.
        public var descriptorName: String {
            descriptor.split(separator: ".").last.map(String.init) ?? descriptor
        }
    }

    public enum Outcome: Equatable, Sendable {
        /// The new text, and what was copied from: `Screens.Favorites`.
        case edited(String, example: String)
        /// Why it needs a hand, for the report.
        case manual(String)
    }

    /// Adds to `typeName` in `text` the members for `new`'s descriptor, copied from those of the
    /// first example feature the type has members for. When the file imports the example's
    /// feature module or its entry, it imports the new one's too.
    public static func addBuilder(
        for new: Feature, examples: [Feature], typeName: String, in text: String
    ) -> Outcome {
        let source = SwiftSource(text)
        let declarations = source.typeDeclarations.filter { $0.name == typeName && $0.kind != "protocol" }
        guard !declarations.isEmpty else { return .manual("\(typeName) is not declared here") }
        for example in examples {
            let chunks = declarations.flatMap { members(of: $0, in: source) }
                .filter { chunk in !SwiftSource.wordOffsets(of: example.descriptorName, in: Array(source.codeBytes[chunk])).isEmpty }
            guard !chunks.isEmpty else { continue }
            var result = text
            for chunk in chunks.sorted(by: { $0.lowerBound > $1.lowerBound }) {
                let copy = substitute(SwiftSource.slice(text, chunk), from: example, to: new)
                result = SourceEdits.inserting(copy, at: chunk.upperBound, in: result)
            }
            // The example's module, one named after it (`FavoritesSandbox`) or its entry's (`EntriesPart03`)
            // imported: the new one's too.
            for module in source.imports.map(\.module) {
                let renamed =
                    module == Conventions.entriesModule(of: example.forms.name)
                    ? Conventions.entriesModule(of: new.forms.name) : replace(module, from: example.forms, to: new.forms, isMember: false)
                if renamed != module, module.hasPrefix(example.forms.name) || module.hasPrefix("EntriesPart") {
                    result = SourceEdits.addingImport(renamed, to: result)
                }
            }
            return .edited(result, example: example.descriptor)
        }
        let tried = examples.map(\.descriptor).joined(separator: ", ")
        return .manual("\(typeName) has no builder to copy (looked for \(tried.isEmpty ? "none" : tried))")
    }

    /// The members of a type's body as byte ranges of whole lines, each with the comments and
    /// blank lines before it: a member ends at the end of a line where its brackets are closed,
    /// unless that line holds only attributes (`@MainActor`).
    static func members(of declaration: SwiftSource.TypeDeclaration, in source: SwiftSource) -> [Range<Int>] {
        let bytes = source.codeBytes
        let bodyStart = SourceEdits.endOfLine(after: declaration.open, in: bytes)
        let bodyEnd = SourceEdits.startOfLine(before: declaration.close, in: bytes)
        guard bodyStart < bodyEnd else { return [] }
        var members: [Range<Int>] = []
        var chunkStart = bodyStart
        var lineStart = bodyStart
        var depth = 0
        var hasCode = false
        while lineStart < bodyEnd {
            let lineEnd = SourceEdits.endOfLine(after: lineStart, in: bytes)
            let line = Array(bytes[lineStart..<min(lineEnd, bodyEnd)])
            for byte in line {
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
            }
            let code = String(decoding: line, as: UTF8.self).trimmingCharacters(in: [" ", "\t", "\n", "\r"])
            if !code.isEmpty { hasCode = true }
            let onlyAttributes = !code.isEmpty && code.split(separator: " ").allSatisfy { $0.hasPrefix("@") }
            if depth <= 0, hasCode, !onlyAttributes {
                members.append(chunkStart..<min(lineEnd, bodyEnd))
                chunkStart = min(lineEnd, bodyEnd)
                hasCode = false
                depth = 0
            }
            lineStart = lineEnd
        }
        return members
    }

    /// `text` with the example feature's names replaced by the new one's. Its descriptor, however
    /// written (`Screens.Favorites`, `Screens.Pantry`, `Core.…`), becomes the new
    /// descriptor as other modules write it (`Screens.MealPlan`); then, identifier by
    /// identifier, `FavoritesFeature` → `PantryFeature`, `favorites(…)` → `pantry(…)`. A lower-case
    /// name after a dot (`environment.favorites`) is another type's member and stays, unless it
    /// follows `self.`.
    static func substitute(_ text: String, from example: Feature, to new: Feature) -> String {
        let bytes = Array(text.utf8)
        let descriptorSpellings = [example.descriptor, "\(Conventions.core).\(example.descriptor)"].map { Array($0.utf8) }
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard SwiftSource.isIdentifierByte(bytes[index]), index == 0 || !SwiftSource.isIdentifierByte(bytes[index - 1]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let afterDot = index > 0 && bytes[index - 1] == UInt8(ascii: ".")
            if !afterDot, let spelling = descriptorSpellings.first(where: { spells($0, at: index, in: bytes) }) {
                output += Array(new.descriptor.utf8)
                index += spelling.count
                continue
            }
            var end = index
            while end < bytes.count, SwiftSource.isIdentifierByte(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            let afterSelf = index >= 5 && String(decoding: bytes[(index - 5)..<index], as: UTF8.self) == "self."
            output += Array(replace(word, from: example.forms, to: new.forms, isMember: afterDot && !afterSelf).utf8)
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `bytes` hold the name `name` at `offset`, not followed by more of an identifier.
    static func spells(_ name: [UInt8], at offset: Int, in bytes: [UInt8]) -> Bool {
        let end = offset + name.count
        guard end <= bytes.count, Array(bytes[offset..<end]) == name else { return false }
        return end == bytes.count || !SwiftSource.isIdentifierByte(bytes[end])
    }

    static func replace(_ word: String, from example: NameForms, to new: NameForms, isMember: Bool) -> String {
        func swap(_ old: String, _ replacement: String) -> String? {
            if word == old { return replacement }
            if word.hasPrefix(old), let next = word.dropFirst(old.count).first, next.isUppercase {
                return replacement + word.dropFirst(old.count)
            }
            return nil
        }
        if let swapped = swap(example.name, new.name) { return swapped }
        if !isMember, let swapped = swap(example.lowerCamel, new.lowerCamel) { return swapped }
        // A verb and the feature's name: `buildFavorites` → `buildPantry` (not `MyFavorites`).
        let verb = word.dropLast(example.name.count)
        if word.hasSuffix(example.name), !verb.isEmpty, verb.allSatisfy({ $0.isLowercase }) {
            return word.dropLast(example.name.count) + new.name
        }
        return word
    }
}
