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
    /// `JSONReader.decode` says more: it also names the field of a number or a string that
    /// `JSONDecoder` refused without naming it.
    public static func describe(_ error: DecodingError, in data: Data? = nil, file: String? = nil) -> String {
        guard let data else { return fallback(error) }
        let bytes = [UInt8](data)
        do {
            let document = try JSONTreeParser.parse(bytes, maximumDepth: JSONReader.maximumDepth)
            // A field in words; the document itself (an empty path) is said below, as "the top level".
            if let field = JSONFieldProblem(error, document: document, data: data), !field.field.isEmpty { return field.description }
        } catch {
            return JSONReadError(error, in: bytes, data: data).description(file: file)
        }
        return fallback(error)
    }

    /// The coding path and Swift's description, for when nothing better is known.
    static func fallback(_ error: DecodingError) -> String {
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
/// `JSONTreeParser` (RFC 8259), which gives the same place and words on every platform.
public struct JSONSyntaxError: Equatable, Sendable {
    public var position: TextPosition
    /// In words: "unexpected “]”", "the text ends too soon".
    public var reason: String

    public init(position: TextPosition, reason: String) {
        self.position = position
        self.reason = reason
    }

    /// Nil when the data is valid JSON, or valid as far as `JSONReader.maximumDepth` lets it be
    /// read (nesting deeper is `JSONReadError`'s to say).
    public static func find(in data: Data) -> JSONSyntaxError? {
        let bytes = [UInt8](data)
        do {
            _ = try JSONTreeParser.parse(bytes, maximumDepth: JSONReader.maximumDepth)
            return nil
        } catch {
            if case .tooDeep = error.kind { return nil }
            return JSONSyntaxError(position: TextPosition(byteOffset: error.offset, in: data), reason: error.reason(in: bytes))
        }
    }
}
