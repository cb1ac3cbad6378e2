#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one way JSON from outside is read (a dataset, a cassette, a web API answer, the gallery,
/// a stored row): nesting is bounded before anything recursive sees the text, and every refusal
/// is a `JSONReadError` in words that say what is wrong and where.
public enum JSONReader {
    /// How deep arrays and objects may nest. The deepest document Cookbook writes (a cassette
    /// holding a web API answer) nests about ten levels; the bound keeps every recursive step
    /// that follows (`JSONDecoder`, `Codable` types, releasing the values) far from the end of a
    /// thread's stack, on any thread.
    public static let maximumDepth = 100

    /// `T` read from `data`, or what is wrong with `data` for `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, maximumDepth: Int = maximumDepth) throws(JSONReadError)
        -> T
    {
        if let offset = firstTooDeep(data, limit: maximumDepth) {
            throw JSONReadError(.tooDeep(limit: maximumDepth), at: TextPosition(byteOffset: offset, in: data))
        }
        let value: T
        do {
            value = try JSONDecoder().decode(type, from: data)
        } catch {
            let refusal = diagnosis(of: error, reading: type, from: data, maximumDepth: maximumDepth)
            switch refusal.problem {
            case .syntax, .tooDeep: throw refusal
            // Valid JSON: a key given twice is said first, as what the decoder may have tripped on.
            default: throw duplicateKey(in: data) ?? refusal
            }
        }
        // The decoder keeps one of a key given twice and drops the others without a word.
        if let duplicate = duplicateKey(in: data) { throw duplicate }
        return value
    }

    /// A key given twice in one object of valid JSON `data`, as an error at its second place.
    private static func duplicateKey(in data: Data) -> JSONReadError? {
        JSONDuplicateKeys.first(in: data).map { JSONReadError(.duplicateKey($0.key), at: TextPosition(byteOffset: $0.offset, in: data)) }
    }

    /// The offset of the first `[` or `{` that opens a level deeper than `limit`, or nil. One
    /// pass that builds nothing (a bracket inside a string is text), so it is safe and cheap
    /// for text of any depth.
    static func firstTooDeep(_ data: Data, limit: Int) -> Int? {
        data.withUnsafeBytes { bytes -> Int? in
            var depth = 0
            var inString = false
            var escaped = false
            for (offset, byte) in bytes.enumerated() {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > limit { return offset }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                default:
                    break
                }
            }
            return nil
        }
    }

    /// Why `JSONDecoder` refused `data` for `T`, found by reading it again as a tree: where the
    /// text stops being JSON, or which field holds what (decoding `T` from the tree names the
    /// field even where `JSONDecoder` names none).
    static func diagnosis<T: Decodable>(of error: any Error, reading type: T.Type, from data: Data, maximumDepth: Int) -> JSONReadError {
        let bytes = [UInt8](data)
        let document: JSONNode
        do {
            document = try JSONTreeParser.parse(bytes, maximumDepth: maximumDepth)
        } catch {
            return JSONReadError(error, in: bytes, data: data)
        }
        do {
            _ = try T(from: JSONTreeDecoder(node: document))
        } catch let refusal as DecodingError {
            if let field = JSONFieldProblem(refusal, document: document, data: data) { return JSONReadError(.field(field)) }
            return JSONReadError(.unexplained(JSONProblem.fallback(refusal)))
        } catch {
            return JSONReadError(.unexplained("it cannot be read (\(error))"))
        }
        // The tree reads what JSONDecoder did not: all there is to say is JSONDecoder's reason.
        return JSONReadError(.unexplained((error as? DecodingError).map(JSONProblem.fallback) ?? "it cannot be read (\(error))"))
    }
}

/// JSON that a reader cannot use: the problem, and where it is when it has a place.
public struct JSONReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// The text is not JSON: "unexpected “]”", "the text ends too soon", "invalid UTF-8".
        case syntax(String)
        /// Arrays and objects nested deeper than `limit` levels.
        case tooDeep(limit: Int)
        /// Valid JSON with a field the reader cannot use (the document itself when the field is empty).
        case field(JSONFieldProblem)
        /// Refused for a reason nothing here can place; `JSONDecoder`'s words.
        case unexplained(String)
        /// An object holds this key more than once; the position is its second occurrence.
        case duplicateKey(String)
    }

    public var problem: Problem
    /// The line and column of a syntax error or of the bracket that goes too deep.
    public var position: TextPosition?

    public init(_ problem: Problem, at position: TextPosition? = nil) {
        self.problem = problem
        self.position = position
    }

    /// Where the tree parser stopped.
    init(_ failure: JSONTreeParser.Failure, in bytes: [UInt8], data: Data) {
        let position = TextPosition(byteOffset: failure.offset, in: data)
        if case .tooDeep(let limit) = failure.kind {
            self.init(.tooDeep(limit: limit), at: position)
        } else {
            self.init(.syntax(failure.reason(in: bytes)), at: position)
        }
    }

    /// "it is not valid JSON at line 3, column 20: unexpected “]”", "it is nested deeper than 100
    /// levels at line 1, column 101", "the field “[1].servings” should be a whole number, but is
    /// the text “four”".
    public var description: String { description(file: nil) }

    /// The description; with `file`, a place is also given as `FILE:LINE:COLUMN`, which editors open.
    public func description(file: String?) -> String {
        let line = position.map { "line \($0.line), column \($0.column)" } ?? "an unknown place"
        let reference = position.flatMap { position in file.map { " (\($0):\(position.line):\(position.column))" } } ?? ""
        switch problem {
        case .syntax(let reason): return "it is not valid JSON at \(line)\(reference): \(reason)"
        case .tooDeep(let limit): return "it is nested deeper than \(limit) levels at \(line)\(reference)"
        case .field(let field): return field.description
        case .unexplained(let words): return words
        case .duplicateKey(let key):
            let shown = key.count > 40 ? key.prefix(40) + "…" : key
            return
                "it has the key “\(shown)” twice in one object (the second at \(line)\(reference)), and Cookbook cannot tell which is meant"
        }
    }
}
