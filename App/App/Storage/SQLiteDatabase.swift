import CSQLite
import DataFormats
import TerminalRunner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value stored in or read from SQLite.
enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    var text: String? { if case .text(let value) = self { value } else { nil } }
}

/// One row of a result, by column name.
struct SQLRow: Sendable {
    let values: [String: SQLValue]

    func integer(_ column: String) throws(StoreError) -> Int64 {
        guard let value = values[column]?.integer else { throw StoreError.malformedRow(column: column) }
        return value
    }

    func text(_ column: String) throws(StoreError) -> String {
        guard let value = values[column]?.text else { throw StoreError.malformedRow(column: column) }
        return value
    }

    func optionalInteger(_ column: String) -> Int64? { values[column]?.integer }
}

/// One connection to a SQLite file, used by one actor at a time: every statement and
/// transaction runs serialized on this actor. Opened in WAL mode with a bounded busy timeout,
/// so another process holding the lock makes writes wait a little, then fail clearly.
actor SQLiteDatabase {
    let path: String
    /// Used only from this actor, and closed by `deinit` once nothing else can use it.
    nonisolated(unsafe) let connection: OpaquePointer
    /// Where a problem found while running is told (files replaced under the connection).
    let notices: RunNotices
    /// The files the connection opened, for a writer: compared with the files at the paths
    /// before and after every write (`SQLiteDatabase+FilesReplaced.swift`).
    private(set) var opened: DatabaseFiles?
    /// Why this connection writes no more, once its files were replaced under it.
    var stopped: StoreError?
    /// How a statement waits for another program's lock (SQLite's busy handler's state).
    private let lockWait: LockWait

    /// How long a statement waits for another process's lock before failing.
    static let busyTimeoutMilliseconds: Int32 = 2_000

    enum Access: Sendable {
        case readWrite
        /// Reads what the file holds and creates nothing beside it (no `-wal`, no `-shm`);
        /// every write fails with `readOnly`. For a file or a folder that cannot be written.
        case readOnly
    }

    let access: Access
    /// The full-text indexes keyword queries use on this connection (`FullTextIndex`).
    let fullTextIndexes: Set<FullTextIndex>

    /// `index` when this connection may search with it; nil for none, or one out of step.
    nonisolated func usableIndex(_ index: FullTextIndex?) -> FullTextIndex? {
        index.flatMap { fullTextIndexes.contains($0) ? $0 : nil }
    }
    /// Tables with a row this version cannot read, said once a run.
    private var tablesWithUnreadableRows: Set<String> = []

    /// True the first time a table's unreadable row is met in this run.
    func isFirstUnreadableRow(in table: String) -> Bool {
        tablesWithUnreadableRows.insert(table).inserted
    }

    /// Opens the database at `path`: read-write (creating it if needed, its schema brought up
    /// to date) or read-only (its schema must be current: updating it needs to write).
    ///
    /// `fullTextSearch`: whether keyword queries may use SQLite's full-text index (`FullTextIndex`);
    /// false only to try a SQLite without FTS5.
    init(
        path: String, access: Access = .readWrite, migrations: [Migration] = Migration.all, notices: RunNotices = RunNotices(),
        fullTextSearch: Bool = FullTextIndex.isAvailable
    ) throws(StoreError) {
        // A named pipe or a device is refused before SQLite opens it: reading a pipe with no
        // writer would wait for ever. So is one in place of a file SQLite keeps beside it (its
        // WAL, the index of it, a rollback journal): SQLite would only say “disk I/O error”.
        do {
            _ = try FileReplacement.regularFile(at: path)
        } catch {
            throw StoreError.notAFile(path: path, reason: error.reason)
        }
        for companion in ["-wal", "-shm", "-journal"].map({ path + $0 }) {
            do {
                _ = try FileReplacement.regularFile(at: companion)
            } catch {
                throw StoreError.companionNotAFile(path: path, companion: companion, reason: error.reason)
            }
        }
        var handle: OpaquePointer?
        let status: Int32
        switch access {
        case .readWrite:
            Self.makeCompanionsWritable(of: path)
            status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        case .readOnly:
            status = sqlite3_open_v2(Self.readOnlyURI(path), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX, nil)
        }
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let systemErrno = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close(handle)
            throw StoreError(code: status, message: message, path: path, systemErrno: systemErrno)
        }
        self.path = path
        self.access = access
        self.notices = notices
        connection = handle
        lockWait = LockWait(timeout: .milliseconds(Int(Self.busyTimeoutMilliseconds)), notices: notices)
        sqlite3_busy_handler(handle, LockWait.handler, Unmanaged.passUnretained(lockWait).toOpaque())
        do throws(StoreError) {
            // A file from a newer Cookbook is refused before anything here writes to it.
            let version = try Migration.refuseNewer(migrations, on: handle, path: path)
            let latest = migrations.map(\.version).max() ?? 0
            // The full-text index reads the stored words of the latest schema.
            let indexed = fullTextSearch && latest >= FullTextIndex.schemaVersion
            switch access {
            case .readWrite:
                // WAL lets readers and a writer work together; FULL sync makes every
                // acknowledged commit survive a crash of the process or the machine.
                try Self.switchToWAL(handle, path: path)
                try Self.run(handle, path: path, "PRAGMA synchronous = FULL")
                try Self.run(handle, path: path, "PRAGMA foreign_keys = ON")
                try Migration.apply(migrations, on: handle, path: path)
                fullTextIndexes = try FullTextIndex.prepare(on: handle, path: path, fullTextSearch: indexed)
            case .readOnly:
                guard version == latest else { throw StoreError.readOnly(path: path) }
                fullTextIndexes = try FullTextIndex.usable(on: handle, path: path, fullTextSearch: indexed)
            }
            // A damaged page may only show when read: check the whole file once at start.
            let check = try Self.query(handle, path: path, "PRAGMA quick_check", [])
            let verdict = check.first?.values.values.first?.text ?? "no answer"
            guard verdict == "ok" else { throw StoreError.corrupt(path: path, detail: verdict) }
        } catch {
            sqlite3_close(handle)
            throw error
        }
        // The WAL files exist once the check above has read: the connection holds them from now on.
        if access == .readWrite { opened = DatabaseFiles(path: path) }
    }

    /// How to read a file without writing beside it. With no WAL content to read, as
    /// `immutable`: SQLite then needs no `-shm` (in a writable folder it would otherwise create
    /// one, as read-only as the file, which later blocks every writer). A WAL holding commits
    /// not yet in the file (after a crash) must be read: `mode=ro` uses the `-shm` there is.
    private static func readOnlyURI(_ path: String) -> String {
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        var components = URLComponents()
        components.scheme = "file"
        components.path = path
        components.queryItems = [walSize > 0 ? URLQueryItem(name: "mode", value: "ro") : URLQueryItem(name: "immutable", value: "1")]
        return components.string ?? "file:\(path)?mode=ro"
    }

    /// A `-shm` or `-wal` left read-only (SQLite gives them the database file's permissions, so
    /// a read of a read-only file by an older Cookbook or the sqlite3 shell leaves them so)
    /// makes every later writer fail once the file is writable again. They are the owner's own
    /// working files: give the owner write permission back before opening.
    private static func makeCompanionsWritable(of path: String) {
        for companion in [path + "-shm", path + "-wal"] {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: companion),
                let permissions = attributes[.posixPermissions] as? UInt,
                permissions & 0o200 == 0,
                attributes[.ownerAccountID] as? UInt == UInt(geteuid())
            else { continue }
            try? FileManager.default.setAttributes([.posixPermissions: permissions | 0o200], ofItemAtPath: companion)
        }
    }

    deinit {
        sqlite3_close(connection)
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String, _ bindings: [SQLValue] = []) throws(StoreError) {
        _ = try query(sql, bindings)
    }

    func query(_ sql: String, _ bindings: [SQLValue] = []) throws(StoreError) -> [SQLRow] {
        noticeReplacedFiles()
        return try Self.query(connection, path: path, sql, bindings)
    }

    /// Runs one statement once per set of bindings, in one transaction: every row is
    /// written, or none.
    func executeInTransaction(_ sql: String, _ batches: [[SQLValue]]) throws(StoreError) {
        try inTransaction { database throws(StoreError) in
            for bindings in batches { try database.execute(sql, bindings) }
        }
    }

    /// Runs `body` in one write transaction, all kept or nothing. It holds the write lock from
    /// the start, so what `body` reads no other connection can change before its writes.
    ///
    /// A connection whose files were replaced under it writes nothing more (`stopped`); a commit
    /// that went to files no longer at their paths is rescued where it can be, and otherwise
    /// reported as not saved (`SQLiteDatabase+FilesReplaced.swift`).
    func inTransaction<Result: Sendable>(_ body: @Sendable (isolated SQLiteDatabase) throws(StoreError) -> Result) throws(StoreError)
        -> Result
    {
        noticeReplacedFiles()
        if let stopped { throw stopped }
        try Self.run(connection, path: path, "BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try body(self)
            try Self.run(connection, path: path, "COMMIT")
        } catch {
            _ = try? Self.run(connection, path: path, "ROLLBACK")
            throw error
        }
        try confirmCommitReachedTheFiles()
        return result
    }

    /// `PRAGMA integrity_check`'s answer: "ok" for a sound file.
    func integrityCheck() throws(StoreError) -> String {
        try query("PRAGMA integrity_check").first?.values.values.first?.text ?? "no answer"
    }

    // MARK: - Statements

    /// Switching a file to WAL needs an exclusive lock, and SQLite does not wait for one here
    /// (its busy handler is not called, to avoid a deadlock): when another process is setting
    /// up the same file at that moment, the switch fails with "locked" at once. So it is
    /// tried again for as long as any other statement would wait for a lock.
    private static func switchToWAL(_ connection: OpaquePointer, path: String) throws(StoreError) {
        let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeoutMilliseconds))
        while true {
            do throws(StoreError) {
                let mode = try query(connection, path: path, "PRAGMA journal_mode = WAL", []).first?.values.values.first?.text
                guard mode?.lowercased() == "wal" else {
                    throw StoreError.other(
                        path: path, detail: "the file cannot be switched to WAL mode (it stays in \(mode ?? "an unknown") mode)")
                }
                return
            } catch {
                guard case .locked = error, ContinuousClock.now < deadline else { throw error }
                usleep(10_000)
            }
        }
    }

    static func run(_ connection: OpaquePointer, path: String, _ sql: String) throws(StoreError) {
        _ = try query(connection, path: path, sql, [])
    }

    static func query(_ connection: OpaquePointer, path: String, _ sql: String, _ bindings: [SQLValue]) throws(StoreError)
        -> [SQLRow]
    {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            throw StoreError(
                code: prepared, message: String(cString: sqlite3_errmsg(connection)), path: path,
                systemErrno: sqlite3_system_errno(connection))
        }
        defer { sqlite3_finalize(statement) }
        for (index, value) in bindings.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, position)
            case .integer(let number): sqlite3_bind_int64(statement, position, number)
            case .real(let number): sqlite3_bind_double(statement, position, number)
            case .text(let text): bindText(text, to: statement, at: position)
            }
        }
        var rows: [SQLRow] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw StoreError(
                    code: step, message: String(cString: sqlite3_errmsg(connection)), path: path,
                    systemErrno: sqlite3_system_errno(connection))
            }
            var values: [String: SQLValue] = [:]
            for column in 0..<sqlite3_column_count(statement) {
                let name = String(cString: sqlite3_column_name(statement, column))
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: values[name] = .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: values[name] = .real(sqlite3_column_double(statement, column))
                case SQLITE_TEXT: values[name] = .text(columnText(statement, column))
                default: values[name] = .null
                }
            }
            rows.append(SQLRow(values: values))
        }
        return rows
    }

    /// Binds text with its length in bytes, so that text holding a NUL is stored whole
    /// (with a length of -1, SQLite would stop at the first NUL).
    private static func bindText(_ text: String, to statement: OpaquePointer, at position: Int32) {
        var text = text
        text.withUTF8 { bytes in
            // An empty buffer may have no address, and a null pointer would bind NULL, not "".
            guard let start = bytes.baseAddress else {
                _ = sqlite3_bind_text64(statement, position, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
                return
            }
            _ = start.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                sqlite3_bind_text64(statement, position, characters, UInt64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
            }
        }
    }

    /// A text column read by its length in bytes: whole even when it holds a NUL; bytes that are
    /// not UTF-8 become U+FFFD.
    private static func columnText(_ statement: OpaquePointer, _ column: Int32) -> String {
        guard let start = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
}

/// How a statement waits for another program's lock, as SQLite's busy handler: up to `timeout`,
/// polling every 2 ms, and no longer once the run is told to stop (`RunNotices.isStopping`): the
/// statement then fails as locked, and its transaction rolls back, so a program sent SIGTERM
/// while a save waits says it was not saved instead of waiting on.
final class LockWait: @unchecked Sendable {
    let timeout: Duration
    let notices: RunNotices
    /// When the current wait began: written only by the connection's thread, while it waits.
    private var started = ContinuousClock.now

    init(timeout: Duration, notices: RunNotices) {
        self.timeout = timeout
        self.notices = notices
    }

    /// SQLite calls it with `count` tries so far; 1 tries again, 0 gives up.
    static let handler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
        guard let context else { return 0 }
        let wait = Unmanaged<LockWait>.fromOpaque(context).takeUnretainedValue()
        if count == 0 { wait.started = .now }
        guard !wait.notices.isStopping, ContinuousClock.now - wait.started < wait.timeout else { return 0 }
        usleep(2_000)
        return 1
    }
}

/// SQLite's SQLITE_TRANSIENT: "copy the bound text now". The C macro is not imported.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
