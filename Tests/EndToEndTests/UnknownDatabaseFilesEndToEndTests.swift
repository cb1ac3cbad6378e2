import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Database files Cookbook did not make: a schema version no Cookbook writes, tables that do not
/// match their version, and something other than a file where SQLite keeps its WAL. Each is said
/// in words, not as SQLite's “disk I/O error” or a migration's “table already exists. Try again”.
@Suite("database files Cookbook did not make")
struct UnknownDatabaseFilesEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")
    static let addMilk = "tab \"Shopping list\"\ntype milk\nquit\n"

    /// A data directory whose database holds “bread”, then `statement` run on it.
    func directory(after statement: String) async throws -> (directory: String, path: String) {
        let directory = temporaryDataDirectory()
        let path = directory + "/cookbook.sqlite"
        #expect(try await cookbook.run(["--data-dir", directory], input: "tab \"Shopping list\"\ntype bread\nquit\n").status == 0)
        #expect(SQLiteInspector(path: path).execute(statement))
        return (directory, path)
    }

    @Test(
        "a schema version below 0, or one its tables do not match: exit 3 in words, the file unchanged",
        arguments: [
            ("PRAGMA user_version = -1", "has schema version -1, which no Cookbook writes"),
            ("PRAGMA user_version = -2147483648", "has schema version -2147483648, which no Cookbook writes"),
            (
                "PRAGMA user_version = 0",
                "records schema version 0, but its tables do not match that version (table shopping_items already exists)"
            ),
            (
                "PRAGMA user_version = 2",
                "records schema version 2, but its tables do not match that version (duplicate column name: savedAt)"
            ),
        ])
    func unknownSchema(statement: String, words: String) async throws {
        let (directory, path) = try await directory(after: statement)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)

        #expect(run.status == 3, "stderr: \(run.errorOutput)")
        #expect(run.errorOutput.contains("cookbook: The database \(path) \(words)"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("move it out of the way (Cookbook then starts a new one)"), "\(run.errorOutput)")
        #expect(!run.errorOutput.contains("Try again"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "nothing in it has changed")
        #expect(SQLiteInspector(path: path).shoppingItemNames() == ["bread"])
    }

    @Test(
        "a named pipe where SQLite keeps its WAL or its index: said in words, changes kept in memory, no hang", arguments: ["-wal", "-shm"])
    func pipeBesideTheDatabase(suffix: String) async throws {
        let directory = temporaryDataDirectory()
        let path = directory + "/cookbook.sqlite"
        #expect(try await cookbook.run(["--data-dir", directory], input: "tab \"Shopping list\"\ntype bread\nquit\n").status == 0)
        unlink(path + suffix)
        #expect(mkfifo(path + suffix, 0o644) == 0)

        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk, timeout: .seconds(20))

        #expect(run.status == 4, "stderr: \(run.errorOutput)")
        #expect(
            run.errorOutput.contains(
                "cannot be opened: \(path)\(suffix), a file SQLite keeps beside it, cannot be used (it is a named pipe (FIFO), not a regular file)"
            ),
            "\(run.errorOutput)")
        #expect(run.errorOutput.contains("Move \(path)\(suffix) out of the way"), "\(run.errorOutput)")
        #expect(!run.errorOutput.contains("disk I/O error"))
        #expect(run.output.contains("! Not saving: the database cannot be opened"))
    }
}
