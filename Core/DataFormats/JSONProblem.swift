import Foundation

/// Where JSON text is wrong and why, in words: for a dataset file, a web API answer or a
/// cassette, the message names the place (`at [1].ingredients[2]`, or line and column).
public enum JSONProblem {
    /// What is wrong, and where: the coding path of a value of the wrong shape
    /// (`at [1].ingredients[2]`), or the line and column where the text stops being JSON
    /// (`at line 3, column 15 (FILE:3:15): unexpected “]”`) when `data` is given.
    public static func describe(_ error: DecodingError, in data: Data? = nil, file: String? = nil) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "at the top level" : "at \(text)"
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let data, let syntax = JSONSyntaxError.find(in: data) {
                let reference = file.map { " (\($0):\(syntax.position.line):\(syntax.position.column))" } ?? ""
                return
                    "it is not valid JSON at line \(syntax.position.line), column \(syntax.position.column)\(reference): \(syntax.reason)"
            }
            let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "it is not valid JSON \(path(context.codingPath))" + (detail.map { " (\($0))" } ?? "")
        case .keyNotFound(let key, let context):
            return "the key “\(key.stringValue)” is missing \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(type) \(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null \(path(context.codingPath))"
        @unknown default:
            return error.localizedDescription
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
/// `JSONDecoder` on Linux says only "The given data was not valid JSON"; `JSONSerialization`
/// says where: "… around character 26." (a byte offset) or "Unexpected end of file …" on
/// Linux, "… around line 3, column 15." on macOS. This reads those answers.
public struct JSONSyntaxError: Equatable, Sendable {
    public var position: TextPosition
    /// In words: "unexpected “]”", "the text ends too soon".
    public var reason: String

    /// Nil when the data is valid JSON (or the parser does not say where it is not).
    public static func find(in data: Data) -> JSONSyntaxError? {
        let complaint: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            complaint = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        }
        if let (line, column) = numbers(after: "line ", and: ", column ", in: complaint) {
            return JSONSyntaxError(
                position: TextPosition(line: line, column: column),
                reason: reason(at: offset(ofLine: line, column: column, in: data), in: data))
        }
        if let offset = number(after: "character ", in: complaint) {
            return JSONSyntaxError(position: TextPosition(byteOffset: offset, in: data), reason: reason(at: offset, in: data))
        }
        if complaint.lowercased().contains("end of file") || complaint.lowercased().contains("end of data") {
            return JSONSyntaxError(position: TextPosition(byteOffset: data.count, in: data), reason: "the text ends too soon")
        }
        return nil
    }

    /// "unexpected “]”" for the character at `offset`, or "the text ends too soon" past the end.
    private static func reason(at offset: Int?, in data: Data) -> String {
        guard let offset, offset < data.count else { return "the text ends too soon" }
        let character = String(decoding: data.dropFirst(offset).prefix(4), as: UTF8.self).first
        switch character {
        case nil: return "the text ends too soon"
        case .some(let character) where character.isWhitespace || character.isNewline: return "unexpected white space"
        case .some(let character): return "unexpected “\(character)”"
        }
    }

    /// The byte offset of a line and column (columns in characters), if the text has them.
    private static func offset(ofLine line: Int, column: Int, in data: Data) -> Int? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        let before = lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 }
        let text = lines[line - 1]
        guard column >= 1, column - 1 <= text.count else { return nil }
        return before + text.prefix(column - 1).utf8.count
    }

    private static func number(after marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    private static func numbers(after first: String, and second: String, in text: String) -> (Int, Int)? {
        guard let line = number(after: first, in: text), let range = text.range(of: second),
            let column = Int(text[range.upperBound...].prefix { $0.isNumber })
        else {
            return nil
        }
        return (line, column)
    }
}
