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

    /// The text between two UTF-8 offsets.
    static func slice(_ text: String, _ range: Range<Int>) -> String {
        // Offsets into native (UTF-8) strings move in constant time: a slice costs its own length.
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: range.count)], as: UTF8.self)
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

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
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
        while last > open, isBlank(bytes[last]) { last -= 1 }
        let isEmpty = last == open
        let multiline = bytes[open..<close].contains(UInt8(ascii: "\n"))
        if multiline {
            let closeLineStart = startOfLine(before: close, in: bytes)
            let onlyBracketOnLine = bytes[closeLineStart..<close].allSatisfy(isBlank)
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
            while index >= 0, isBlank(bytes[index]) { index -= 1 }
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
            while probe < bytes.count, isBlank(bytes[probe]) { probe += 1 }
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

    /// Adds a screen to `enum ScreenKind`: `case pantry` after its last case, and
    /// `case .pantry: return Screens.Pantry.self` at the end of the `switch self` that maps kinds to
    /// descriptor types. Both are what the compiler checks: a kind without its switch arm does not
    /// compile, and the descriptor names its kind.
    public static func addingKind(_ kind: String, descriptor: String, toScreenKindIn text: String, path: String) throws(Failure) -> String {
        let source = SwiftSource(text)
        guard let screenKind = source.typeDeclarations.first(where: { $0.kind == "enum" && $0.name == "ScreenKind" }) else {
            throw Failure(path: path, message: "found no `enum ScreenKind { … }` to add the case \(kind) to")
        }
        let bytes = source.codeBytes
        let textBytes = Array(text.utf8)
        let lines = source.codeLines.filter { $0.offset > screenKind.open && $0.offset < screenKind.close }
        guard let switchLine = lines.first(where: { $0.text.contains("switch self") }),
            let switchOpen = source.firstOffset(of: UInt8(ascii: "{"), from: switchLine.offset),
            let switchClose = source.matchingClose(ofOpenAt: switchOpen)
        else {
            throw Failure(path: path, message: "found no `switch self { … }` in enum ScreenKind mapping kinds to descriptor types")
        }
        let isCase = { (line: String) in line.drop { $0 == " " || $0 == "\t" }.hasPrefix("case ") }
        guard let lastCase = lines.last(where: { $0.offset < switchLine.offset && isCase($0.text) }),
            let lastArm = lines.last(where: { $0.offset > switchOpen && $0.offset < switchClose && isCase($0.text) })
        else {
            throw Failure(path: path, message: "found no cases in enum ScreenKind to add \(kind) after")
        }
        // The arm first: it comes later in the text, so the case's offset stays valid.
        let armIndent = indentation(ofLineAt: lastArm.offset, in: textBytes)
        var edited = inserting(
            "\(armIndent)case .\(kind): return \(descriptor).self\n", at: endOfLine(after: lastArm.offset, in: bytes), in: text)
        let caseIndent = indentation(ofLineAt: lastCase.offset, in: textBytes)
        edited = inserting("\(caseIndent)case \(kind)\n", at: endOfLine(after: lastCase.offset, in: bytes), in: edited)
        return edited
    }

    /// Adds a requirement to `protocol Resolver`: after its last requirement returning a
    /// screen, or else before its closing brace.
    public static func addingRequirement(_ requirement: String, toResolverIn text: String, path: String) throws(Failure) -> String {
        let source = SwiftSource(text)
        guard let resolver = source.typeDeclarations.first(where: { $0.kind == "protocol" && $0.name == "Resolver" }) else {
            throw Failure(path: path, message: "found no `protocol Resolver { … }`")
        }
        let bytes = source.codeBytes
        let body = Array(bytes[resolver.open..<resolver.close])
        let marker = Array("-> any Screen".utf8)
        var lastScreen: Int?
        if body.count >= marker.count {
            for index in 0...(body.count - marker.count) where Array(body[index..<(index + marker.count)]) == marker {
                lastScreen = resolver.open + index
            }
        }
        let textBytes = Array(text.utf8)
        if let lastScreen {
            let indent = indentation(ofLineAt: lastScreen, in: textBytes)
            return inserting("\(indent)\(requirement)\n", at: endOfLine(after: lastScreen, in: bytes), in: text)
        }
        let closeLine = startOfLine(before: resolver.close, in: bytes)
        let indent = indentation(ofLineAt: resolver.open, in: textBytes) + "    "
        return inserting("\(indent)\(requirement)\n", at: closeLine, in: text)
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
        // Blanks are looked for in the text, not the code: a comment closing the body stays.
        let textBytes = Array(text.utf8)
        var last = namespace.close - 1
        while last > namespace.open, isBlank(textBytes[last]) { last -= 1 }
        let outer = indentation(ofLineAt: namespace.open, in: textBytes)
        var lines = member.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let body = lines.map { $0.allSatisfy { $0 == " " || $0 == "\t" } ? "" : "\(outer)    \($0)" }.joined(separator: "\n")
        let separator = last == namespace.open ? "\n" : "\n\n"
        return slice(text, 0..<(last + 1)) + separator + body + "\n" + outer + slice(text, namespace.close..<textBytes.count)
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
