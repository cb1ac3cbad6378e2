/// A JSON document read into a tree, for saying precisely what is wrong with it: where its text
/// stops being JSON, and which value a reader could not use (`JSONTreeDecoder`). Numbers keep
/// their digits and strings their escapes until a reader asks for them, as `JSONDecoder` reads
/// them, so a number out of range or half a surrogate pair is refused only where it is read.
enum JSONNode {
    case null
    case bool(Bool)
    /// The number as written, and the offset of its first byte.
    case number(String, offset: Int)
    case string(String)
    /// A string holding a `\uD800`-style escape that is half of a UTF-16 surrogate pair: no
    /// character at all. `escape` is the first such escape as written; `offset` where it is.
    case halfSurrogate(escape: String, offset: Int)
    case array([JSONNode])
    case object([String: JSONNode])

    /// The node in words, for "should be a whole number, but is …".
    var inWords: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text, _): "the number \(text)"
        case .string(let text): "the text “\(text.count > 40 ? text.prefix(40) + "…" : text)”"
        case .halfSurrogate(let escape, _): "text holding \(escape)"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The node at a coding path, if the document has one there.
    func value(at codingPath: [any CodingKey]) -> JSONNode? {
        codingPath.reduce(Optional(self)) { node, key in
            switch (node, key.intValue) {
            case (.array(let items)?, let index?): items.indices.contains(index) ? items[index] : nil
            case (.object(let fields)?, _): fields[key.stringValue]
            default: nil
            }
        }
    }
}

/// Reads JSON text (RFC 8259) into a `JSONNode`, or says where and why it cannot. Open arrays
/// and objects are kept on a stack of its own, never on the call stack, and nesting deeper than
/// `maximumDepth` is refused there: a hostile document of deep brackets can neither overflow
/// the call stack nor build a tree whose release would.
struct JSONTreeParser {
    /// Where the text stops being JSON, or goes deeper than allowed, and why.
    struct Failure: Error, Equatable {
        enum Kind: Equatable {
            case unexpected
            case invalidUTF8
            case tooDeep(limit: Int)
        }

        var offset: Int
        var kind: Kind

        /// "unexpected “]”", "unexpected white space", "invalid UTF-8", "the text ends too soon".
        func reason(in bytes: [UInt8]) -> String {
            if case .tooDeep(let limit) = kind { return "it is nested deeper than \(limit) levels" }
            guard offset < bytes.count else { return "the text ends too soon" }
            if kind == .invalidUTF8 { return "invalid UTF-8" }
            guard let character = String(decoding: bytes[offset..<min(bytes.count, offset + 4)], as: UTF8.self).first else {
                return "the text ends too soon"
            }
            if character.isWhitespace || character.isNewline { return "unexpected white space" }
            if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                return "unexpected control character U+\(String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true))"
            }
            return "unexpected “\(character)”"
        }
    }

    /// An array or object being read: what it holds so far (and, for an object, the key whose
    /// value comes next).
    private enum Open {
        case array([JSONNode])
        case object([String: JSONNode], key: String)
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var index = 0

    init(_ bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The whole text as one value, with white space around it at most.
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(Failure) -> JSONNode {
        var parser = JSONTreeParser(bytes, maximumDepth: maximumDepth)
        return try parser.document()
    }

    private mutating func document() throws(Failure) -> JSONNode {
        var open: [Open] = []
        skipWhiteSpace()
        while true {
            // A value, or the opening of a container: then its first value is read next.
            guard index < bytes.count else { throw fail() }
            var node: JSONNode
            switch bytes[index] {
            case UInt8(ascii: "["):
                if open.count >= maximumDepth { throw Failure(offset: index, kind: .tooDeep(limit: maximumDepth)) }
                index += 1
                skipWhiteSpace()
                guard isAt(UInt8(ascii: "]")) else {
                    open.append(.array([]))
                    continue
                }
                index += 1
                node = .array([])
            case UInt8(ascii: "{"):
                if open.count >= maximumDepth { throw Failure(offset: index, kind: .tooDeep(limit: maximumDepth)) }
                index += 1
                skipWhiteSpace()
                guard isAt(UInt8(ascii: "}")) else {
                    open.append(.object([:], key: try memberKey()))
                    continue
                }
                index += 1
                node = .object([:])
            case UInt8(ascii: "\""): node = try string()
            case UInt8(ascii: "t"): node = try literal("true", .bool(true))
            case UInt8(ascii: "f"): node = try literal("false", .bool(false))
            case UInt8(ascii: "n"): node = try literal("null", .null)
            default: node = try number()
            }
            // The value is whole: it goes into the container it is in, which may end with it.
            while true {
                guard let container = open.popLast() else {
                    skipWhiteSpace()
                    guard index == bytes.count else { throw fail() }
                    return node
                }
                skipWhiteSpace()
                guard index < bytes.count else { throw fail() }
                let byte = bytes[index]
                index += 1
                switch container {
                case .array(var items):
                    items.append(node)
                    if byte == UInt8(ascii: "]") {
                        node = .array(items)
                        continue
                    }
                    guard byte == UInt8(ascii: ",") else { throw fail(at: index - 1) }
                    skipWhiteSpace()
                    open.append(.array(items))
                case .object(var fields, let key):
                    fields[key] = node
                    if byte == UInt8(ascii: "}") {
                        node = .object(fields)
                        continue
                    }
                    guard byte == UInt8(ascii: ",") else { throw fail(at: index - 1) }
                    skipWhiteSpace()
                    open.append(.object(fields, key: try memberKey()))
                }
                break
            }
        }
    }

    /// `"key":` and the white space after it.
    private mutating func memberKey() throws(Failure) -> String {
        guard isAt(UInt8(ascii: "\"")) else { throw fail() }
        let key: String
        switch try string() {
        case .string(let text): key = text
        case .halfSurrogate(let escape, _): key = escape
        default: throw fail()
        }
        skipWhiteSpace()
        guard isAt(UInt8(ascii: ":")) else { throw fail() }
        index += 1
        skipWhiteSpace()
        return key
    }

    private mutating func string() throws(Failure) -> JSONNode {
        index += 1  // the opening quote
        var text: [UInt8] = []
        var halfSurrogate: (escape: String, offset: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let string = String(decoding: text, as: UTF8.self)
                return halfSurrogate.map { .halfSurrogate(escape: $0.escape, offset: $0.offset) } ?? .string(string)
            case UInt8(ascii: "\\"):
                let start = index
                let scalar = try escape()
                if let scalar {
                    text.append(contentsOf: String(scalar).utf8)
                } else {
                    halfSurrogate = halfSurrogate ?? (String(decoding: bytes[start..<index], as: UTF8.self), start)
                    text.append(contentsOf: "\u{FFFD}".utf8)
                }
            case ..<0x20:
                throw fail()
            case ..<0x80:
                text.append(byte)
                index += 1
            default:
                let start = index
                try multiByteCharacter()
                text.append(contentsOf: bytes[start..<index])
            }
        }
        throw fail()
    }

    /// The character an escape stands for; nil for half of a surrogate pair.
    private mutating func escape() throws(Failure) -> Unicode.Scalar? {
        index += 1  // the backslash
        guard index < bytes.count else { throw fail() }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate counts only with a low one right after it.
                let resume = index
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else { return nil }
                index += 2
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else {
                    index = resume
                    return nil
                }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF:
                return nil
            default:
                return Unicode.Scalar(unit)
            }
        default:
            throw fail(at: index - 1)
        }
    }

    /// Four hex digits.
    private mutating func hexUnit() throws(Failure) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else { throw fail() }
            unit = unit << 4 | digit
            index += 1
        }
        return unit
    }

    private mutating func multiByteCharacter() throws(Failure) {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            throw Failure(offset: index, kind: .invalidUTF8)
        }
        index += UTF8.width(scalar)
    }

    private mutating func literal(_ word: String, _ node: JSONNode) throws(Failure) -> JSONNode {
        for byte in word.utf8 {
            guard isAt(byte) else { throw fail() }
            index += 1
        }
        return node
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(Failure) -> JSONNode {
        let start = index
        if isAt(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if isAt(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail() }
            skipDigits()
        }
        if isAt(UInt8(ascii: "e")) || isAt(UInt8(ascii: "E")) {
            index += 1
            if isAt(UInt8(ascii: "+")) || isAt(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail() }
            skipDigits()
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self), offset: start)
    }

    private func isAt(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func fail(at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, kind: .unexpected)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
