import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What went wrong with the local database, in words a user can act on.
enum StoreError: LocalizedError, Equatable {
    /// The file is damaged or is not a database.
    case corrupt(path: String, detail: String)
    /// Another process holds the lock and did not let go in time.
    case locked(path: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The file was written by a newer version of Cookbook.
    case futureSchema(path: String, found: Int, supported: Int)
    /// The file's schema version is one no Cookbook writes (below 0), or its tables do not match
    /// the version it records (`mismatch`: what the migration that failed said).
    case unknownSchema(path: String, found: Int, mismatch: String?)
    /// The disk is full.
    case full(path: String)
    /// The file cannot be opened at all (missing folder, permissions).
    case cannotOpen(path: String, detail: String)
    /// Something other than a regular file is at the database's path: `reason` says what.
    case notAFile(path: String, reason: String)
    /// Something other than a regular file where SQLite keeps a file beside the database (its
    /// WAL, the WAL's index, a rollback journal): `reason` says what.
    case companionNotAFile(path: String, companion: String, reason: String)
    /// The files the connection opened are no longer the ones at their paths (`change` says how):
    /// it writes nothing more, and `rescue` says where what it had saved went.
    case filesReplaced(path: String, change: String, rescue: SQLiteDatabase.Rescue)
    /// A stored row does not have the shape this version expects; `detail` says how, when known.
    case malformedRow(column: String, detail: String? = nil)
    case other(path: String, detail: String)

    /// SQLite's result `code` and `message`; `systemErrno` is the system's error under it
    /// (`sqlite3_system_errno`): a full disk often comes as "disk I/O error" with ENOSPC below.
    init(code: Int32, message: String, path: String, systemErrno: Int32 = 0) {
        if systemErrno == ENOSPC || systemErrno == EDQUOT {
            self = .full(path: path)
            return
        }
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB: self = .corrupt(path: path, detail: message)
        case SQLITE_BUSY, SQLITE_LOCKED: self = .locked(path: path)
        case SQLITE_READONLY, SQLITE_PERM: self = .readOnly(path: path)
        case SQLITE_FULL: self = .full(path: path)
        case SQLITE_CANTOPEN: self = .cannotOpen(path: path, detail: message)
        default: self = .other(path: path, detail: message)
        }
    }

    /// Whether the app must not start on the file: it was not written by this Cookbook's
    /// migrations, so it is neither guessed at, changed nor moved.
    var isRefusal: Bool {
        switch self {
        case .futureSchema, .unknownSchema: true
        default: false
        }
    }

    /// Whether moving the file aside and starting afresh is the right recovery.
    var isDamage: Bool {
        switch self {
        case .corrupt: true
        // A newer version's file is not damaged: it is refused and left as it is.
        default: false
        }
    }

    var errorDescription: String? {
        switch self {
        case .corrupt(let path, let detail): "the database \(path) is damaged (\(detail))"
        case .locked(let path): "the database \(path) is locked by another program"
        case .readOnly(let path): "the database \(path) cannot be written"
        case .futureSchema(let path, let found, let supported):
            "the database \(path) was written by a newer Cookbook (schema \(found); this version knows up to \(supported)); Cookbook did not open it, so nothing in it has changed"
        case .unknownSchema(let path, let found, let mismatch?):
            "the database \(path) records schema version \(found), but its tables do not match that version (\(mismatch)); Cookbook did not change it"
        case .unknownSchema(let path, let found, nil):
            "the database \(path) has schema version \(found), which no Cookbook writes (they count from 0 up to \(Migration.latestVersion)); Cookbook did not open it, so nothing in it has changed"
        case .full(let path): "the disk holding \(path) is full"
        case .cannotOpen(let path, let detail): "the database \(path) cannot be opened (\(detail))"
        case .notAFile(let path, let reason): "the database \(path) cannot be opened (\(reason))"
        case .companionNotAFile(let path, let companion, let reason):
            "the database \(path) cannot be opened: \(companion), a file SQLite keeps beside it, cannot be used (\(reason))"
        case .filesReplaced(let path, let change, let rescue):
            "Cookbook stopped saving to the database \(path): \(change) while Cookbook had it open; \(rescue.inWords(path: path))"
        case .malformedRow(let column, let detail): "a stored row has no valid “\(column)”\(detail.map { " (\($0))" } ?? "")"
        case .other(let path, let detail): "the database \(path) failed: \(detail)"
        }
    }

    /// The problem in a few words, for the banner ("the database is locked by another program").
    var summary: String {
        switch self {
        case .corrupt: "the database is damaged"
        case .locked: "the database is locked by another program"
        case .readOnly: "the database cannot be written"
        case .futureSchema: "the database is from a newer Cookbook"
        case .unknownSchema: "the database's schema is not one Cookbook knows"
        case .full: "the disk is full"
        case .cannotOpen, .notAFile, .companionNotAFile: "the database cannot be opened"
        case .malformedRow: "a stored row cannot be read"
        case .filesReplaced: "the database's files were deleted or replaced while Cookbook ran"
        case .other: "the database failed"
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .corrupt: "Cookbook keeps the damaged file and starts a new one; nothing else is needed."
        case .malformedRow: "Cookbook skips the row and leaves it in the file."
        case .locked: "Close the other program using this file (another cookbook?), then try again."
        case .readOnly: "Check the permissions of the data directory, or start with --data-dir DIR."
        case .futureSchema: "Update Cookbook, or start with --data-dir DIR to use another folder."
        case .unknownSchema:
            "If it is not a Cookbook database, or you do not need what it holds, move it out of the way (Cookbook then starts a new one); or start with --data-dir DIR to use another folder."
        case .full: "Free some disk space, then try again."
        case .cannotOpen: "Check that the data directory exists and is writable, or start with --data-dir DIR."
        case .filesReplaced(let path, _, .copy(let copy)):
            "Quit Cookbook and start it again to go on saving; to go on from the kept copy instead, quit Cookbook and move \(copy) to \(path) first."
        case .filesReplaced: "Quit Cookbook and start it again to go on saving."
        case .companionNotAFile(_, let companion, _):
            "Move \(companion) out of the way (SQLite makes its own), or start with --data-dir DIR to use another folder."
        case .notAFile: "Move it out of the way (Cookbook then starts a new database), or start with --data-dir DIR."
        case .other: "Try again; if it keeps failing, start with --data-dir DIR."
        }
    }
}
