import CSQLite
import Foundation

/// One open SQLite connection of the insights store: statements with bound values, and the
/// store's failures told apart (locked, damaged, anything else). Closed by `close()`.
package struct SQLiteConnection {
    let handle: OpaquePointer
    let path: String

    enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)

        /// Binds the value to the statement's parameter `position` (1-based).
        func bind(to statement: OpaquePointer, at position: Int32) {
            switch self {
            case .null: sqlite3_bind_null(statement, position)
            case .integer(let number): sqlite3_bind_int64(statement, position, number)
            case .real(let number): sqlite3_bind_double(statement, position, number)
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, sqliteTransient)
            }
        }
    }

    func close() {
        sqlite3_close(handle)
    }

    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ bindings: [Value] = []) throws {
        _ = try rows(sql, bindings)
    }

    /// Runs a statement and returns its first column as text, row by row.
    func rows(_ sql: String, _ bindings: [Value] = []) throws -> [String] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
        defer { sqlite3_finalize(statement) }
        for (index, value) in bindings.enumerated() { value.bind(to: statement, at: Int32(index + 1)) }
        var rows: [String] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return rows }
            guard step == SQLITE_ROW else { throw failure(step) }
            if sqlite3_column_count(statement) > 0, let text = sqlite3_column_text(statement, 0) {
                rows.append(String(cString: text))
            }
        }
    }

    /// Switching a file to WAL needs an exclusive lock and SQLite does not wait for it (its busy
    /// handler is not called there): while another process sets up the same file, the switch
    /// fails at once with "locked". So it is tried again, for as long as a statement would wait.
    func switchToWAL(waitingUpTo limit: Duration) throws {
        let deadline = ContinuousClock.now + limit
        while true {
            do {
                let mode = try rows("PRAGMA journal_mode = WAL").first?.lowercased()
                guard mode == "wal" else {
                    let detail = "it cannot be switched to WAL mode (it stays \(mode ?? "unknown"))"
                    throw InsightsStore.Failure.other(path: path, detail: detail)
                }
                return
            } catch InsightsStore.Failure.locked(let path) {
                guard ContinuousClock.now < deadline else { throw InsightsStore.Failure.locked(path: path) }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    func failure(_ code: Int32) -> InsightsStore.Failure {
        Self.failure(code, String(cString: sqlite3_errmsg(handle)), path: path)
    }

    static func failure(_ code: Int32, _ message: String, path: String) -> InsightsStore.Failure {
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED: .locked(path: path)
        case SQLITE_CORRUPT, SQLITE_NOTADB: .damaged(path: path, detail: message)
        default: .other(path: path, detail: message)
        }
    }
}

/// SQLite's SQLITE_TRANSIENT ("copy the bound text now"): the C macro is not imported.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
