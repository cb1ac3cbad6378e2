import Core

/// A repository that reads one page of what a query finds, and how many it finds, without
/// reading the rest: the web cache's saved copies answer a search a page at a time.
protocol PagingRepository<Entity>: Repository {
    associatedtype Entity

    /// The entities of `page`, in the order `findAll` gives, and how many match in all.
    func findPage(_ query: Query<Entity>, sort: [Sort<Entity>], page: PageRequest) async throws -> (entities: [Entity], total: Int)
}

extension SQLiteRepository: PagingRepository {
    /// One statement: the page's rows (`LIMIT`/`OFFSET`) with the count of all matches beside
    /// each (`count(*) OVER ()`), so the two agree whatever another program writes meanwhile.
    /// Only a page past the last asks for the count again.
    func findPage(_ query: Query<Entity>, sort: [Sort<Entity>], page: PageRequest) async throws -> (entities: [Entity], total: Int) {
        let sql = SQLQuery(query, sort: sort, fullText: database.usableIndex(Entity.fullTextIndex))
        let (conditions, bindings) = inPartition(sql.conditions, sql.bindings)
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions
        let rows = try await database.query(
            "SELECT rowid AS \(Self.rowidColumn), *, count(*) OVER () AS \(Self.totalColumn) FROM \(Entity.table)\(filter)\(sql.orderClause)"
                + " LIMIT ? OFFSET ?", bindings + [.integer(Int64(page.limit)), .integer(Int64(page.offset))])
        if let total = rows.first?.optionalInteger(Self.totalColumn) { return (await readable(rows), Int(total)) }
        let (countConditions, countBindings) = inPartition(sql.conditions, sql.conditionBindings)
        let count = try await database.query(
            "SELECT count(*) AS \(Self.totalColumn) FROM \(Entity.table)\(countConditions.isEmpty ? "" : " WHERE " + countConditions)",
            countBindings)
        return ([], Int(count.first?.optionalInteger(Self.totalColumn) ?? 0))
    }

    /// Named so that it cannot meet a column of the entity's.
    private static var totalColumn: String { "cookbook_total" }
}
