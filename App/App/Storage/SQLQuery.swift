import Core

/// A backend-neutral query and sort as SQL. Column names come from the entity's `Field`
/// enum (never from user text); every value is a bound parameter.
///
/// A keyword is matched on the row's stored words (`StoredWords`): through the table's
/// full-text index when it has a usable one, else by `instr` on `searchText`; the same words
/// either way, so the same rows. Rows with more of its words in `searchTitle` come first, as
/// `Query.results(in:sortedBy:)` orders them.
struct SQLQuery<Entity: Queryable> {
    private(set) var whereClause = ""
    /// The conditions alone, joined by AND (empty for none), for a statement that adds its own.
    private(set) var conditions = ""
    /// What `conditions` binds, in order.
    private(set) var conditionBindings: [SQLValue] = []
    private(set) var orderClause = ""
    /// What `orderClause` binds, after the conditions' bindings.
    private(set) var orderBindings: [SQLValue] = []

    /// Every binding of `whereClause` and `orderClause`, in order.
    var bindings: [SQLValue] { conditionBindings + orderBindings }

    /// `fullText`: the table's full-text index, when it is usable on this connection.
    init(_ query: Query<Entity>, sort: [Sort<Entity>], fullText: FullTextIndex? = nil) {
        var conditions: [String] = []
        let keywords = query.keywords
        if keywords.isUnmatchable {
            conditions.append("0")
        } else if let fullText, !keywords.words.isEmpty {
            conditions.append("rowid IN (SELECT rowid FROM \(fullText.name) WHERE \(fullText.name) MATCH ?)")
            conditionBindings.append(.text(fullText.matchExpression(keywords.words)))
        } else {
            for word in keywords.words {
                conditions.append("instr(searchText, ?) > 0")
                conditionBindings.append(.text(StoredWords.text([word])))
            }
        }
        for condition in query.conditions {
            switch condition {
            case .keyword:
                continue
            case .equal(let field, let value):
                conditions.append("\(field.rawValue) = ? AND typeof(\(field.rawValue)) = ?")
                conditionBindings += [Self.sqlValue(value), .text(Self.sqlType(of: value))]
            case .atMost(let field, let value):
                conditions.append("\(field.rawValue) <= ? AND typeof(\(field.rawValue)) = ?")
                conditionBindings += [Self.sqlValue(value), .text(Self.sqlType(of: value))]
            case .atLeast(let field, let value):
                conditions.append("\(field.rawValue) >= ? AND typeof(\(field.rawValue)) = ?")
                conditionBindings += [Self.sqlValue(value), .text(Self.sqlType(of: value))]
            }
        }
        if !conditions.isEmpty {
            self.conditions = conditions.map { "(\($0))" }.joined(separator: " AND ")
            whereClause = " WHERE " + self.conditions
        }
        // How many of the keyword's words begin a word of the title, most first; rowid last: ties
        // keep insertion order, as the in-memory backend does.
        var order: [String] = []
        if !keywords.words.isEmpty {
            order.append(keywords.words.map { _ in "(instr(searchTitle, ?) > 0)" }.joined(separator: " + ") + " DESC")
            orderBindings = keywords.words.map { .text(StoredWords.text([$0])) }
        }
        order += sort.map { "\($0.field.rawValue) \($0.ascending ? "ASC" : "DESC")" } + ["rowid ASC"]
        orderClause = " ORDER BY " + order.joined(separator: ", ")
    }

    static func sqlValue(_ value: QueryValue) -> SQLValue {
        switch value {
        case .text(let text): .text(text)
        case .integer(let number): .integer(Int64(number))
        case .bool(let flag): .integer(flag ? 1 : 0)
        }
    }

    /// The SQLite storage class a value is compared within (`typeof`): values of
    /// different kinds never match, as in `Query.matches`.
    static func sqlType(of value: QueryValue) -> String {
        switch value {
        case .text: "text"
        case .integer, .bool: "integer"
        }
    }
}

/// How a row's searchable words are stored: in `searchText` every word (the title's too), in
/// `searchTitle` the title's, each word after a space (" creme brulee"). So `instr(column, ' ' ||
/// word)` finds the words `word` begins, and the full-text index reads the same words.
enum StoredWords {
    static let columns = ["searchText", "searchTitle"]

    static func text(_ words: [String]) -> String {
        words.map { " " + $0 }.joined()
    }

    /// The values of `columns`.
    static func values(_ words: SearchableWords) -> [SQLValue] {
        [.text(text(words.all)), .text(text(words.title))]
    }
}
