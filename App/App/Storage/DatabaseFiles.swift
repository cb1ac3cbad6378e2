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

/// Which files a database's paths name: the database and, in WAL mode, its `-wal` (the commits
/// not yet copied into the database) and `-shm` (the index every connection shares). A
/// connection keeps the files it opened, whatever happens to the paths: when another program
/// deletes or replaces them, its commits go to files nobody else will read, and SQLite cannot
/// tell. Comparing the files at the paths with the ones opened (device and inode) can.
struct DatabaseFiles: Equatable, Sendable {
    /// One file, whatever its name: its device and inode.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    let path: String
    let database: Identity?
    let wal: Identity?
    let sharedMemory: Identity?

    /// The files the paths name now.
    init(path: String) {
        self.path = path
        database = Self.identity(of: path)
        wal = Self.identity(of: path + "-wal")
        sharedMemory = Self.identity(of: path + "-shm")
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// How the files at the paths differ from `opened`, the ones the connection has; nil when
    /// every path still names the file opened.
    func change(since opened: DatabaseFiles) -> Change? {
        guard self != opened else { return nil }
        return Change(opened: opened, now: self)
    }

    /// Files no longer the ones a connection opened.
    struct Change: Equatable, Sendable {
        let opened: DatabaseFiles
        let now: DatabaseFiles

        /// The database at the path is still the one opened: only its WAL files changed.
        var databaseIsTheOneOpened: Bool { now.database != nil && now.database == opened.database }

        /// No other program has made WAL files at the paths since (opening the database makes
        /// them): each is gone or still the one opened, so the commits in the WAL the connection
        /// holds can be copied into the database without meeting anyone else's.
        var walFilesAreOnlyTheOnesOpened: Bool {
            (now.wal == nil || now.wal == opened.wal) && (now.sharedMemory == nil || now.sharedMemory == opened.sharedMemory)
        }

        /// What happened, in words: “the database file was deleted or moved away”.
        var inWords: String {
            let name = opened.path.split(separator: "/").last.map(String.init) ?? opened.path
            if now.database == nil { return "\(opened.path) was deleted or moved away" }
            if !databaseIsTheOneOpened { return "another file was put in place of \(opened.path)" }
            let changed = [("-wal", opened.wal, now.wal), ("-shm", opened.sharedMemory, now.sharedMemory)].filter { $0.1 != $0.2 }
            let names = changed.map { "\(name)\($0.0)" }.joined(separator: " and ")
            let isAre = changed.count == 1 ? "was" : "were"
            return changed.allSatisfy({ $0.2 == nil })
                ? "its working \(changed.count == 1 ? "file" : "files") \(names) \(isAre) deleted"
                : "its working \(changed.count == 1 ? "file" : "files") \(names) \(isAre) replaced by other files"
        }
    }

    /// A path beside `path` that names nothing yet: `<path>.<label>-<time>`, then `-2`, `-3`…
    /// within the same second. For files kept, never written over.
    static func unusedPath(beside path: String, label: String, now: Date) -> String {
        let stamp = now.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)).replacing(":", with: "")
        var candidate = "\(path).\(label)-\(stamp)"
        var number = 1
        while FileManager.default.fileExists(atPath: candidate) {
            number += 1
            candidate = "\(path).\(label)-\(stamp)-\(number)"
        }
        return candidate
    }
}
