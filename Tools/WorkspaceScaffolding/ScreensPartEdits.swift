import WorkspaceBase

/// The edit that puts a new part of `Screens` into `Resolver`, at an anchor found by reading the
/// code (SourceEdits). The parts themselves, `ScreenKind` which lists them all and the app's
/// resolver's conformance to each part's `Builders` are generated (ScreenRegistry).
extension ScreensParts {
    /// The file declaring `protocol Resolver` with the new part's slot among `Resolver`'s requirements.
    static func registering(_ part: Part, inResolverFile text: String, path: String) throws(SourceEdits.Failure) -> String {
        let resolver = try declaration("protocol", "Resolver", in: text, path: path)
        let requirement = "@MainActor var \(part.slot): \(part.slotType) { get }"
        let source = SwiftSource(text)
        let bytes = source.codeBytes
        if let lastSlot = source.codeLines.last(where: {
            $0.offset > resolver.open && $0.offset < resolver.close && $0.text.contains("Slot { get }")
        }) {
            let indent = SourceEdits.indentation(ofLineAt: lastSlot.offset, in: Array(text.utf8))
            let end = SourceEdits.endOfLine(after: lastSlot.offset, in: bytes)
            return SourceEdits.inserting("\(indent)\(requirement)\n", at: end, in: text)
        }
        return try SourceEdits.appendingLine(requirement, to: resolver, in: text)
    }

    /// The declaration `kind name` in `text`: at the top level, or directly inside the type `inside`.
    static func declaration(
        _ kind: String, _ name: String, inside outer: String? = nil, in text: String, path: String
    ) throws(SourceEdits.Failure) -> SwiftSource.TypeDeclaration {
        let declarations = SwiftSource(text).typeDeclarations
        let found = declarations.first { candidate in
            candidate.kind == kind && candidate.name == name
                && declarations.filter { $0.open < candidate.open && candidate.close < $0.close }.map(\.name) == (outer.map { [$0] } ?? [])
        }
        guard let found else {
            throw SourceEdits.Failure(
                path: path, message: "found no `\(kind) \(name) { … }`\(outer.map { " in `\($0)`" } ?? "") to add the screen to")
        }
        return found
    }
}
