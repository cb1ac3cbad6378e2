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
            ]),
        // Kitchen preferences: one row per filter item the person set, its value as the item writes it.
        Migration(
            version: 2,
            statements: [
                "CREATE TABLE kitchen_preferences (key TEXT PRIMARY KEY, value TEXT NOT NULL, searchText TEXT NOT NULL)"
            ]),
        // The web API cache learns when each recipe was saved (expiry, "saved copy from 2 hours
        // ago"). Rows cached before have no date, so they go: it is a cache, the next answers
        // fill it again.
        Migration(
            version: 3,
            statements: [
                "ALTER TABLE recipes ADD COLUMN savedAt INTEGER NOT NULL DEFAULT 0",
                "DELETE FROM recipes",
            ]),
        // The web API cache keeps each recipe under the server it came from (`server`, part of the
        // key), so one server's saved copy is never shown as another's. Rows saved before do not
        // say which server they came from, so they go: the next answers fill the cache again.
        Migration(
            version: 4,
            statements: [
                "DROP TABLE recipes",
                """
                CREATE TABLE recipes (
                    server TEXT NOT NULL, id INTEGER NOT NULL, title TEXT NOT NULL, category TEXT NOT NULL,
                    cookingMinutes INTEGER NOT NULL, calories INTEGER NOT NULL, isVegetarian INTEGER NOT NULL,
                    popularity INTEGER NOT NULL, publishedOn TEXT NOT NULL, authorID TEXT NOT NULL, recipe TEXT NOT NULL,
                    searchText TEXT NOT NULL, savedAt INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (server, id))
                """,
            ]),
        // Keyword search folds case, accents, width and invisible characters (TextFolding) and
        // ranks title matches first: every table's stored words are folded (they were its text,
        // lowercased; folding that gives the same words) and its title's words stored beside them.
        Migration(
            version: 5,
            statements: [
                ("shopping_items", "name"), ("favorites", "title"), ("recent_searches", "keyword"), ("kitchen_preferences", "key"),
                ("recipes", "title"),
            ].flatMap { table, title in
                [
                    "ALTER TABLE \(table) ADD COLUMN searchTitle TEXT NOT NULL DEFAULT ''",
                    "UPDATE \(table) SET searchText = \(SearchWordsFunction.name)(searchText), searchTitle = \(SearchWordsFunction.name)(\(title))",
                ]
            }),
        // Shopping-list rows add up: each keeps how much every recipe (and typing) put on it, as
        // JSON, and an amount that is no quantity as its note. Rows from before have neither: they
        // are read from their amount text, as one part.
        Migration(
            version: 6,
            statements: [
                "ALTER TABLE shopping_items ADD COLUMN parts TEXT NOT NULL DEFAULT ''",
                "ALTER TABLE shopping_items ADD COLUMN note TEXT NOT NULL DEFAULT ''",
            ]),
    ]

    static var latestVersion: Int { all.map(\.version).max() ?? 0 }

    /// Brings the file's schema up to date. A file from a newer version is refused rather
    /// than guessed at.
    ///
    /// Several processes may open a new file at the same moment (two `cookbook`s started
    /// together), so the version read first is only a hint: the migrations run under the write
    /// lock (`BEGIN IMMEDIATE`, which waits for the other process up to the busy timeout), and
    /// the version is read again there. Whoever comes second finds the work done and applies
    /// nothing; every pending step commits together, or none does.
    static func apply(_ migrations: [Migration], on connection: OpaquePointer, path: String) throws(StoreError) {
        let latest = migrations.map(\.version).max() ?? 0
        guard try refuseNewer(migrations, on: connection, path: path) < latest else { return }
        SearchWordsFunction.register(on: connection)
        try execute("BEGIN IMMEDIATE", on: connection, path: path)
        do throws(StoreError) {
            let current = try userVersion(connection, path: path)
            guard current <= latest else { throw StoreError.futureSchema(path: path, found: current, supported: latest) }
            for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
                for statement in migration.statements + ["PRAGMA user_version = \(migration.version)"] {
                    try execute(statement, on: connection, path: path, schemaVersion: current)
                }
            }
            try execute("COMMIT", on: connection, path: path)
        } catch {
            sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// The file's schema version; a version newer than any of `migrations` is refused
    /// (`futureSchema`): a newer Cookbook wrote the file, and this one must neither guess at it
    /// nor change it; so is one below 0, which no Cookbook writes (`unknownSchema`). Reading the
    /// version writes nothing, so it is asked before anything else.
    @discardableResult
    static func refuseNewer(_ migrations: [Migration], on connection: OpaquePointer, path: String) throws(StoreError) -> Int {
        let latest = migrations.map(\.version).max() ?? 0
        let version = try userVersion(connection, path: path)
        guard version <= latest else { throw StoreError.futureSchema(path: path, found: version, supported: latest) }
        guard version >= 0 else { throw StoreError.unknownSchema(path: path, found: version, mismatch: nil) }
        return version
    }

    /// Runs `sql`. With `schemaVersion`, it is a migration's statement: SQLite's plain error there
    /// (“table … already exists”, “no such table”) means the file's tables do not match the version
    /// it records (`unknownSchema`); a lock or a full disk stays what it is.
    private static func execute(_ sql: String, on connection: OpaquePointer, path: String, schemaVersion: Int? = nil) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(connection, sql, nil, nil, &message)
        guard status != SQLITE_OK else { return }
        let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(connection))
        sqlite3_free(message)
        if let schemaVersion, status & 0xFF == SQLITE_ERROR {
            throw StoreError.unknownSchema(path: path, found: schemaVersion, mismatch: text)
        }
        throw StoreError(code: status, message: text, path: path, systemErrno: sqlite3_system_errno(connection))
    }

    private static func userVersion(_ connection: OpaquePointer, path: String) throws(StoreError) -> Int {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(connection, "PRAGMA user_version", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard status == SQLITE_OK, let statement else {
            throw StoreError(
                code: status, message: String(cString: sqlite3_errmsg(connection)), path: path,
                systemErrno: sqlite3_system_errno(connection))
        }
        let step = sqlite3_step(statement)
        guard step == SQLITE_ROW else {
            throw StoreError(
                code: step, message: String(cString: sqlite3_errmsg(connection)), path: path, systemErrno: sqlite3_system_errno(connection))
        }
        return Int(sqlite3_column_int64(statement, 0))
    }
}
