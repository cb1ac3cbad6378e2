#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where JSON text is wrong and why, in words: for a dataset file, a web API answer or a
/// cassette, the message names the place (`the field “[1].ingredients[2].unit”`, or line and
/// column).
public enum JSONProblem {
    /// What is wrong, and where: the line and column where the text stops being JSON
    /// (`at line 3, column 15 (FILE:3:15): unexpected “]”`), or the field of the wrong shape in
    /// `JSONFieldProblem`'s words (`the field “[1].servings” should be a whole number, but is the
    /// text “four”`) when `data` is given; without it, the coding path and Swift's description.
    public static func describe(_ error: DecodingError, in data: Data? = nil, file: String? = nil) -> String {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let data, let syntax = JSONSyntaxError.find(in: data) {
            let reference = file.map { " (\($0):\(syntax.position.line):\(syntax.position.column))" } ?? ""
            return "it is not valid JSON at line \(syntax.position.line), column \(syntax.position.column)\(reference): \(syntax.reason)"
        }
        // A field in words; the document itself (an empty path) is said below, as "the top level".
        if let data, let field = JSONFieldProblem(error, in: data), !field.field.isEmpty { return field.description }
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = JSONFieldProblem.path(codingPath)
            return text.isEmpty ? "at the top level" : "at \(text)"
        }
        switch error {
        case .dataCorrupted(let context):
            // At the top level the description only repeats "not valid JSON"; deeper, it says why.
            let detail = context.codingPath.isEmpty || context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))"
            return "it is not valid JSON \(path(context.codingPath))\(detail)"
        case .keyNotFound(let key, let context):
            return "the key “\(key.stringValue)” is missing \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(JSONFieldProblem.kind(of: type)) \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "expected \(JSONFieldProblem.kind(of: type)) but found null \(path(context.codingPath))"
        @unknown default:
            return "it is not in the expected shape (\(error))"
        }
    }
}

/// A line and a column in a text, both counted from 1; columns count characters.
public struct TextPosition: Equatable, Sendable {
    public var line: Int
    public var column: Int

    /// The position of the byte at `offset` of UTF-8 `data` (the end when past it).
    public init(byteOffset offset: Int, in data: Data) {
        let bytes = [UInt8](data)
        let end = min(max(0, offset), bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        line = bytes[..<end].count(where: { $0 == 0x0A }) + 1
        column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
    }

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Where JSON text stops being valid and why, for messages that point at the place.
///
/// `JSONDecoder` says only "The given data was not valid JSON", so the text is read again by
/// `JSONSyntaxScanner` (RFC 8259), which gives the same place and words on every platform.
public struct JSONSyntaxError: Equatable, Sendable {
    public var position: TextPosition
    /// In words: "unexpected “]”", "the text ends too soon".
    public var reason: String

    public init(position: TextPosition, reason: String) {
        self.position = position
        self.reason = reason
    }

    /// Nil when the data is valid JSON.
    public static func find(in data: Data) -> JSONSyntaxError? {
        let bytes = [UInt8](data)
        guard let failure = JSONSyntaxScanner(bytes).firstFailure() else { return nil }
        return JSONSyntaxError(position: TextPosition(byteOffset: failure.offset, in: data), reason: failure.reason(in: bytes))
    }
}
