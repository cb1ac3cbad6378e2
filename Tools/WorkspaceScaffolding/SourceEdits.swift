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
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "[") { return probe }
        }
        return nil
    }

    // MARK: Anchored edits

    /// Adds `"Name"` to the `features` array of Package.swift.
    public static func addingFeature(_ name: String, toManifest text: String, path: String = "Package.swift") throws(Failure) -> String {
        let source = SwiftSource(text)
        guard let open = arrayLiteral(named: "features", in: source) else {
            throw Failure(path: path, message: "found no `let features = [ … ]` array to add \(name) to")
        }
        return try appending("\"\(name)\"", toArrayOpenAt: open, in: source, path: path)
    }

    /// Adds a case to `declaration`, an enum with a `switch self { … }` mapping its cases: `case pantry`
    /// after its last case (or first in its body), and `case .pantry: return Pantry.self` at the end
    /// of the switch. Both are what the compiler checks: a case without its arm does not compile.
    static func addingCase(
        _ name: String, returning value: String, to declaration: SwiftSource.TypeDeclaration, in text: String, path: String
    ) throws(Failure) -> String {
        let source = SwiftSource(text)
        let bytes = source.codeBytes
        let textBytes = Array(text.utf8)
        let lines = source.codeLines.filter { $0.offset > declaration.open && $0.offset < declaration.close }
        guard let switchLine = lines.first(where: { $0.text.contains("switch self") }),
            let switchOpen = source.firstOffset(of: UInt8(ascii: "{"), from: switchLine.offset),
            let switchClose = source.matchingClose(ofOpenAt: switchOpen)
        else {
            throw Failure(path: path, message: "found no `switch self { … }` in enum \(declaration.name) mapping its cases")
        }
        let isCase = { (line: String) in line.drop { $0 == " " || $0 == "\t" }.hasPrefix("case ") }
        // The arm first: it comes later in the text, so the case's offset stays valid.
        let armIndent = indentation(ofLineAt: switchLine.offset, in: textBytes)
        var edited = inserting("\(armIndent)case .\(name): return \(value)\n", at: startOfLine(before: switchClose, in: bytes), in: text)
        if let lastCase = lines.last(where: { $0.offset < switchLine.offset && isCase($0.text) }) {
            let caseIndent = indentation(ofLineAt: lastCase.offset, in: textBytes)
            edited = inserting("\(caseIndent)case \(name)\n", at: endOfLine(after: lastCase.offset, in: bytes), in: edited)
        } else {
            let caseIndent = indentation(ofLineAt: declaration.open, in: textBytes) + "    "
            edited = inserting("\(caseIndent)case \(name)\n\n", at: endOfLine(after: declaration.open, in: bytes), in: edited)
        }
        return edited
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

    /// Adds `member` (a declaration without indentation) at the end of the body of the top-level
    /// `enum name`, one level in and after a blank line if the body has members already:
    /// `public enum Screens {}` becomes `public enum Screens {\n    member\n}`. The member goes
    /// inside the body, not into an `extension`: an extension is a new top-level declaration,
    /// and Core's top-level declarations are what every feature recompiles for.
    public static func addingMember(
        _ member: String, toEnumNamed name: String, in text: String, path: String, kind: String = "enum"
    ) throws(Failure) -> String {
        let source = SwiftSource(text)
        let declarations = source.typeDeclarations
        guard
            let namespace = declarations.last(where: { candidate in
                candidate.kind == kind && candidate.name == name
                    && !declarations.contains { $0.open < candidate.open && candidate.close < $0.close }
            })
        else {
            throw Failure(path: path, message: "found no top-level `\(kind) \(name) { … }` to declare the new member in")
        }
        return addingMember(member, to: namespace, in: text)
    }

    /// Adds `member` (without indentation) at the end of `namespace`'s body, one level in and after a
    /// blank line if the body has members already.
    static func addingMember(_ member: String, to namespace: SwiftSource.TypeDeclaration, in text: String) -> String {
        // Blanks are looked for in the text, not the code: a comment closing the body stays.
        let textBytes = Array(text.utf8)
        var last = namespace.close - 1
        while last > namespace.open, SwiftSource.isBlank(textBytes[last]) { last -= 1 }
        let outer = indentation(ofLineAt: namespace.open, in: textBytes)
        var lines = member.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let body = lines.map { $0.allSatisfy { $0 == " " || $0 == "\t" } ? "" : "\(outer)    \($0)" }.joined(separator: "\n")
        let separator = last == namespace.open ? "\n" : "\n\n"
        return SwiftSource.slice(text, 0..<(last + 1)) + separator + body + "\n" + outer
            + SwiftSource.slice(text, namespace.close..<textBytes.count)
    }

    /// Lists that name every screen descriptor (a test's `everyScreen: [any ScreenDescriptor] = [Screens.Feed(), …]`)
    /// stay complete: the new descriptor is appended in the form of the list's elements,
    /// `Screens.Pantry()` where the list has `Screens.Favorites()`, `Screens.Pantry.self`
    /// where it has `Screens.Favorites.self`. Lists in another form are returned by line, for a hand.
    /// `descriptors` and `example` are types' own names (`Pantry` for `Screens.Pantry`),
    /// `new` is the name to write (`Screens.Pantry`).
    public static func completingDescriptorLists(
        in text: String, descriptors: [String], example: String, adding new: String, path: String
    ) -> (text: String, added: Int, manualLines: [Int]) {
        let newName = new.split(separator: ".").last.map(String.init) ?? new
        guard descriptors.count > 1 else { return (text, 0, []) }
        let source = SwiftSource(text)
        let bytes = source.codeBytes
        var lists: [(open: Int, close: Int)] = []
        for open in bytes.indices where bytes[open] == UInt8(ascii: "[") {
            guard let close = source.matchingClose(ofOpenAt: open) else { continue }
            let body = Array(bytes[(open + 1)..<close])
            guard descriptors.allSatisfy({ !SwiftSource.wordOffsets(of: $0, in: body).isEmpty }),
                SwiftSource.wordOffsets(of: newName, in: body).isEmpty
            else { continue }
            lists.append((open, close))
        }
        var edits: [(open: Int, element: String)] = []
        var manual: [Int] = []
        // The innermost such lists only.
        for (open, close) in lists where !lists.contains(where: { $0.open > open && $0.open < close }) {
            let code = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
            if code.contains("\(example)()") {
                edits.append((open, "\(new)()"))
            } else if code.contains("\(example).self") {
                edits.append((open, "\(new).self"))
            } else {
                manual.append(source.line(ofOffset: open))
            }
        }
        var result = text
        var added = 0
        for edit in edits.sorted(by: { $0.open > $1.open }) {
            if let appended = try? appending(edit.element, toArrayOpenAt: edit.open, in: SwiftSource(result), path: path) {
                result = appended
                added += 1
            }
        }
        return (result, added, manual)
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
