import CSQLite
import Core

/// SQLite's full-text index (FTS5) over a table's stored words (`StoredWords`), so a keyword
/// search of thousands of cached recipes looks words up instead of reading every row.
///
/// It indexes the words `TextFolding` made, not the text: SQLite's `unicode61` tokenizer, told
/// to take every character but white space as part of a word, reads back exactly the words
/// stored (checked for every Unicode scalar), and a keyword's words become prefix queries
/// (`"creme"* AND "b"*`). So it finds what the in-memory search finds; it only finds it faster.
///
/// It is an external-content table kept in step by three triggers on the table. A SQLite
/// without FTS5 cannot run those triggers, so on such a SQLite the triggers are dropped at open
/// and keyword queries read `searchText` instead (`SQLQuery`): the same rows, more slowly. The
/// index has then fallen behind; the next SQLite with FTS5 sees the triggers missing and rebuilds
/// it. Triggers present therefore means the index is in step.
struct FullTextIndex: Hashable, Sendable {
    /// The indexed table, which has `StoredWords.columns`.
    let table: String

    /// The schema version whose tables have the stored words the index reads (`Migration`).
    static let schemaVersion = 5

    /// The web API cache's recipes.
    static let recipes = FullTextIndex(table: "recipes")
    static let all = [recipes]

    /// `unicode61 remove_diacritics 2`, as SQLite ships it, with every category but white space
    /// (`Z*`) a word's: the words it is given are already folded and separated by spaces.
    static let tokenizer = "unicode61 remove_diacritics 2 categories 'L* N* M* P* S* C*'"

    /// Whether this process's SQLite has FTS5 (the system's on Debian, Ubuntu and macOS has).
    static var isAvailable: Bool { sqlite3_compileoption_used("ENABLE_FTS5") != 0 }

    var name: String { "\(table)_search" }

    /// The MATCH expression for a keyword's words: each begins a word of the row, in any column.
    /// (A folded word has no quotation mark to escape: it is letters and digits.)
    func matchExpression(_ words: [String]) -> String {
        words.map { "\"\($0)\"*" }.joined(separator: " AND ")
    }

    private var columns: String { StoredWords.columns.joined(separator: ", ") }
    private var newValues: String { StoredWords.columns.map { "new.\($0)" }.joined(separator: ", ") }
    private var oldValues: String { StoredWords.columns.map { "old.\($0)" }.joined(separator: ", ") }

    private var createTable: String {
        "CREATE VIRTUAL TABLE \(name) USING fts5(\(columns), content='\(table)', content_rowid='rowid', tokenize=\"\(Self.tokenizer)\")"
    }

    private var triggers: [(name: String, sql: String)] {
        let insert = "INSERT INTO \(name)(rowid, \(columns)) VALUES (new.rowid, \(newValues));"
        let remove = "INSERT INTO \(name)(\(name), rowid, \(columns)) VALUES ('delete', old.rowid, \(oldValues));"
        return [
            ("\(name)_insert", "CREATE TRIGGER \(name)_insert AFTER INSERT ON \(table) BEGIN \(insert) END"),
            ("\(name)_delete", "CREATE TRIGGER \(name)_delete AFTER DELETE ON \(table) BEGIN \(remove) END"),
            ("\(name)_update", "CREATE TRIGGER \(name)_update AFTER UPDATE ON \(table) BEGIN \(remove) \(insert) END"),
        ]
    }

    /// Whether the index exists and its triggers keep it in step.
    private func state(on connection: OpaquePointer, path: String) throws(StoreError) -> (exists: Bool, inStep: Bool) {
        let names = Set(
            try SQLiteDatabase.query(
                connection, path: path, "SELECT name FROM sqlite_master WHERE name = ? OR tbl_name = ?", [.text(name), .text(table)]
            ).compactMap { $0.values["name"]?.text })
        let exists = names.contains(name)
        return (exists, exists && triggers.allSatisfy { names.contains($0.name) })
    }

    /// At open, read-write: with FTS5, the index is made (or rebuilt, when its triggers are
    /// missing) and its triggers are in place; without, the triggers go. Returns the indexes
    /// keyword queries may use. Run after the migrations (the index reads their columns).
    static func prepare(on connection: OpaquePointer, path: String, fullTextSearch: Bool) throws(StoreError) -> Set<FullTextIndex> {
        guard fullTextSearch else {
            for index in all {
                for trigger in index.triggers { try SQLiteDatabase.run(connection, path: path, "DROP TRIGGER IF EXISTS \(trigger.name)") }
            }
            return []
        }
        for index in all where try !index.state(on: connection, path: path).inStep {
            // Under the write lock, and looked at again there: another process may be doing the same.
            try SQLiteDatabase.run(connection, path: path, "BEGIN IMMEDIATE")
            do throws(StoreError) {
                let state = try index.state(on: connection, path: path)
                if !state.exists { try SQLiteDatabase.run(connection, path: path, index.createTable) }
                if !state.inStep {
                    for trigger in index.triggers {
                        try SQLiteDatabase.run(connection, path: path, "DROP TRIGGER IF EXISTS \(trigger.name)")
                        try SQLiteDatabase.run(connection, path: path, trigger.sql)
                    }
                    try SQLiteDatabase.run(connection, path: path, "INSERT INTO \(index.name)(\(index.name)) VALUES ('rebuild')")
                }
                try SQLiteDatabase.run(connection, path: path, "COMMIT")
            } catch {
                _ = try? SQLiteDatabase.run(connection, path: path, "ROLLBACK")
                throw error
            }
        }
        return Set(all)
    }

    /// At open, read-only: the indexes that are in step (nothing can be mended without writing).
    static func usable(on connection: OpaquePointer, path: String, fullTextSearch: Bool) throws(StoreError) -> Set<FullTextIndex> {
        guard fullTextSearch else { return [] }
        var usable: Set<FullTextIndex> = []
        for index in all where try index.state(on: connection, path: path).inStep { usable.insert(index) }
        return usable
    }
}
