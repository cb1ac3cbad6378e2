import Core
import DataFormats
import TerminalRunner

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The app's stores: SQLite in the data directory, or memory when that cannot be used.
/// Opening fails only for a database whose schema this Cookbook does not know (from a newer
/// Cookbook, or no Cookbook's: `RefusedDatabaseError`): the app must not start on it. Every other problem becomes a warning that says what happened, which
/// file, and what to do, and the app carries on. When changes cannot be saved, `banner` says
/// so on every screen and the stores of the person's data count each change that is lost.
struct LocalStore {
    var favorites: any Repository<FavoriteRecipe>
    var shoppingList: any Repository<ShoppingItem>
    var recentSearches: any Repository<RecentSearch>
    var kitchenPreferences: any Repository<KitchenPreference>
    /// Where the web API cache lives: see `recipeCache(forServerAt:)`.
    var recipeCaches: RecipeCaches
    /// Nil when the stores are in memory.
    var database: SQLiteDatabase?
    /// What the user must be told, in plain words, one entry a problem.
    var warnings: [String]
    /// Set while changes are not being saved, for the top of every screen.
    var banner: String?

    static let fileName = "cookbook.sqlite"

    /// The web API cache: in the database, or in memory for the run (when the stores are, or the
    /// database cannot be written).
    enum RecipeCaches {
        case database(SQLiteDatabase, RunNotices)
        case memory(InMemoryRepository<CachedRecipe>)
    }

    /// The web API cache of the server at `address`: a part of the cache of its own, so one
    /// server's saved copies are never shown as another's (`CachedRecipe.server(of:)`).
    func recipeCache(forServerAt address: URL) -> any Repository<CachedRecipe> {
        switch recipeCaches {
        case .database(let database, let notices):
            SQLiteRepository<CachedRecipe>(database: database, notices: notices, partition: CachedRecipe.server(of: address))
        case .memory(let cache): cache
        }
    }

    static func open(in directory: URL, notices: RunNotices = RunNotices()) throws(RefusedDatabaseError) -> LocalStore {
        let file = directory.appendingPathComponent(fileName)
        do {
            try prepare(directory)
        } catch {
            let problem = "\(error.inWords) \(error.recoverySuggestion ?? "")"
            // A folder that cannot be written may still hold the person's data: show it.
            if error.isReadOnly, FileManager.default.fileExists(atPath: file.path) {
                return try readOnly(at: file, because: error.summary, problem: problem, notices: notices)
            }
            return inMemory(because: error.summary, warning: "\(problem) \(inMemoryConsequence)", notices: notices)
        }
        if FileManager.default.fileExists(atPath: file.path), !FileManager.default.isWritableFile(atPath: file.path) {
            return try readOnly(
                at: file, because: "the database file is read-only",
                problem:
                    "The database \(file.path) is read-only. Make it writable (chmod u+w \(ShellWord.quoted(file.path))), or start with --data-dir DIR to use another folder.",
                notices: notices)
        }
        do {
            return try durable(at: file, notices: notices)
        } catch let error where error.isRefusal {
            throw RefusedDatabaseError(error)
        } catch let error where error.isDamage {
            do {
                let kept = try moveAside(file)
                var store = try durable(at: file, notices: notices)
                store.warnings.append(
                    "Cookbook found \(error.inWords). It was moved to \(kept.path) (kept, not deleted) and a new, empty database was started."
                )
                return store
            } catch let second {
                return inMemory(
                    because: error.summary,
                    warning:
                        "Cookbook found \(error.inWords) and could not set it aside: \(second.inWords). \(inMemoryConsequence)",
                    notices: notices
                )
            }
        } catch {
            let description = error.inWords
            return inMemory(
                because: error.summary,
                warning:
                    "\(description.prefix(1).uppercased())\(description.dropFirst()). \(error.recoverySuggestion ?? "") \(inMemoryConsequence)",
                notices: notices
            )
        }
    }

    /// The saved data, read-only, for a run whose database (or its folder) cannot be written:
    /// it is shown, and every change is refused (and counted as not saved). The recipe cache
    /// lives in memory for the run. If even reading fails, the stores are in memory.
    private static func readOnly(at file: URL, because cause: String, problem: String, notices: RunNotices) throws(RefusedDatabaseError)
        -> LocalStore
    {
        do {
            var store = onDisk(try SQLiteDatabase(path: file.path, access: .readOnly, notices: notices), notices: notices)
            store.recipeCaches = .memory(InMemoryRepository<CachedRecipe>())
            store.warnings = ["\(problem) Cookbook shows what \(file.path) holds, but changes made in this run cannot be saved."]
            store.banner = "Not saving: \(cause); the saved data is shown, but changes cannot be saved"
            return store
        } catch let error where error.isRefusal {
            throw RefusedDatabaseError(error)
        } catch {
            return inMemory(
                because: cause,
                warning: "\(problem) The database cannot be read either (\(error.inWords)). \(inMemoryConsequence)",
                notices: notices)
        }
    }

    private static let inMemoryConsequence = "Changes made in this run are kept in memory only and will be lost when Cookbook quits."

    private static func durable(at file: URL, notices: RunNotices) throws(StoreError) -> LocalStore {
        let database = try SQLiteDatabase(path: file.path, notices: notices)
        database.watchFiles()
        return onDisk(database, notices: notices)
    }

    private static func onDisk(_ database: SQLiteDatabase, notices: RunNotices) -> LocalStore {
        LocalStore(
            favorites: counting(SQLiteRepository<FavoriteRecipe>(database: database, notices: notices), isMemoryOnly: false, notices),
            shoppingList: counting(SQLiteRepository<ShoppingItem>(database: database, notices: notices), isMemoryOnly: false, notices),
            recentSearches: SQLiteRepository<RecentSearch>(database: database, notices: notices),
            kitchenPreferences: counting(
                SQLiteRepository<KitchenPreference>(database: database, notices: notices), isMemoryOnly: false, notices),
            recipeCaches: .database(database, notices),
            database: database,
            warnings: []
        )
    }

    /// Stores in memory, for a run whose data directory cannot be used (`cause`, in a few words).
    static func inMemory(because cause: String, warning: String, notices: RunNotices = RunNotices()) -> LocalStore {
        LocalStore(
            favorites: counting(InMemoryRepository<FavoriteRecipe>(), isMemoryOnly: true, notices),
            shoppingList: counting(InMemoryRepository<ShoppingItem>(), isMemoryOnly: true, notices),
            // History the app keeps and a cache: not changes the person made, so losing them
            // does not fail a run (the search screen says when a search cannot be remembered).
            recentSearches: InMemoryRepository<RecentSearch>(),
            kitchenPreferences: counting(InMemoryRepository<KitchenPreference>(), isMemoryOnly: true, notices),
            recipeCaches: .memory(InMemoryRepository<CachedRecipe>()),
            database: nil,
            warnings: [warning],
            banner: "Not saving: \(cause); changes are kept in memory only and lost at quit"
        )
    }

    private static func counting<Entity: NamedEntity>(
        _ base: any Repository<Entity>, isMemoryOnly: Bool, _ notices: RunNotices
    )
        -> any Repository<Entity> where Entity.ID: Sendable
    {
        UnsavedChangeCounting(base: base, isMemoryOnly: isMemoryOnly, notices: notices)
    }

    /// Makes sure the data directory exists, is a directory and can be written.
    private static func prepare(_ directory: URL) throws(DataDirectoryError) {
        // The attributes of what a link points to: a data directory may be a symbolic link.
        if let attributes = try? FileManager.default.attributesOfItem(atPath: directory.resolvingSymlinksInPath().path) {
            guard attributes[.type] as? FileAttributeType == .typeDirectory else {
                throw DataDirectoryError(path: directory.path, problem: "is a file, not a directory")
            }
            guard FileManager.default.isWritableFile(atPath: directory.path) else {
                throw DataDirectoryError(
                    path: directory.path, problem: "is read-only: Cookbook cannot create or change files in it",
                    recovery:
                        "Make it writable (chmod u+w \(ShellWord.quoted(directory.path))), or start with --data-dir DIR to use another folder.",
                    isReadOnly: true
                )
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DataDirectoryError(path: directory.path, problem: "cannot be created (\(error.inWords))")
        }
    }

    /// Renames a damaged database (and its WAL files) to `<name>.damaged-<time>`; never deletes it.
    private static func moveAside(_ file: URL) throws -> URL {
        // Never over an older damaged file: that one is kept too.
        let kept = URL(fileURLWithPath: DatabaseFiles.unusedPath(beside: file.path, label: "damaged", now: Date()))
        try FileManager.default.moveItem(at: file, to: kept)
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: file.path + suffix)
            if FileManager.default.fileExists(atPath: companion.path) {
                try FileManager.default.moveItem(at: companion, to: URL(fileURLWithPath: kept.path + suffix))
            }
        }
        return kept
    }
}

/// The data directory cannot hold the database.
struct DataDirectoryError: LocalizedError {
    let path: String
    let problem: String
    var recovery = "Fix it, or start with --data-dir DIR to use another folder."
    /// It exists but cannot be written: what it holds can still be read.
    var isReadOnly = false
    /// The problem in a few words, for the banner ("the data directory is read-only").
    var summary: String { "the data directory " + (problem.components(separatedBy: ":").first ?? problem) }

    var errorDescription: String? { "The data directory \(path) \(problem)." }
    var recoverySuggestion: String? { recovery }
}

/// A database whose schema this Cookbook does not know: written by a newer Cookbook, or by no
/// Cookbook (a version below 0, tables that do not match their version). Refused, not guessed at
/// and not moved: the app does not start (exit 3) and the file stays as it is (for the newer
/// version to open, or a person to look at).
struct RefusedDatabaseError: LocalizedError, Equatable {
    let store: StoreError

    init(_ store: StoreError) {
        self.store = store
    }

    var errorDescription: String? {
        let words = store.inWords
        return "\(words.prefix(1).uppercased())\(words.dropFirst())."
    }

    var recoverySuggestion: String? { store.recoverySuggestion }
}
