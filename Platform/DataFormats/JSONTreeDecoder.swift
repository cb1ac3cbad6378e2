#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes a `Decodable` from a `JSONNode`, throwing `DecodingError`s that carry the coding
/// path of the value they are about.
///
/// `JSONReader` reads with `JSONDecoder` and uses this only to explain a refusal: on Linux
/// `JSONDecoder` says "The given data was not valid JSON" with no path for valid JSON holding a
/// number its field cannot take (1.5 or 2^64 for a whole number, 1e400 for any) or half of a
/// surrogate pair, so the document is decoded again here, the same way, to find the field.
/// Its depth is the tree's, which the parser bounds.
struct JSONTreeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: JSONNode, codingPath: [any CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = node else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node else { throw mismatch([Any].self) }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type) -> DecodingError {
        if case .null = node {
            return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found null."))
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Found \(node.inWords)."))
    }

    func refusal(_ kind: JSONValueProblem.Kind, at offset: Int) -> DecodingError {
        let problem = JSONValueProblem(kind: kind, offset: offset)
        return .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: problem.summary, underlyingError: problem))
    }

    /// A whole number, exactly: `1.0` and `1e3` are, `1.5` is not, and one out of `T`'s range
    /// is refused with its digits.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let text, let offset) = node else { throw mismatch(type) }
        if let value = T(text) { return value }
        let number = Double(text)
        if let number, number.isFinite, let value = T(exactly: number) { return value }
        let isWhole = number.map { $0.isInfinite || $0 == $0.rounded(.towardZero) } ?? true
        throw refusal(isWhole ? .outOfRange(text, lowest: "\(T.min)", highest: "\(T.max)") : .notWhole(text), at: offset)
    }

    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard case .number(let text, let offset) = node else { throw mismatch(type) }
        guard let value = T(text), value.isFinite else {
            throw refusal(.tooLarge(text, largest: "\(T.greatestFiniteMagnitude)"), at: offset)
        }
        return value
    }
}

extension JSONTreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        if case .null = node { true } else { false }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = node else { throw mismatch(type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        switch node {
        case .string(let text): return text
        case .halfSurrogate(let escape, let offset): throw refusal(.halfSurrogate(escape), at: offset)
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// A coding key for a position in an array, or a key no type declares.
private struct TreeKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONNode]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONTreeDecoder {
        guard let node = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value for the key."))
        }
        return JSONTreeDecoder(node: node, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decode(type) }

    func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) throws -> KeyedDecodingContainer<Nested> {
        try value(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try value(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONTreeDecoder(node: fields["super"] ?? .null, codingPath: codingPath + [TreeKey(stringValue: "super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONTreeDecoder(node: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// Decodes the next item with `read`, moving past it only when that succeeds (as `JSONDecoder` does).
    private mutating func next<T>(_ type: T.Type, _ read: (JSONTreeDecoder) throws -> T) throws -> T {
        let path = codingPath + [TreeKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: path, debugDescription: "The list has no more items."))
        }
        let value = try read(JSONTreeDecoder(node: items[currentIndex], codingPath: path))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = items[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) throws -> KeyedDecodingContainer<Nested> {
        try next(KeyedDecodingContainer<Nested>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { $0 }
    }
}

/// A value of the right kind that its field cannot take, in words; `offset` is where it is in
/// the text. Thrown as a `DecodingError`'s underlying error, so the field is known too.
struct JSONValueProblem: Error {
    enum Kind {
        /// `1.5` where a whole number goes.
        case notWhole(String)
        /// A whole number beyond the range of the field's type.
        case outOfRange(String, lowest: String, highest: String)
        /// A number beyond the largest a floating-point field holds (`1e400`).
        case tooLarge(String, largest: String)
        /// Half of a UTF-16 surrogate pair, as written.
        case halfSurrogate(String)
    }

    var kind: Kind
    var offset: Int

    /// For `DecodingError`'s description: the words without the place.
    var summary: String {
        switch kind {
        case .notWhole(let text): "\(text) is not a whole number"
        case .outOfRange(let text, _, _), .tooLarge(let text, _): "\(text) is out of range"
        case .halfSurrogate(let escape): "\(escape) is half of a surrogate pair"
        }
    }

    /// What is wrong with the field, and where in `data`: "should be a whole number from … to …,
    /// but is 18446744073709551616 (line 3, column 17)".
    func words(in data: Data) -> String {
        let position = TextPosition(byteOffset: offset, in: data)
        let place = "(line \(position.line), column \(position.column))"
        switch kind {
        case .notWhole(let text):
            return "should be a whole number, but is the number \(text) \(place)"
        case .outOfRange(let text, let lowest, let highest):
            return "should be a whole number from \(lowest) to \(highest), but is \(text) \(place)"
        case .tooLarge(let text, let largest):
            return "is the number \(text) \(place), out of range: Cookbook reads numbers up to \(largest)"
        case .halfSurrogate(let escape):
            return
                "holds the escape \(escape) \(place), half of a UTF-16 surrogate pair without its other half, which is not a character"
        }
    }
}
