import CSQLite

/// One step of the schema, applied in order and recorded in `PRAGMA user_version`.
/// Never edit a shipped migration: add a new one.
struct Migration: Sendable {
    let version: Int
    let statements: [String]

    static let all = [
        Migration(
            version: 1,
            statements: [
                """
                CREATE TABLE shopping_items (
                    id TEXT PRIMARY KEY, name TEXT NOT NULL, amount TEXT NOT NULL, isChecked INTEGER NOT NULL,
                    recipeID INTEGER NOT NULL, position INTEGER NOT NULL, searchText TEXT NOT NULL)
                """,
                """
                CREATE TABLE favorites (
                    recipeID INTEGER PRIMARY KEY, title TEXT NOT NULL, savedAt INTEGER NOT NULL,
                    recipe TEXT NOT NULL, searchText TEXT NOT NULL)
                """,
                """
                CREATE TABLE recent_searches (
                    keyword TEXT PRIMARY KEY, searchedAt INTEGER NOT NULL, searchText TEXT NOT NULL)
                """,
                """
                CREATE TABLE recipes (
                    id INTEGER PRIMARY KEY, title TEXT NOT NULL, category TEXT NOT NULL, cookingMinutes INTEGER NOT NULL,
                    calories INTEGER NOT NULL, isVegetarian INTEGER NOT NULL, popularity INTEGER NOT NULL,
                    publishedOn TEXT NOT NULL, authorID TEXT NOT NULL, recipe TEXT NOT NULL, searchText TEXT NOT NULL)
                """,
            ])
    ]

    static var latestVersion: Int { all.map(\.version).max() ?? 0 }

    /// Applies the migrations the file has not seen, each in its own transaction.
    /// A file from a newer version is refused rather than guessed at.
    static func apply(_ migrations: [Migration], on connection: OpaquePointer, path: String) throws(StoreError) {
        let current = try userVersion(connection, path: path)
        let latest = migrations.map(\.version).max() ?? 0
        guard current <= latest else { throw StoreError.futureSchema(path: path, found: current, supported: latest) }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
            let script = (["BEGIN IMMEDIATE"] + migration.statements + ["PRAGMA user_version = \(migration.version)", "COMMIT"])
                .joined(separator: ";\n")
            var message: UnsafeMutablePointer<CChar>?
            let status = sqlite3_exec(connection, script, nil, nil, &message)
            if status != SQLITE_OK {
                let text = message.map { String(cString: $0) } ?? "unknown error"
                sqlite3_free(message)
                sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
                throw StoreError(code: status, message: "migration \(migration.version): \(text)", path: path)
            }
        }
    }

    private static func userVersion(_ connection: OpaquePointer, path: String) throws(StoreError) -> Int {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(connection, "PRAGMA user_version", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard status == SQLITE_OK, let statement else {
            throw StoreError(code: status, message: String(cString: sqlite3_errmsg(connection)), path: path)
        }
        let step = sqlite3_step(statement)
        guard step == SQLITE_ROW else {
            throw StoreError(code: step, message: String(cString: sqlite3_errmsg(connection)), path: path)
        }
        return Int(sqlite3_column_int64(statement, 0))
    }
}
