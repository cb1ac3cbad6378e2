import CSQLite
import Foundation

/// Reads the app's database directly, as a second program would.
struct SQLiteInspector {
    let path: String

    /// `PRAGMA integrity_check`'s first line ("ok" for a sound file).
    func integrityCheck() -> String? {
        query("PRAGMA integrity_check").first
    }

    func shoppingItemNames() -> [String] {
        query("SELECT name FROM shopping_items ORDER BY position")
    }

    /// The first column of every row, as text.
    func query(_ sql: String) -> [String] {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let connection else { return [] }
        defer { sqlite3_close(connection) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return [] }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            // By length, not up to the first NUL: what is stored, whole.
            let text = sqlite3_column_text(statement, 0).map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(statement, 0))), as: UTF8.self)
            }
            rows.append(text ?? "")
        }
        return rows
    }

    /// Runs statements on the file as another program would (creating it if needed); false if they fail.
    @discardableResult
    func execute(_ sql: String) -> Bool {
        var connection: OpaquePointer?
        defer { sqlite3_close(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else { return false }
        return sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK
    }

    /// Holds the database's write lock, as another program would, until released.
    /// Used by one thread at a time (the test's, or one it hands the lock to).
    final class WriteLock: @unchecked Sendable {
        private var connection: OpaquePointer?

        /// `setup` runs first (e.g. `PRAGMA journal_mode = WAL`); the file is created if needed.
        init?(on path: String, setup: String? = nil) {
            guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
                setup.map({ sqlite3_exec(connection, $0, nil, nil, nil) == SQLITE_OK }) ?? true,
                sqlite3_exec(connection, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK
            else {
                sqlite3_close(connection)
                return nil
            }
        }

        func release() {
            guard let connection else { return }
            sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
            sqlite3_close(connection)
            self.connection = nil
        }

        deinit { release() }
    }
}
