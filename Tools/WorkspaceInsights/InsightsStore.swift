import CSQLite
import DataFormats
import Foundation

/// The build records of one workspace, in a SQLite file under its build folder
/// (`.build/insights/insights.sqlite`, never committed). Each record is kept whole as JSON beside
/// the columns a query filters on, so a field added to `BuildRecord` needs no change here.
///
/// Every call opens its own connection and closes it: builds of several commands at once (two
/// terminals, `watch` beside `test`) each append without holding anything between builds. The file
/// is in WAL mode and every statement waits up to `busyTimeout` for another writer, so concurrent
/// builds both keep their record.
public struct InsightsStore: Sendable {
    public let url: URL

    /// How long a statement waits for another process's lock before giving up (`Failure.locked`):
    /// far longer than any append takes, far shorter than a build.
    let busyTimeoutMilliseconds: Int32
    /// The schema this version writes (`PRAGMA user_version`).
    static let schemaVersion = 1

    public init(at url: URL) {
        self.init(at: url, busyTimeoutMilliseconds: 3_000)
    }

    init(at url: URL, busyTimeoutMilliseconds: Int32) {
        self.url = url
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    }

    /// `<package>/.build/insights/insights.sqlite`, or `DIR/insights/insights.sqlite` with
    /// `--scratch-path DIR` (relative to the package): under the build folder, which git ignores.
    public static func defaultLocation(packageRoot: String, scratchPath: String? = nil) -> URL {
        let root = URL(fileURLWithPath: packageRoot)
        let scratch = scratchPath ?? ".build"
        let build = scratch.hasPrefix("/") ? URL(fileURLWithPath: scratch) : root.appendingPathComponent(scratch)
        return build.standardizedFileURL.appendingPathComponent("insights").appendingPathComponent("insights.sqlite")
    }

    /// Why the file could not be used. `locked` and `damaged` are what `setAside()` is for.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// Another process held the file's lock for longer than the busy timeout.
        case locked(path: String)
        /// The file is not a SQLite database, or SQLite found it corrupt.
        case damaged(path: String, detail: String)
        /// Anything else: a folder that cannot be created, a full disk, a file written by a newer version.
        case other(path: String, detail: String)

        public var description: String {
            switch self {
            case .locked(let path): "\(path) is locked by another process"
            case .damaged(let path, let detail): "\(path) is damaged (\(detail))"
            case .other(let path, let detail): "\(path): \(detail)"
            }
        }

        /// What to do about it, for a command that reads the records.
        public var whatToDo: String {
            switch self {
            case .locked:
                "Another build is writing its record there: run the report again once it has finished."
            case .damaged(let path, _):
                "Its records cannot be read, so the report cannot show them. Move it aside (mv \(ShellWord.quoted(path)) \(ShellWord.quoted(path + ".damaged"))) or delete it: the workspace tool records the next build in a new file (a damaged file of its own it also sets aside by itself when it next records)."
            case .other:
                "Check that the path is an insights file the workspace tool wrote (.build/insights/insights.sqlite), readable by you."
            }
        }
    }

    // MARK: Reading and writing

    /// Adds one record. Creates the file (and its folder) the first time.
    public func append(_ record: BuildRecord) throws {
        let json: Data
        do {
            json = try Self.encoder.encode(record)
        } catch {
            throw Failure.other(path: url.path, detail: "the record cannot be encoded: \(error)")
        }
        let connection = try open(creating: true)
        defer { connection.close() }
        try connection.run(
            "INSERT INTO builds (started_at, loop, command, target, wall_seconds, exit_status, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .real(record.startedAt.timeIntervalSince1970), .text(record.loop.rawValue), .text(record.command),
                record.target.map(SQLiteConnection.Value.text) ?? .null, .real(record.wallSeconds), .integer(Int64(record.exitStatus)),
                .text(String(decoding: json, as: UTF8.self)),
            ])
    }

    /// The records started at or after `since` (all of them when nil), oldest first. No file yet
    /// means no records. A row this version cannot decode is skipped.
    public func records(since: Date?) throws -> [BuildRecord] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let connection = try open(creating: false)
        defer { connection.close() }
        let rows = try connection.rows(
            "SELECT record FROM builds WHERE started_at >= ? ORDER BY started_at, id",
            [.real(since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude)])
        return rows.compactMap { text in try? Self.decoder.decode(BuildRecord.self, from: Data(text.utf8)) }
    }

    /// Moves the file (with its `-wal` and `-shm`) aside to `insights.sqlite.set-aside-<time>`, so
    /// the next append starts a new one; returns where it went. The old records stay readable there.
    @discardableResult
    public func setAside(now: Date = Date()) throws -> URL {
        let stamp = Int(now.timeIntervalSince1970)
        var destination = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).set-aside-\(stamp)")
        var suffix = 1
        while FileManager.default.fileExists(atPath: destination.path) {
            destination = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).set-aside-\(stamp)-\(suffix)")
            suffix += 1
        }
        do {
            try FileManager.default.moveItem(at: url, to: destination)
        } catch {
            throw Failure.other(path: url.path, detail: "cannot move it aside: \(error.localizedDescription)")
        }
        for companion in ["-wal", "-shm"] {
            try? FileManager.default.moveItem(atPath: url.path + companion, toPath: destination.path + companion)
        }
        return destination
    }

    // MARK: Connection

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    static let decoder = JSONDecoder()

    /// Opens the file, in WAL mode with the schema in place.
    func open(creating: Bool) throws -> SQLiteConnection {
        let path = url.path
        if creating {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw Failure.other(path: path, detail: "cannot create its folder: \(error.localizedDescription)")
            }
        }
        var handle: OpaquePointer?
        let flags = creating ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE
        let status = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw SQLiteConnection.failure(status, message, path: path)
        }
        let connection = SQLiteConnection(handle: handle, path: path)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        do {
            try connection.switchToWAL(waitingUpTo: .milliseconds(Int(busyTimeoutMilliseconds)))
            // No sync: an append then takes about 1 ms, not 10 to 50 (each connection's close
            // checkpoints the WAL into the file, which syncs it). A record lost to a crash of the
            // machine costs little, and a file such a crash damaged is set aside like any other.
            try connection.run("PRAGMA synchronous = OFF")
            let version = try connection.rows("PRAGMA user_version").first.flatMap { Int($0) } ?? 0
            if version > Self.schemaVersion {
                throw Failure.other(path: path, detail: "written by a newer workspace tool (schema \(version)); update this one")
            }
            if version < Self.schemaVersion {
                try connection.run("BEGIN IMMEDIATE")
                try connection.run(
                    """
                    CREATE TABLE IF NOT EXISTS builds (
                        id INTEGER PRIMARY KEY, started_at REAL NOT NULL, loop TEXT NOT NULL, command TEXT NOT NULL,
                        target TEXT, wall_seconds REAL NOT NULL, exit_status INTEGER NOT NULL, record TEXT NOT NULL)
                    """)
                try connection.run("CREATE INDEX IF NOT EXISTS builds_by_start ON builds (started_at)")
                try connection.run("PRAGMA user_version = \(Self.schemaVersion)")
                try connection.run("COMMIT")
            }
        } catch {
            sqlite3_close(handle)
            throw error
        }
        return connection
    }
}
