import WorkspaceBase

/// Edits of Swift sources at anchors found by reading the code, not by line numbers or marker
/// comments: the closing brace of `protocol Resolver` or of `enum Screens`, the closing bracket
/// of an array literal, the members of a resolver. Every edit returns the new text or throws, and none
/// writes: `new-feature` plans them all before it writes anything.
public enum SourceEdits {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }

        public var description: String { "\(path): \(message)" }
    }

    // MARK: Text helpers

    /// `text` with `snippet` inserted at a UTF-8 offset.
    static func inserting(_ snippet: String, at offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8)
        let clamped = max(0, min(offset, bytes.count))
        return String(decoding: bytes[..<clamped], as: UTF8.self) + snippet + String(decoding: bytes[clamped...], as: UTF8.self)
    }

    /// The offset just past the end of the line holding `offset` (after its newline).
    static func endOfLine(after offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The offset of the start of the line holding `offset`.
    static func startOfLine(before offset: Int, in bytes: [UInt8]) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var index = startOfLine(before: offset, in: bytes)
        var indent = ""
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            indent.append(Character(UnicodeScalar(bytes[index])))
            index += 1
        }
        return indent
    }

    // MARK: Arrays

    /// Appends `element` to the array literal whose `[` is at `open`, in the array's own
    /// layout: a line of its own in a multi-line array (with the previous element's indent and
    /// a trailing comma), `, element` in a one-line array.
    static func appending(_ element: String, toArrayOpenAt open: Int, in source: SwiftSource, path: String) throws(Failure) -> String {
        guard let close = source.matchingClose(ofOpenAt: open) else {
            throw Failure(path: path, message: "the array literal has no closing bracket")
        }
        let bytes = source.codeBytes
        let textBytes = Array(source.text.utf8)
        var last = close - 1
        while last > open, SwiftSource.isBlank(bytes[last]) { last -= 1 }
        let isEmpty = last == open
        let multiline = bytes[open..<close].contains(UInt8(ascii: "\n"))
        if multiline {
            let closeLineStart = startOfLine(before: close, in: bytes)
            let onlyBracketOnLine = bytes[closeLineStart..<close].allSatisfy(SwiftSource.isBlank)
            let indent =
                isEmpty
                ? indentation(ofLineAt: open, in: textBytes) + "    "
                : indentation(ofLineAt: last, in: textBytes)
            var text = source.text
            if onlyBracketOnLine {
                text = inserting("\(indent)\(element),\n", at: closeLineStart, in: text)
            } else {
                text = inserting("\n\(indent)\(element),\n\(indentation(ofLineAt: open, in: textBytes))", at: last + 1, in: text)
            }
            if !isEmpty, bytes[last] != UInt8(ascii: ",") {
                text = inserting(",", at: last + 1, in: text)
            }
            return text
        }
        if isEmpty { return inserting(element, at: close, in: source.text) }
        let separator = bytes[last] == UInt8(ascii: ",") ? " " : ", "
        return inserting(separator + element, at: last + 1, in: source.text)
    }

    /// The `[` that starts the value of `let name … = [` (or `var`), if the file declares it.
    static func arrayLiteral(named name: String, in source: SwiftSource) -> Int? {
        valueStart(named: name, in: source).flatMap { source.codeBytes[$0] == UInt8(ascii: "[") ? $0 : nil }
    }

    /// Where the value of `let name … = value` (or `var`) starts, if the file declares it.
    static func valueStart(named name: String, in source: SwiftSource) -> Int? {
        let bytes = source.codeBytes
        for offset in source.offsets(ofWord: name) {
            // Preceded by `let` or `var`.
            var index = offset - 1
            while index >= 0, SwiftSource.isBlank(bytes[index]) { index -= 1 }
            let end = index + 1
            while index >= 0, SwiftSource.isIdentifierByte(bytes[index]) { index -= 1 }
            let keyword = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            guard keyword == "let" || keyword == "var" else { continue }
            // Then `=` (after a type annotation, which may hold brackets itself) and `[`.
            var probe = offset + name.utf8.count
            var depth = 0
            var foundEquals = false
            while probe < bytes.count {
                let byte = bytes[probe]
                let isArrow = byte == UInt8(ascii: ">") && probe > 0 && bytes[probe - 1] == UInt8(ascii: "-")
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "<") { depth += 1 }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") || (byte == UInt8(ascii: ">") && !isArrow) { depth -= 1 }
                if byte == UInt8(ascii: "="), depth == 0 {
                    foundEquals = true
                    break
                }
                // A body, a statement's end or an unbalanced bracket: not `name: Type = [`.
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";") || depth < 0 { break }
                probe += 1
            }
            guard foundEquals else { continue }
            probe += 1
            while probe < bytes.count, SwiftSource.isBlank(bytes[probe]) { probe += 1 }
            if probe < bytes.count { return probe }
        }
        return nil
    }

    // MARK: Anchored edits

    /// Adds `Name` to the features of Package.swift, as the last line of `let features = """ … """`
    /// (or of an older manifest's array of string literals).
    public static func addingFeature(_ name: String, toManifest text: String, path: String = "Package.swift") throws(Failure) -> String {
        let source = SwiftSource(text)
        if let list = FeatureList(in: source) { return list.adding(name) }
        guard let open = arrayLiteral(named: "features", in: source) else {
            throw Failure(path: path, message: "found no `let features = \"\"\" … \"\"\"` list of names to add \(name) to")
        }
        return try appending("\"\(name)\"", toArrayOpenAt: open, in: source, path: path)
    }

    /// Adds `line` as the last line of `declaration`'s body (a requirement, a typealias), without
    /// a blank line before it.
    static func appendingLine(_ line: String, to declaration: SwiftSource.TypeDeclaration, in text: String) throws(Failure) -> String {
        let bytes = Array(text.utf8)
        let outer = indentation(ofLineAt: declaration.open, in: bytes)
        let closeLine = startOfLine(before: declaration.close, in: bytes)
        if closeLine <= declaration.open {
            // `{}` on one line.
            return SwiftSource.slice(text, 0..<(declaration.open + 1)) + "\n\(outer)    \(line)\n\(outer)"
                + SwiftSource.slice(text, declaration.close..<bytes.count)
        }
        return inserting("\(outer)    \(line)\n", at: closeLine, in: text)
    }

    /// Adds `import module` among the file's imports, keeping them sorted if they were.
    public static func addingImport(_ module: String, to text: String) -> String {
        let source = SwiftSource(text)
        if source.imports.contains(where: { $0.module == module }) { return text }
        // Imports inside an `#if` (the FoundationEssentials idiom) are no place to insert next
        // to: there the new import would apply on one platform only. Such a block counts as
        // ending at its `#endif`.
        var blockEnd: [Int: Int] = [:]
        var open: [Int] = []
        var depth = 0
        for line in source.codeLines {
            let directive = line.text.trimmingCharacters(in: .whitespaces)
            if directive.hasPrefix("#if") { depth += 1 }
            if depth > 0 { open.append(line.number) }
            if directive.hasPrefix("#endif"), depth > 0 {
                depth -= 1
                if depth == 0 {
                    for number in open { blockEnd[number] = line.number }
                    open.removeAll()
                }
            }
        }
        let imports = source.imports.filter { blockEnd[$0.line] == nil }
        guard let last = source.imports.last else { return "import \(module)\n" + text }
        if let next = imports.first(where: { $0.module > module }) {
            return inserting("import \(module)\n", at: source.offset(ofLine: next.line), in: text)
        }
        let after = blockEnd[last.line] ?? last.line
        return inserting("import \(module)\n", at: source.offset(ofLine: after + 1), in: text)
    }
}
