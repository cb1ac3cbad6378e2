import CSQLite

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

/// Files deleted or replaced under a running program (another program, a person cleaning up,
/// a backup restored with `mv`). The connection keeps writing to the files it opened, which no
/// other program will read: a commit acknowledged then is lost when the program ends, without a
/// word. So before and after every write, before a read outside a transaction, and every second
/// in the app (`watchFiles`), the files at the paths are compared with the ones opened
/// (`DatabaseFiles`). Once they differ, the
/// connection writes nothing more; what it had committed is copied back into the database when
/// nobody else has touched it, else kept beside it as a copy; and the person is told, with a
/// banner on every screen.
extension SQLiteDatabase {
    /// Where what the connection had committed went once its files were replaced.
    enum Rescue: Equatable, Sendable {
        /// Copied into the database at the path: nothing is lost.
        case inDatabase
        /// The database as the connection saw it, written to this file.
        case copy(String)
        /// Neither could be done, for this reason.
        case none(String)

        /// Where it went, in words, for the database at `path`.
        func inWords(path: String) -> String {
            switch self {
            case .inDatabase: "what Cookbook had saved was written back into \(path), so none of it is lost"
            case .copy(let copy):
                "\(path) does not have what this run saved, so the database as Cookbook saw it, changes included, is kept in \(copy)"
            case .none(let reason): "a copy of what this run saved could not be kept (\(reason)), so those changes may be lost"
            }
        }
    }

    /// Stops writing, and rescues what was committed, if the files are no longer the ones opened.
    /// Only between transactions: the rescue reads the whole database.
    func noticeReplacedFiles() {
        guard stopped == nil, let opened, sqlite3_get_autocommit(connection) != 0,
            let change = DatabaseFiles(path: path).change(since: opened)
        else { return }
        stop(because: change)
    }

    /// Looks at the files every `interval` for as long as the connection lives: files replaced
    /// while nothing is written are noticed too, and what was saved is rescued before the program
    /// may be killed.
    nonisolated func watchFiles(every interval: Duration = .seconds(1)) {
        Task.detached { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let database = self else { return }
                await database.noticeReplacedFiles()
            }
        }
    }

    /// After a commit: throws when the commit is not in the database at the path.
    func confirmCommitReachedTheFiles() throws(StoreError) {
        guard stopped == nil, let opened, let change = DatabaseFiles(path: path).change(since: opened) else { return }
        if stop(because: change) != .inDatabase, let stopped { throw stopped }
    }

    @discardableResult
    private func stop(because change: DatabaseFiles.Change) -> Rescue {
        // From now on, closing must not copy this connection's WAL into a database, nor delete the
        // file at the WAL's path: both may be another program's.
        _ = cookbook_sqlite3_no_checkpoint_on_close(connection)
        let rescue = rescue(after: change)
        let error = StoreError.filesReplaced(path: path, change: change.inWords, rescue: rescue)
        stopped = error
        let description = error.inWords
        notices.warn("\(description.prefix(1).uppercased())\(description.dropFirst()). \(error.recoverySuggestion ?? "")")
        notices.banner = "Not saving: \(error.summary); quit and start Cookbook again to save"
        return rescue
    }

    private func rescue(after change: DatabaseFiles.Change) -> Rescue {
        // Only WAL files went, and no other program has opened the database since (it would have
        // made new ones): the WAL this connection holds is the only one, and its commits can go
        // into the database file, which is still the one at the path.
        if change.databaseIsTheOneOpened, change.walFilesAreOnlyTheOnesOpened,
            let result = try? Self.query(connection, path: path, "PRAGMA wal_checkpoint(TRUNCATE)", []).first,
            result.optionalInteger("busy") == 0
        {
            return .inDatabase
        }
        let copy = DatabaseFiles.unusedPath(beside: path, label: "kept", now: Date())
        do {
            _ = try Self.query(connection, path: path, "VACUUM INTO ?", [.text(copy)])
        } catch {
            return .none(error.inWords)
        }
        if !change.databaseIsTheOneOpened { removeWALFilesLeftAtThePaths(by: change.opened) }
        return .copy(copy)
    }

    /// Another database is at the path now, and this connection's WAL files still beside it: the
    /// next program to open it would read this connection's commits into a database they do not
    /// belong to. They are in the copy just made, so they go; only if they are still the files
    /// this connection opened.
    private func removeWALFilesLeftAtThePaths(by opened: DatabaseFiles) {
        for (suffix, identity) in [("-wal", opened.wal), ("-shm", opened.sharedMemory)] {
            guard let identity, DatabaseFiles.identity(of: path + suffix) == identity else { continue }
            unlink(path + suffix)
        }
    }
}
