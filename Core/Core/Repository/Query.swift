/// A value a query compares with. The same few kinds exist in SQL, in URL query items
/// and in memory, which is what lets one query run on every backend.
public enum QueryValue: Hashable, Sendable, Comparable {
    case text(String)
    case integer(Int)
    case bool(Bool)

    public static func < (lhs: QueryValue, rhs: QueryValue) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a < b
        case (.integer(let a), .integer(let b)): a < b
        case (.bool(let a), .bool(let b)): !a && b
        default: false
        }
    }

    /// The value as text, for URL query items and logs.
    public var text: String {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        }
    }
}

/// The names of an entity's queryable fields. The raw value is the field's name on every
/// backend: a SQL column, a URL parameter, a JSON key.
public protocol QueryField: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

/// An entity that backend-neutral queries can filter and sort.
public protocol Queryable: Sendable {
    associatedtype Field: QueryField
    /// The field's value, for backends that evaluate queries in memory.
    func value(of field: Field) -> QueryValue
    /// The title a keyword search ranks first: an entity with more of the keyword's words in
    /// its title comes before one with fewer.
    var searchableTitle: String { get }
    /// All the text a keyword search looks in (title, ingredients, …), any case and accents.
    var searchableText: String { get }
}

/// A backend-neutral filter: every condition must hold. Features write one query and never
/// know which store answers it: SQLite turns it into a `WHERE` clause, the web client into URL
/// query items, in-memory stores into `matches(_:)`.
public struct Query<Entity: Queryable>: Hashable, Sendable {
    public enum Condition: Hashable, Sendable {
        /// Every word of the keyword begins a word of the entity's searchable text, in any order,
        /// ignoring case, accents, width and invisible characters (`TextFolding`).
        case keyword(String)
        case equal(Entity.Field, QueryValue)
        case atMost(Entity.Field, QueryValue)
        case atLeast(Entity.Field, QueryValue)
    }

    public var conditions: [Condition]

    public init(_ conditions: [Condition] = []) {
        self.conditions = conditions
    }

    /// Matches everything.
    public static var all: Query { Query() }

    public static func keyword(_ text: String) -> Query { Query([.keyword(text)]) }
    public static func equal(_ field: Entity.Field, _ value: QueryValue) -> Query { Query([.equal(field, value)]) }
    public static func atMost(_ field: Entity.Field, _ value: QueryValue) -> Query { Query([.atMost(field, value)]) }
    public static func atLeast(_ field: Entity.Field, _ value: QueryValue) -> Query { Query([.atLeast(field, value)]) }

    /// Both this query's conditions and `other`'s: `.keyword("curry").and(.atMost(.calories, .integer(500)))`.
    public func and(_ other: Query) -> Query { Query(conditions + other.conditions) }

    /// In-memory evaluation: the reference semantics the SQL and HTTP backends must agree with
    /// (`results(in:sortedBy:)` also ranks). A keyword is folded (`TextFolding`) and each of its
    /// words must begin a word of the entity's searchable text, in any order.
    public func matches(_ entity: Entity) -> Bool {
        matchesFields(entity) && keywords.match(SearchableWords(entity))
    }

    /// Whether every condition but the keywords holds.
    @usableFromInline
    func matchesFields(_ entity: Entity) -> Bool {
        conditions.allSatisfy { condition in
            switch condition {
            case .keyword: return true
            case .equal(let field, let value): return entity.value(of: field) == value
            case .atMost(let field, let value): return Query.compare(entity.value(of: field), value) { $0 <= $1 }
            case .atLeast(let field, let value): return Query.compare(entity.value(of: field), value) { $0 >= $1 }
            }
        }
    }

    /// Values of different kinds never satisfy a comparison (SQL and the web API agree).
    @usableFromInline
    static func compare(_ lhs: QueryValue, _ rhs: QueryValue, by order: (QueryValue, QueryValue) -> Bool) -> Bool {
        switch (lhs, rhs) {
        case (.text, .text), (.integer, .integer), (.bool, .bool): order(lhs, rhs)
        default: false
        }
    }
}

/// A backend-neutral ordering, which each store applies in its own way (`ORDER BY`, URL query
/// items, `sorted(by:)`).
public struct Sort<Entity: Queryable>: Hashable, Sendable {
    public var field: Entity.Field
    public var ascending: Bool

    public init(_ field: Entity.Field, ascending: Bool) {
        self.field = field
        self.ascending = ascending
    }

    public static func ascending(_ field: Entity.Field) -> Sort { Sort(field, ascending: true) }
    public static func descending(_ field: Entity.Field) -> Sort { Sort(field, ascending: false) }
}

extension Sequence where Element: Queryable {
    /// Orders entities by several sorts, the first deciding first; ties keep their order.
    ///
    /// Each entity's sort values are read once, and the sort moves positions, not entities;
    /// inlinable, so each caller gets a copy specialized for its entity. Moving whole recipes,
    /// reading their values at every comparison and calling through generic code cost about
    /// 1.5 ms of the app's launch (the feed sorts the bundled recipes twice).
    @inlinable
    public func sorted(by sorts: [Sort<Element>]) -> [Element] {
        let elements = Array(self)
        let keys = elements.map { element in sorts.map { element.value(of: $0.field) } }
        let order = elements.indices.sorted { lhs, rhs in
            for (index, sort) in sorts.enumerated() {
                let a = keys[lhs][index]
                let b = keys[rhs][index]
                if a != b { return sort.ascending ? a < b : b < a }
            }
            return lhs < rhs
        }
        return order.map { elements[$0] }
    }
}
