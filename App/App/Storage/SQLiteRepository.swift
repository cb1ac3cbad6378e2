import Core
import TerminalRunner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An entity stored as one row of one table. Its queryable fields are columns of the same
/// name, so a backend-neutral `Query` becomes SQL without a mapping table; `searchText` and
/// `searchTitle` hold its searchable words, folded (`StoredWords`), for keyword queries.
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
    /// A column that divides the table into parts, each a repository's own (the web cache's
    /// `server`): part of the primary key, never of the entity. Nil for a table of one part.
    static var partitionColumn: String? { get }
    /// The full-text index over the table's words, if it has one (`FullTextIndex`).
    static var fullTextIndex: FullTextIndex? { get }
}

extension SQLiteRecord {
    static var partitionColumn: String? { nil }
    static var fullTextIndex: FullTextIndex? { nil }
}

/// The Repository pattern on SQLite: the same interface as memory and the web API.
///
/// A row this version cannot read (a value of the wrong kind, a damaged JSON column) is
/// skipped, so one bad row never hides the rest, and said once a run through `notices`; it
/// stays in the file, untouched (a later version or a person may still mend it).
struct SQLiteRepository<Entity: SQLiteRecord>: Repository {
    let database: SQLiteDatabase
    var notices = RunNotices()
    /// In a divided table (`Entity.partitionColumn`), the part this repository reads and writes:
    /// rows of another part are neither found, changed nor numbered after.
    var partition = ""

    func find(id: Entity.ID) async throws -> Entity? {
        let key = key(id)
        let rows = try await database.query("SELECT rowid AS \(Self.rowidColumn), * FROM \(Entity.table) WHERE \(key.sql)", key.bindings)
        return await readable(rows).first
    }

    func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] {
        let sql = SQLQuery(query, sort: sort, fullText: database.usableIndex(Entity.fullTextIndex))
        let (conditions, bindings) = inPartition(sql.conditions, sql.bindings)
        let rows = try await database.query(
            "SELECT rowid AS \(Self.rowidColumn), * FROM \(Entity.table)\(conditions.isEmpty ? "" : " WHERE " + conditions)\(sql.orderClause)",
            bindings)
        return await readable(rows)
    }

    /// The row with this id, as a condition and its bindings.
    private func key(_ id: Entity.ID) -> (sql: String, bindings: [SQLValue]) {
        inPartition("\(Entity.primaryKey) = ?", [Entity.value(ofID: id)])
    }

    /// `conditions` (none when empty) limited to this repository's part of a divided table.
    func inPartition(_ conditions: String, _ bindings: [SQLValue]) -> (sql: String, bindings: [SQLValue]) {
        guard let column = Entity.partitionColumn else { return (conditions, bindings) }
        return ("\(column) = ?" + (conditions.isEmpty ? "" : " AND (\(conditions))"), [.text(partition)] + bindings)
    }

    /// Named so that it cannot meet a column of the entity's.
    static var rowidColumn: String { "cookbook_rowid" }

    /// The entities of the rows that can be read; the first unreadable row of the table is said.
    func readable(_ rows: [SQLRow]) async -> [Entity] {
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
        try await database.executeInTransaction(Self.upsert, entities.map(bindings))
    }

    func append(_ entities: [Entity], numbering order: Entity.Field, _ place: @Sendable (inout Entity, Int) -> Void) async throws
        -> [Entity]
    {
        guard !entities.isEmpty else { return [] }
        // The largest number is read under the write lock the inserts are made under.
        let largest = largest(order)
        let bindings = bindings
        return try await database.inTransaction { database throws(StoreError) in
            let next = (try database.query(largest.sql, largest.bindings).first?.optionalInteger("largest")).map { Int($0) + 1 } ?? 0
            var placed = entities
            for index in placed.indices { place(&placed[index], next + index) }
            for entity in placed { try database.execute(Self.upsert, bindings(entity)) }
            return placed
        }
    }

    func update<Result: Sendable>(
        _ query: Query<Entity>, numbering order: Entity.Field, doing what: String, _ change: @Sendable (inout [Entity], Int) -> Result
    ) async throws -> Result {
        let sql = SQLQuery(query, sort: [])
        let matching = inPartition(sql.conditions, sql.bindings)
        let select =
            "SELECT rowid AS \(Self.rowidColumn), * FROM \(Entity.table)\(matching.sql.isEmpty ? "" : " WHERE " + matching.sql)\(sql.orderClause)"
        let largest = largest(order)
        let bindings = bindings
        let key = key
        return try await database.inTransaction { database throws(StoreError) in
            // A row this version cannot read is not handed to `change`, so it is neither changed
            // nor deleted; what is added still goes after it.
            var entities = try database.query(select, matching.bindings).compactMap { try? Entity(row: $0) }
            let next = (try database.query(largest.sql, largest.bindings).first?.optionalInteger("largest")).map { Int($0) + 1 } ?? 0
            let before = Set(entities.map(\.id))
            let result = change(&entities, next)
            for id in before.subtracting(entities.map(\.id)) {
                let row = key(id)
                try database.execute("DELETE FROM \(Entity.table) WHERE \(row.sql)", row.bindings)
            }
            for entity in entities { try database.execute(Self.upsert, bindings(entity)) }
            return result
        }
    }

    /// The statement reading the largest integer value of `order` in this repository's rows,
    /// readable or not, with its bindings.
    private func largest(_ order: Entity.Field) -> (sql: String, bindings: [SQLValue]) {
        let numbered = inPartition("typeof(\(order.rawValue)) = 'integer'", [])
        return ("SELECT MAX(\(order.rawValue)) AS largest FROM \(Entity.table) WHERE \(numbered.sql)", numbered.bindings)
    }

    /// Insert or update by the primary key (with the part, in a divided table). Upsert keeps the
    /// row's rowid, so insertion order (the tie-breaker of sorts) is stable.
    private static var upsert: String {
        let key = [Entity.partitionColumn, Entity.primaryKey].compactMap { $0 }
        let columns = Entity.columns + StoredWords.columns + [Entity.partitionColumn].compactMap { $0 }
        let updates = columns.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return """
            INSERT INTO \(Entity.table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            ON CONFLICT(\(key.joined(separator: ", "))) DO UPDATE SET \(updates)
            """
    }

    /// The values `upsert` binds, in its order.
    private var bindings: @Sendable (Entity) -> [SQLValue] {
        let partition: [SQLValue] = Entity.partitionColumn == nil ? [] : [.text(partition)]
        return { entity in entity.columnValues + StoredWords.values(SearchableWords(entity)) + partition }
    }

    func delete(ids: [Entity.ID], matching query: Query<Entity>) async throws -> [Entity.ID] {
        guard !ids.isEmpty else { return [] }
        let condition = SQLQuery(query, sort: [], fullText: database.usableIndex(Entity.fullTextIndex))
        let keys = ids.map(key)
        guard let first = keys.first else { return [] }
        // Every key has the same SQL; only the bindings differ.
        let sql =
            "DELETE FROM \(Entity.table) WHERE \(first.sql)"
            + (condition.conditions.isEmpty ? "" : " AND \(condition.conditions)") + " RETURNING \(Entity.primaryKey)"
        let bindings = keys.map { $0.bindings + condition.conditionBindings }
        let deleted = try await database.inTransaction { database throws(StoreError) in
            try bindings.map { bindings throws(StoreError) in try !database.query(sql, bindings).isEmpty }
        }
        return zip(ids, deleted).filter(\.1).map(\.0)
    }

    /// Reads the row under the write lock, changes it and writes it back: a row another program
    /// removed stays removed, and columns it changed that `change` leaves alone keep its values.
    func update(id: Entity.ID, _ change: @Sendable (inout Entity) -> Void) async throws -> Entity {
        let key = key(id)
        let select = "SELECT rowid AS \(Self.rowidColumn), * FROM \(Entity.table) WHERE \(key.sql)"
        let bindings = bindings
        let updated = try await database.inTransaction { database throws(StoreError) -> Entity? in
            guard let row = try database.query(select, key.bindings).first else { return nil }
            var entity: Entity
            do {
                entity = try Entity(row: row)
            } catch {
                throw (error as? StoreError) ?? StoreError.malformedRow(column: Entity.primaryKey)
            }
            change(&entity)
            try database.execute(Self.upsert, bindings(entity))
            return entity
        }
        guard let updated else { throw RepositoryError.removedElsewhere }
        return updated
    }
}
