#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Valid JSON whose shape a reader cannot use, said about one field: which field (a path such
/// as `recipes[3].calories`) and what is wrong with it, in words a person can act on
/// ("should be a whole number, but is the text “many”"), instead of a Swift type name.
public struct JSONFieldProblem: Equatable, Sendable {
    /// The field's path from the top of the document (`popular[0].author.name`); empty for
    /// the document itself.
    public var field: String
    /// What is wrong: "is missing", "should be a whole number, but is the text “many”".
    public var problem: String

    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// The field a decoding error is about, and what is wrong with it; nil when `data` is not
    /// JSON at all (that is a syntax error, which `JSONSyntaxError` places).
    public init?(_ error: DecodingError, in data: Data) {
        guard let document = try? JSONTreeParser.parse([UInt8](data), maximumDepth: JSONReader.maximumDepth) else { return nil }
        self.init(error, document: document, data: data)
    }

    /// The field a decoding error is about, read in `document` (the tree of `data`).
    init?(_ error: DecodingError, document: JSONNode, data: Data) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(field: Self.path(context.codingPath + [key]), problem: "is missing")
        case .valueNotFound(let type, let context):
            self.init(field: Self.path(context.codingPath), problem: "should be \(Self.kind(of: type)), but is null")
        case .typeMismatch(let type, let context):
            let found = document.value(at: context.codingPath)?.inWords ?? "something else"
            self.init(field: Self.path(context.codingPath), problem: "should be \(Self.kind(of: type)), but is \(found)")
        case .dataCorrupted(let context):
            if let refusal = context.underlyingError as? JSONValueProblem {
                self.init(field: Self.path(context.codingPath), problem: refusal.words(in: data))
                return
            }
            guard !context.codingPath.isEmpty else { return nil }
            // A value of the right kind that the reader does not accept, such as an unknown category.
            let found = document.value(at: context.codingPath)?.inWords ?? "missing"
            self.init(field: Self.path(context.codingPath), problem: "has a value Cookbook does not know: \(found)")
        @unknown default:
            return nil
        }
    }

    /// "the field “recipes[3].calories” should be a whole number, but is the text “many”".
    public var description: String {
        field.isEmpty ? "the answer \(problem)" : "the field “\(field)” \(problem)"
    }

    /// `recipes[3].calories`: keys joined by dots, array positions in brackets.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    /// What a Swift type holds, in words.
    static func kind(of type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "a whole number"
        case is any BinaryFloatingPoint.Type, is Decimal.Type: "a number"
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        default:
            // The decoder names containers by the types it wanted: an array or an unkeyed
            // container for a list, a dictionary or a keyed container for an object.
            String(describing: type).hasPrefix("Array") || String(describing: type).contains("Unkeyed") ? "a list" : "an object"
        }
    }
}
