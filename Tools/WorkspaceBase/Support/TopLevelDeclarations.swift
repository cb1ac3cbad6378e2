extension SwiftSource {
    /// A declaration at a file's top level: `struct Recipe`, `extension Recipe`, `func plainText`.
    public struct TopLevelDeclaration: Sendable, Equatable, Hashable, CustomStringConvertible {
        /// `struct`, `class`, `enum`, `actor`, `protocol`, `extension`, `func`, `var`, `let`,
        /// `typealias`, `macro`, `operator` or `precedencegroup`.
        public var kind: String
        /// The declared name; for an extension, the extended type as written (`Screens`).
        public var name: String
        public var line: Int

        public init(kind: String, name: String, line: Int) {
            self.kind = kind
            self.name = name
            self.line = line
        }

        /// `struct Recipe`: how the allowed set names it.
        public var description: String { "\(kind) \(name)" }
    }

    static let declarationKeywords: Set<String> = [
        "struct", "class", "enum", "actor", "protocol", "extension", "func", "var", "let", "typealias", "macro", "operator",
        "precedencegroup",
    ]

    /// Every declaration at the top level of the file, in order, found in code (comments and
    /// strings are blank): a keyword at brace depth 0 that is not a member access (`.class`)
    /// and not part of an `import` (`import struct Core.Recipe`).
    public var topLevelDeclarations: [TopLevelDeclaration] {
        let bytes = codeBytes
        var result: [TopLevelDeclaration] = []
        var depth = 0
        var index = 0
        var previousWord = ""
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                depth += 1
                index += 1
                previousWord = ""
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                index += 1
                previousWord = ""
            } else if Self.isIdentifierByte(byte), index == 0 || !Self.isIdentifierByte(bytes[index - 1]) {
                let word = identifier(at: index)
                let afterDot = index > 0 && bytes[index - 1] == UInt8(ascii: ".")
                if depth == 0, !afterDot, Self.declarationKeywords.contains(word), previousWord != "import",
                    !(word == "class" && ["func", "var", "let"].contains(nextWord(after: index + word.utf8.count)))
                {
                    var start = index + word.utf8.count
                    while start < bytes.count, SwiftSource.isBlank(bytes[start]) { start += 1 }
                    let name = word == "extension" ? qualifiedIdentifier(at: start) : declaredName(at: start)
                    if !name.isEmpty { result.append(TopLevelDeclaration(kind: word, name: name, line: line(ofOffset: index))) }
                }
                previousWord = word
                index += max(1, word.utf8.count)
            } else {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: ";") { previousWord = "" }
                index += 1
            }
        }
        return result
    }

    /// The name after a declaration keyword: an identifier, a backquoted one, or an operator.
    private func declaredName(at offset: Int) -> String {
        let bytes = codeBytes
        guard offset < bytes.count else { return "" }
        if bytes[offset] == UInt8(ascii: "`") {
            var end = offset + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "`") { end += 1 }
            return String(decoding: bytes[(offset + 1)..<min(end, bytes.count)], as: UTF8.self)
        }
        if Self.isIdentifierByte(bytes[offset]) { return identifier(at: offset) }
        var end = offset
        let operatorBytes = Set("/=-+!*%<>&|^~?.".utf8)
        while end < bytes.count, operatorBytes.contains(bytes[end]) { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    private func nextWord(after offset: Int) -> String {
        var index = offset
        while index < codeBytes.count, SwiftSource.isBlank(codeBytes[index]) { index += 1 }
        return index < codeBytes.count ? identifier(at: index) : ""
    }
}
