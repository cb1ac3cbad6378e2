import Core
import TerminalRunner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An entity stored as one row of one table. Its queryable fields are columns of the same
/// name, so a backend-neutral `Query` becomes SQL without a mapping table; `searchText`
/// holds the lowercased `searchableText` for keyword queries.
protocol SQLiteRecord: Identifiable & Queryable where ID: Sendable {
    static var table: String { get }
    static var primaryKey: String { get }
    /// What one row is, in words: "shopping-list item".
    static var rowName: String { get }
    /// Columns written on save, in the order of `columnValues`.
    static var columns: [String] { get }
    var columnValues: [SQLValue] { get }
    init(row: SQLRow) throws
    static func value(ofID id: ID) -> SQLValue
}

/// The Repository pattern on SQLite: the same interface as memory and the web API.
///
/// A row this version cannot read (a value of the wrong kind, a damaged JSON column) is
/// skipped, so one bad row never hides the rest, and said once a run through `notices`; it
/// stays in the file, untouched (a later version or a person may still mend it).
struct SQLiteRepository<Entity: SQLiteRecord>: Repository {
    let database: SQLiteDatabase
    var notices = RunNotices()

    func find(id: Entity.ID) async throws -> Entity? {
        let rows = try await database.query(
            "SELECT rowid AS \(Self.rowidColumn), * FROM \(Entity.table) WHERE \(Entity.primaryKey) = ?", [Entity.value(ofID: id)])
        return await readable(rows).first
    }

    func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] {
        let sql = SQLQuery(query, sort: sort)
        let rows = try await database.query(
            "SELECT rowid AS \(Self.rowidColumn), * FROM \(Entity.table)\(sql.whereClause)\(sql.orderClause)", sql.bindings)
        return await readable(rows)
    }

    /// Named so that it cannot meet a column of the entity's.
    private static var rowidColumn: String { "cookbook_rowid" }

    /// The entities of the rows that can be read; the first unreadable row of the table is said.
    private func readable(_ rows: [SQLRow]) async -> [Entity] {
        var entities: [Entity] = []
        entities.reserveCapacity(rows.count)
        for row in rows {
            do {
                entities.append(try Entity(row: row))
            } catch {
                guard await database.isFirstUnreadableRow(in: Entity.table) else { continue }
                let rowid = row.optionalInteger(Self.rowidColumn).map { "row \($0)" } ?? "a row"
                let reason = (error as? StoreError)?.inWords ?? "it does not have the shape this version expects"
                notices.warn(
                    "A stored \(Entity.rowName) in \(database.path) cannot be read (\(rowid) of “\(Entity.table)”: \(reason)), so it is not shown; it stays in the file, untouched. Rows like it are skipped too."
                )
            }
        }
        return entities
    }

    func save(_ entities: [Entity]) async throws {
        guard !entities.isEmpty else { return }
        try await database.executeInTransaction(Self.upsert, entities.map(Self.bindings))
    }

    func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    {
        guard !entities.isEmpty else { return [] }
        // The largest number is read under the write lock the inserts are made under.
        let largest = "SELECT MAX(\(order.rawValue)) AS largest FROM \(Entity.table) WHERE typeof(\(order.rawValue)) = 'integer'"
        return try await database.inTransaction { database throws(StoreError) in
            let next = (try database.query(largest).first?.optionalInteger("largest")).map { Int($0) + 1 } ?? 0
            var placed = entities
            for index in placed.indices { place(&placed[index], next + index) }
            for entity in placed { try database.execute(Self.upsert, Self.bindings(entity)) }
            return placed
        }
    }

    /// Insert or update by the primary key. Upsert keeps the row's rowid, so insertion order
    /// (the tie-breaker of sorts) is stable.
    private static var upsert: String {
        let columns = Entity.columns + ["searchText"]
        let updates = columns.filter { $0 != Entity.primaryKey }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO \(Entity.table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            ON CONFLICT(\(Entity.primaryKey)) DO UPDATE SET \(updates)
            """
    }

    private static func bindings(_ entity: Entity) -> [SQLValue] {
        entity.columnValues + [.text(entity.searchableText.lowercased())]
    }

    func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] {
        guard !ids.isEmpty else { return [] }
        let condition = SQLQuery(query, sort: [])
        let sql =
            "DELETE FROM \(Entity.table) WHERE \(Entity.primaryKey) = ?"
            + (condition.conditions.isEmpty ? "" : " AND \(condition.conditions)") + " RETURNING \(Entity.primaryKey)"
        let bindings = ids.map { [Entity.value(ofID: $0)] + condition.bindings }
        let deleted = try await database.inTransaction { database throws(StoreError) in
            try bindings.map { bindings throws(StoreError) in try !database.query(sql, bindings).isEmpty }
        }
        return zip(ids, deleted).filter(\.1).map(\.0)
    }

    /// Reads the row under the write lock, changes it and writes it back: a row another program
    /// removed stays removed, and columns it changed that `change` leaves alone keep its values.
    func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity {
        let select = "SELECT rowid AS \(Self.rowidColumn), * FROM \(Entity.table) WHERE \(Entity.primaryKey) = ?"
        let key = Entity.value(ofID: id)
        let updated = try await database.inTransaction { database throws(StoreError) -> Entity? in
            guard let row = try database.query(select, [key]).first else { return nil }
            var entity: Entity
            do {
                entity = try Entity(row: row)
            } catch {
                throw (error as? StoreError) ?? StoreError.malformedRow(column: Entity.primaryKey)
            }
            change(&entity)
            try database.execute(Self.upsert, Self.bindings(entity))
            return entity
        }
        guard let updated else { throw RepositoryError.removedElsewhere }
        return updated
    }
}

/// A backend-neutral query and sort as SQL. Column names come from the entity's `Field`
/// enum (never from user text); every value is a bound parameter.
struct SQLQuery<Entity: Queryable> {
    private(set) var whereClause = ""
    /// The conditions alone, joined by AND (empty for none), for a statement that adds its own.
    private(set) var conditions = ""
    private(set) var orderClause = ""
    private(set) var bindings: [SQLValue] = []

    init(_ query: Query<Entity>, sort: [Sort<Entity>]) {
        var conditions: [String] = []
        for condition in query.conditions {
            switch condition {
            case .keyword(let keyword):
                for word in Query<Entity>.words(of: keyword) {
                    conditions.append("instr(searchText, ?) > 0")
                    bindings.append(.text(word))
                }
            case .equal(let field, let value):
                conditions.append("\(field.rawValue) = ? AND typeof(\(field.rawValue)) = ?")
                bindings += [Self.sqlValue(value), .text(Self.sqlType(of: value))]
            case .atMost(let field, let value):
                conditions.append("\(field.rawValue) <= ? AND typeof(\(field.rawValue)) = ?")
                bindings += [Self.sqlValue(value), .text(Self.sqlType(of: value))]
            case .atLeast(let field, let value):
                conditions.append("\(field.rawValue) >= ? AND typeof(\(field.rawValue)) = ?")
                bindings += [Self.sqlValue(value), .text(Self.sqlType(of: value))]
            }
        }
        if !conditions.isEmpty {
            self.conditions = conditions.map { "(\($0))" }.joined(separator: " AND ")
            whereClause = " WHERE " + self.conditions
        }
        // rowid last: ties keep insertion order, as the in-memory backend does.
        orderClause =
            " ORDER BY " + (sort.map { "\($0.field.rawValue) \($0.ascending ? "ASC" : "DESC")" } + ["rowid ASC"]).joined(separator: ", ")
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
