/// A Swift source file, read just well enough to find and edit declarations safely: comments
/// and string literals are told apart from code, so a `}` or an `import` inside a string
/// (such as the templates of `new-feature`) is never taken for code.
///
/// `code` is the text with every comment and the contents of every string literal blanked to
/// spaces (newlines and the literals' quotes are kept), so offsets and line numbers in `code`
/// are those of `text`. Searches run on `code`;
/// edits are made to `text`.
public struct SwiftSource: Sendable {
    public let text: String
    /// The text with comments and string literal contents replaced by spaces.
    public let code: String

    /// `code` as UTF-8 bytes: every character that matters here is ASCII.
    public let codeBytes: [UInt8]
    /// The offset at which each line starts.
    private let lineStarts: [Int]

    public init(_ text: String) {
        self.text = text
        let code = Self.blank(text)
        self.code = code
        let bytes = Array(code.utf8)
        codeBytes = bytes
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    }

    // MARK: Lines

    /// The 1-based line of a UTF-8 offset.
    public func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The offset of the first byte of a 1-based line (the end of the text past the last line).
    public func offset(ofLine line: Int) -> Int {
        line - 1 < lineStarts.count ? lineStarts[max(0, line - 1)] : codeBytes.count
    }

    /// The lines of `code`, each with its 1-based number and the offset of its first byte.
    public var codeLines: [(number: Int, offset: Int, text: String)] {
        var result: [(number: Int, offset: Int, text: String)] = []
        var offset = 0
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            result.append((index + 1, offset, String(line)))
            offset += line.utf8.count + 1
        }
        return result
    }

    /// The lines of `code` holding `needle`, as `codeLines` has them, found without making a
    /// string of every line: the rules read the imports of every file of the workspace.
    public func codeLines(containing needle: String) -> [(number: Int, offset: Int, text: String)] {
        var result: [(number: Int, offset: Int, text: String)] = []
        var from = 0
        while let found = Self.firstOffset(of: needle, in: codeBytes, from: from) {
            let number = line(ofOffset: found)
            result.append((number, offset(ofLine: number), codeLine(number)))
            // On from the next line, if there is one.
            guard number < lineStarts.count else { break }
            from = lineStarts[number]
        }
        return result
    }

    /// The text of one 1-based line of `code` (empty past the end).
    public func codeLine(_ number: Int) -> String {
        guard number >= 1, number <= lineStarts.count else { return "" }
        let end = number < lineStarts.count ? lineStarts[number] - 1 : codeBytes.count
        return String(decoding: codeBytes[lineStarts[number - 1]..<end], as: UTF8.self)
    }

    /// The first offset at or after `from` where `needle`'s bytes occur in `bytes`.
    static func firstOffset(of needle: String, in bytes: [UInt8], from: Int) -> Int? {
        let needle = Array(needle.utf8)
        return bytes.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { part in WorkspaceBase.firstOffset(of: part, in: text, from: from) }
        }
    }

    // MARK: Imports

    /// Every `import` in code, with its line: `import Core`, `@testable import Feed`,
    /// `public import Foundation`, `import struct Core.Recipe` (module `Core`), and imports
    /// sharing a line with other statements (`let x = 1; import Feed`).
    public var imports: [(module: String, line: Int)] {
        var result: [(module: String, line: Int)] = []
        for line in codeLines(containing: "import") {
            for statement in line.text.split(separator: ";") {
                if let module = Self.importedModule(in: String(statement)) {
                    result.append((module, line.number))
                }
            }
        }
        return result
    }

    static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
    static let accessModifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]

    /// The module a line of code imports, if it is an import declaration.
    package static func importedModule(in line: String) -> String? {
        var words = Substring(line).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // Attributes: `@testable`, `@preconcurrency`, `@_spi(Name)`.
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        if let first = words.first, accessModifiers.contains(first) { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        var name = words[1]
        if importKinds.contains(name), words.count >= 3 { name = words[2] }
        let module = name.split(separator: ".").first.map(String.init) ?? name
        guard let firstCharacter = module.first, firstCharacter.isLetter || firstCharacter == "_",
            module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return module
    }

    // MARK: Braces

    /// The offset of the bracket closing the one at `open` (`{`, `[` or `(`), in code.
    public func matchingClose(ofOpenAt open: Int) -> Int? {
        let bytes = codeBytes
        guard bytes.indices.contains(open) else { return nil }
        let opener = bytes[open]
        let closer: UInt8
        switch opener {
        case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
        case UInt8(ascii: "["): closer = UInt8(ascii: "]")
        case UInt8(ascii: "("): closer = UInt8(ascii: ")")
        default: return nil
        }
        var depth = 0
        for index in open..<bytes.count {
            if bytes[index] == opener {
                depth += 1
            } else if bytes[index] == closer {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The offset of the first `byte` at or after `offset` in code.
    public func firstOffset(of byte: UInt8, from offset: Int) -> Int? {
        let bytes = codeBytes
        guard offset < bytes.count else { return nil }
        return bytes[offset...].firstIndex(of: byte)
    }

    // MARK: Words

    /// Offsets where `word` occurs in code as a whole identifier.
    public func offsets(ofWord word: String) -> [Int] {
        Self.wordOffsets(of: word, in: codeBytes)
    }

    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    package static func wordOffsets(of word: String, in bytes: [UInt8]) -> [Int] {
        let needle = Array(word.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var result: [Int] = []
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle {
                let before = index == 0 ? nil : bytes[index - 1]
                let after = index + needle.count < bytes.count ? bytes[index + needle.count] : nil
                if !(before.map(isIdentifierByte) ?? false), !(after.map(isIdentifierByte) ?? false) {
                    result.append(index)
                    index += needle.count
                    continue
                }
            }
            index += 1
        }
        return result
    }

    /// The identifier that starts at `offset` in code.
    public func identifier(at offset: Int) -> String {
        let bytes = codeBytes
        var end = offset
        while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// The dotted name that starts at `offset` in code: `Screens.PantryDescriptor` in
    /// `func build(_ d: Screens.PantryDescriptor, …)`, `Feed` in `Feed, …`.
    public func qualifiedIdentifier(at offset: Int) -> String {
        let bytes = codeBytes
        var end = offset
        while end < bytes.count {
            if Self.isIdentifierByte(bytes[end]) {
                end += 1
            } else if bytes[end] == UInt8(ascii: "."), end > offset, end + 1 < bytes.count, Self.isIdentifierByte(bytes[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    // MARK: Type declarations

    /// A type or extension declaration: `struct AppResolver: Resolver { … }`.
    public struct TypeDeclaration: Sendable, Equatable {
        /// `struct`, `class`, `enum`, `actor`, `protocol` or `extension`.
        public var kind: String
        public var name: String
        /// The inherited types, as written: `["Resolver"]`, `["Sendable", "Core.Resolver"]`.
        public var inheritance: [String]
        /// Offsets of the body's `{` and `}`.
        public var open: Int
        public var close: Int
        /// The 1-based line of the declaration's keyword.
        public var line: Int

        /// Whether `type` is among the inherited types (`Resolver` or `Core.Resolver`).
        public func inherits(_ type: String) -> Bool {
            inheritance.contains { $0 == type || $0.hasSuffix(".\(type)") }
        }

        /// The name qualified by the types and extensions `declarations` has around it:
        /// `Screens.PantryDescriptor` for a struct in the body of `enum Screens` (or of `extension Screens`).
        public func qualifiedName(among declarations: [TypeDeclaration]) -> String {
            let outer = declarations.filter { $0.open < open && close < $0.close }.sorted { $0.open < $1.open }
            return (outer.map(\.name) + [name]).joined(separator: ".")
        }
    }

    /// Every type and extension declared in the file, outermost first.
    public var typeDeclarations: [TypeDeclaration] {
        let bytes = codeBytes
        var result: [TypeDeclaration] = []
        for kind in ["struct", "class", "enum", "actor", "protocol", "extension"] {
            for keyword in offsets(ofWord: kind) {
                var index = keyword + kind.utf8.count
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") { index += 1 }
                guard index < bytes.count, Self.isIdentifierByte(bytes[index]) else { continue }
                var nameEnd = index
                while nameEnd < bytes.count, Self.isIdentifierByte(bytes[nameEnd]) || bytes[nameEnd] == UInt8(ascii: ".") { nameEnd += 1 }
                let name = String(decoding: bytes[index..<nameEnd], as: UTF8.self)
                // `class func`, `class var` are members, not declarations; `import struct A.B` imports.
                if kind == "class", ["func", "var", "let", "subscript", "init"].contains(name) { continue }
                if previousWord(before: keyword) == "import" { continue }
                guard let open = firstOffset(of: UInt8(ascii: "{"), from: nameEnd),
                    let close = matchingClose(ofOpenAt: open)
                else { continue }
                let header = String(decoding: bytes[nameEnd..<open], as: UTF8.self)
                // A declaration header holds no `;`, `=` (but `==` in a where clause) or `}` before its body.
                if header.contains(";") || header.replacingOccurrences(of: "==", with: "").contains("=") || header.contains("}") {
                    continue
                }
                result.append(
                    TypeDeclaration(
                        kind: kind, name: name, inheritance: Self.inheritance(in: header),
                        open: open, close: close, line: line(ofOffset: keyword)
                    ))
            }
        }
        return result.sorted { $0.open < $1.open }
    }

    /// The identifier before `offset`, skipping blanks and attributes' neighbours: `import` in `import struct X`.
    func previousWord(before offset: Int) -> String {
        var end = offset
        while end > 0, codeBytes[end - 1] == UInt8(ascii: " ") || codeBytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        var start = end
        while start > 0, Self.isIdentifierByte(codeBytes[start - 1]) { start -= 1 }
        return String(decoding: codeBytes[start..<end], as: UTF8.self)
    }

    /// `<T>: A, B where …` → `["A", "B"]`.
    static func inheritance(in header: String) -> [String] {
        var text = Substring(header)
        // Generic parameters.
        if let start = text.firstIndex(of: "<"), let end = text.lastIndex(of: ">"), start < end, !text[..<start].contains(":") {
            text = text[text.index(after: end)...]
        }
        // An extension's `where Self: Resolver` constrains; it inherits nothing.
        if let whereRange = text.range(of: "where "),
            whereRange.lowerBound == text.startIndex || text[text.index(before: whereRange.lowerBound)].isWhitespace
        {
            text = text[..<whereRange.lowerBound]
        }
        guard let colon = text.firstIndex(of: ":") else { return [] }
        var list = text[text.index(after: colon)...]
        if let whereRange = list.range(of: " where ") { list = list[..<whereRange.lowerBound] }
        return list.split(separator: ",").map { part in
            part.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
                .filter { !$0.hasPrefix("@") && $0 != "any" && $0 != "~Copyable" }
                .joined(separator: " ")
        }.filter { !$0.isEmpty }
    }
}
