import WorkspaceBase

/// The edits that put a new part of `Screens` into what lists the parts, at anchors found by
/// reading the code (SourceEdits): `Resolver` and `PartBuilders`. The parts themselves, and
/// `ScreenKind` which lists them all, are generated (ScreenRegistry).
extension ScreensParts {
    /// The file declaring `protocol Resolver` with the new part's slot among `Resolver`'s
    /// requirements and its builders in `PartBuilders`.
    static func registering(_ part: Part, inResolverFile text: String, path: String) throws(SourceEdits.Failure) -> String {
        let resolver = try declaration("protocol", "Resolver", in: text, path: path)
        let requirement = "@MainActor var \(part.slot): \(part.slotType) { get }"
        let source = SwiftSource(text)
        let bytes = source.codeBytes
        var edited: String
        if let lastSlot = source.codeLines.last(where: {
            $0.offset > resolver.open && $0.offset < resolver.close && $0.text.contains("Slot { get }")
        }) {
            let indent = SourceEdits.indentation(ofLineAt: lastSlot.offset, in: Array(text.utf8))
            edited = SourceEdits.inserting(
                "\(indent)\(requirement)\n", at: SourceEdits.endOfLine(after: lastSlot.offset, in: bytes), in: text)
        } else {
            edited = try SourceEdits.appendingLine(requirement, to: resolver, in: text)
        }
        // `public protocol PartBuilders:\n    ScreensPart01.Builders\n{}`: one part a line.
        let builders = try declaration("protocol", "PartBuilders", in: edited, path: path)
        guard !builders.inheritance.isEmpty else {
            throw SourceEdits.Failure(
                path: path, message: "found no part in `protocol PartBuilders: ScreensPart01.Builders` to add \(part.namespace) after")
        }
        let editedBytes = Array(edited.utf8)
        var last = builders.open - 1
        while last > 0, SwiftSource.isBlank(editedBytes[last]) { last -= 1 }
        return SourceEdits.inserting(",\n    \(part.namespace).Builders", at: last + 1, in: edited)
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
