import Foundation

/// Types that conform to `Resolver`, wherever they are declared, and how to add a builder
/// for a new descriptor to each.
///
/// A conformer is found by reading declarations (`struct X: Resolver`, `final class Y: Sendable,
/// Core.Resolver`), not from a list. Its new builder is made by example: the members it has for
/// an existing feature's descriptor (its `build`, and a stored property such as StubResolver's
/// `Builder<FavoritesDescriptor>`) are copied with that feature's name replaced by the new one.
/// So `AppResolver` gets `PantryFeature.makeScreen(…)` and `import Pantry`, `StubResolver` a
/// placeholder property and a recording `build`, a test double its own one-line `build`.
public enum ResolverConformers {
    public struct Conformer: Sendable, Equatable {
        public var path: String
        public var typeName: String
        public var line: Int

        public init(path: String, typeName: String, line: Int) {
            self.path = path
            self.typeName = typeName
            self.line = line
        }
    }

    /// The conformers declared in one file (protocols refining `Resolver` are not conformers).
    public static func find(in text: String, path: String) -> [Conformer] {
        SwiftSource(text).typeDeclarations
            .filter { $0.kind != "protocol" && $0.inherits("Resolver") }
            .map { Conformer(path: path, typeName: $0.name, line: $0.line) }
    }

    public enum Outcome: Equatable, Sendable {
        /// The new text, and what was copied from: `FavoritesDescriptor`.
        case edited(String, example: String)
        /// Why it needs a hand, for the report.
        case manual(String)
    }

    /// Adds to `typeName` in `text` the members for `forms`' descriptor, copied from those of the
    /// first example feature the type has members for. `featureModules`: when the file imports an
    /// example feature module, it imports the new one too.
    public static func addBuilder(
        for forms: NameForms, examples: [NameForms], typeName: String, in text: String
    ) -> Outcome {
        let source = SwiftSource(text)
        let declarations = source.typeDeclarations.filter { $0.name == typeName && $0.kind != "protocol" }
        guard !declarations.isEmpty else { return .manual("\(typeName) is not declared here") }
        for example in examples {
            let descriptor = "\(example.name)Descriptor"
            let chunks = declarations.flatMap { members(of: $0, in: source) }
                .filter { chunk in !SwiftSource.wordOffsets(of: descriptor, in: Array(source.codeBytes[chunk])).isEmpty }
            guard !chunks.isEmpty else { continue }
            var result = text
            for chunk in chunks.sorted(by: { $0.lowerBound > $1.lowerBound }) {
                let copy = substitute(SourceEdits.slice(text, chunk), from: example, to: forms)
                result = SourceEdits.inserting(copy, at: chunk.upperBound, in: result)
            }
            if source.imports.contains(where: { $0.module == example.name }) {
                result = SourceEdits.addingImport(forms.name, to: result)
            }
            return .edited(result, example: descriptor)
        }
        let tried = examples.map { "\($0.name)Descriptor" }.joined(separator: ", ")
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

    /// `text` with the example feature's name replaced by the new one, identifier by identifier:
    /// `FavoritesDescriptor` → `PantryDescriptor`, `FavoritesFeature` → `PantryFeature`,
    /// `favorites(…)` → `pantry(…)`. A lower-case name after a dot (`environment.favorites`) is
    /// another type's member and stays, unless it follows `self.`.
    static func substitute(_ text: String, from example: NameForms, to new: NameForms) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard SwiftSource.isIdentifierByte(bytes[index]), index == 0 || !SwiftSource.isIdentifierByte(bytes[index - 1]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, SwiftSource.isIdentifierByte(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            let afterDot = index > 0 && bytes[index - 1] == UInt8(ascii: ".")
            let afterSelf = index >= 5 && String(decoding: bytes[(index - 5)..<index], as: UTF8.self) == "self."
            output += Array(replace(word, from: example, to: new, isMember: afterDot && !afterSelf).utf8)
            index = end
        }
        return String(decoding: output, as: UTF8.self)
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
        return word
    }
}
