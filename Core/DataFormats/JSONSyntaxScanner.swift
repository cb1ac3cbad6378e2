/// Reads JSON text (RFC 8259) only to find where it stops being valid: the offset of the first
/// byte that cannot continue it, or the end when the text stops too soon. Nesting is kept on a
/// stack of its own, so a hostile document of deep brackets cannot overflow the call stack.
struct JSONSyntaxScanner {
    /// Where the text stops being JSON and what kind of problem it is.
    struct Failure: Equatable {
        enum Kind: Equatable {
            case unexpected
            case invalidUTF8
        }

        var offset: Int
        var kind: Kind

        /// "unexpected “]”", "unexpected white space", "invalid UTF-8", "the text ends too soon".
        func reason(in bytes: [UInt8]) -> String {
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

    private enum Container {
        case array
        case object
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Nil when the whole text is one JSON value, with white space around it at most.
    func firstFailure() -> Failure? {
        var scanner = self
        return scanner.scanDocument()
    }

    private mutating func scanDocument() -> Failure? {
        var open: [Container] = []
        skipWhiteSpace()
        if let failure = scanValueStart(&open) { return failure }
        while let container = open.last {
            skipWhiteSpace()
            guard index < bytes.count else { return fail() }
            switch (bytes[index], container) {
            case (UInt8(ascii: ","), .array):
                index += 1
                skipWhiteSpace()
                if let failure = scanValueStart(&open) { return failure }
            case (UInt8(ascii: ","), .object):
                index += 1
                skipWhiteSpace()
                if let failure = scanMember(&open) { return failure }
            case (UInt8(ascii: "]"), .array), (UInt8(ascii: "}"), .object):
                index += 1
                open.removeLast()
            default:
                return fail()
            }
        }
        skipWhiteSpace()
        return index < bytes.count ? fail() : nil
    }

    /// A value, or the opening of a container, which is pushed (and may be closed at once).
    private mutating func scanValueStart(_ open: inout [Container]) -> Failure? {
        guard index < bytes.count else { return fail() }
        switch bytes[index] {
        case UInt8(ascii: "["):
            index += 1
            skipWhiteSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return nil
            }
            open.append(.array)
            return scanValueStart(&open)
        case UInt8(ascii: "{"):
            index += 1
            skipWhiteSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return nil
            }
            open.append(.object)
            return scanMember(&open)
        case UInt8(ascii: "\""):
            return scanString()
        case UInt8(ascii: "t"):
            return scanLiteral("true")
        case UInt8(ascii: "f"):
            return scanLiteral("false")
        case UInt8(ascii: "n"):
            return scanLiteral("null")
        default:
            return scanNumber()
        }
    }

    /// `"key": value-start` inside an object.
    private mutating func scanMember(_ open: inout [Container]) -> Failure? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return fail() }
        if let failure = scanString() { return failure }
        skipWhiteSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return fail() }
        index += 1
        skipWhiteSpace()
        return scanValueStart(&open)
    }

    private mutating func scanString() -> Failure? {
        index += 1  // the opening quote
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return nil
            case UInt8(ascii: "\\"):
                if let failure = scanEscape() { return failure }
            case ..<0x20:
                return fail()
            case ..<0x80:
                index += 1
            default:
                if let failure = scanMultiByteCharacter() { return failure }
            }
        }
        return fail()
    }

    private mutating func scanEscape() -> Failure? {
        index += 1  // the backslash
        guard index < bytes.count else { return fail() }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
            return nil
        case UInt8(ascii: "u"):
            index += 1
            for _ in 0..<4 {
                guard index < bytes.count, Self.isHexDigit(bytes[index]) else { return fail() }
                index += 1
            }
            return nil
        default:
            return fail()
        }
    }

    private mutating func scanMultiByteCharacter() -> Failure? {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            return Failure(offset: index, kind: .invalidUTF8)
        }
        index += UTF8.width(scalar)
        return nil
    }

    private mutating func scanLiteral(_ word: StaticString) -> Failure? {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else { return fail() }
            index += 1
        }
        return nil
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func scanNumber() -> Failure? {
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { return fail() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { return fail() }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { return fail() }
            skipDigits()
        }
        return nil
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func fail() -> Failure {
        Failure(offset: index, kind: .unexpected)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
