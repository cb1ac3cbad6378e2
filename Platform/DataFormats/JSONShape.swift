/// The structure of a JSON value without its data: which fields, of which kinds. Two answers
/// of the same API have the same shape even when their recipes differ, so comparing shapes
/// finds what a cassette cannot know: fields added, removed, or of another type.
public indirect enum JSONShape: Hashable, Sendable {
    case null
    case bool
    case number
    case string
    /// The shape of every element merged; nil for an empty array.
    case array(JSONShape?)
    case object([String: JSONShape])
    /// Elements of an array disagree (a number here, a string there).
    case mixed

    public init(of value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .bool
        case .integer, .double: self = .number
        case .string: self = .string
        case .array(let elements):
            var merged: JSONShape?
            for element in elements {
                let shape = JSONShape(of: element)
                merged = merged?.merged(with: shape) ?? shape
            }
            self = .array(merged)
        case .object(let fields): self = .object(fields.mapValues(JSONShape.init(of:)))
        }
    }

    /// One shape for two elements of an array: fields of both, and a null where the other has a
    /// value counts as an optional value of that kind.
    public func merged(with other: JSONShape) -> JSONShape {
        switch (self, other) {
        case _ where self == other: self
        case (.null, _): other
        case (_, .null): self
        case (.object(let a), .object(let b)): .object(a.merging(b) { $0.merged(with: $1) })
        case (.array(let mine?), .array(let theirs?)): .array(mine.merged(with: theirs))
        case (.array(nil), .array), (.array, .array(nil)): .array(nil) == self ? other : self
        default: .mixed
        }
    }

    /// The kind in words, for messages: "object", "array", "number"…
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true/false"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .mixed: "mixed"
        }
    }

    /// What changed from `self` (recorded) to `live`, field by field. Paths are written as
    /// in the data: `.recipes[].title`; `[]` stands for every element of an array.
    public func differences(to live: JSONShape, at path: String = "") -> [ShapeDifference] {
        switch (self, live) {
        case (.object(let old), .object(let new)):
            return Set(old.keys).union(new.keys).sorted().flatMap { key -> [ShapeDifference] in
                let field = path + "." + key
                switch (old[key], new[key]) {
                case (let before?, let after?): return before.differences(to: after, at: field)
                case (nil, let after?): return [ShapeDifference(path: field, change: .added(after.kind))]
                case (let before?, nil): return [ShapeDifference(path: field, change: .removed(before.kind))]
                case (nil, nil): return []
                }
            }
        case (.array(let old), .array(let new)):
            guard let old, let new else { return [] }
            return old.differences(to: new, at: path + "[]")
        default:
            guard kind != live.kind else { return [] }
            return [ShapeDifference(path: path.isEmpty ? "(the whole answer)" : path, change: .changedType(from: kind, to: live.kind))]
        }
    }
}

/// One structural change between a recorded answer and a live one.
public struct ShapeDifference: Hashable, Sendable, CustomStringConvertible {
    public enum Change: Hashable, Sendable {
        case added(String)
        case removed(String)
        case changedType(from: String, to: String)
    }

    public var path: String
    public var change: Change

    public init(path: String, change: Change) {
        self.path = path
        self.change = change
    }

    /// `+ .recipes[].rating (number): added`, `- .total (number): removed`, `~ .id: number → string`.
    public var description: String {
        switch change {
        case .added(let kind): "+ \(path) (\(kind)): added"
        case .removed(let kind): "- \(path) (\(kind)): removed"
        case .changedType(let from, let to): "~ \(path): \(from) → \(to)"
        }
    }
}
