import Core
import Foundation
import TerminalRunner
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The database's files replaced between the checks the store makes: during a transaction,
/// so that the commit itself lands in files no longer at their paths.
@Suite("SQLite files replaced during a write")
struct FilesReplacedTests {
    let directory: TemporaryDirectory
    var path: String { directory.file(LocalStore.fileName).path }

    init() throws { directory = try TemporaryDirectory() }

    func item(_ name: String) -> ShoppingItem { ShoppingItem(id: UUID(), name: name, position: 0) }

    @Test(
        "the WAL files deleted while a commit is made: the commit is written back into the database and acknowledged; the next write is refused"
    )
    func walFilesDeletedDuringACommit() async throws {
        let notices = RunNotices()
        let database = try SQLiteDatabase(path: path, notices: notices)
        let list = SQLiteRepository<ShoppingItem>(database: database)
        try await list.save(item("apple"))

        let path = path
        try await database.inTransaction { database throws(StoreError) in
            try database.execute(
                "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText) VALUES ('\(UUID())', 'bread', '', 0, 0, 1, 'bread')"
            )
            unlink(path + "-wal")
            unlink(path + "-shm")
        }

        let reopened = SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: path, access: .readOnly))
        #expect(try await reopened.findAll().map(\.name).sorted() == ["apple", "bread"], "both commits are in the file at the path")
        await #expect(throws: StoreError.self) { try await list.save(item("pear")) }
        #expect(
            notices.banner
                == "Not saving: the database's files were deleted or replaced while Cookbook ran; quit and start Cookbook again to save")
        let warning = try #require(notices.warnings.first)
        #expect(
            warning.hasPrefix(
                "Cookbook stopped saving to the database \(path): its working files cookbook.sqlite-wal and cookbook.sqlite-shm were deleted while Cookbook had it open; what Cookbook had saved was written back into \(path), so none of it is lost."
            ))
    }

    @Test(
        "another database moved in place while a commit is made: the commit is refused as not saved, kept in a copy, and the other database is untouched"
    )
    func databaseReplacedDuringACommit() async throws {
        let database = try SQLiteDatabase(path: path)
        let list = SQLiteRepository<ShoppingItem>(database: database)
        try await list.save(item("apple"))
        let other = directory.file("other.sqlite").path
        do {
            // Written and closed, as another program would leave it.
            try await SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: other)).save(item("theirs"))
        }

        let path = path
        let committing = try await #require(throws: StoreError.self) {
            try await database.inTransaction { database throws(StoreError) in
                try database.execute("UPDATE shopping_items SET name = 'green apple'")
                rename(other, path)
            }
        }

        guard case .filesReplaced(_, let change, .copy(let copy)) = committing else {
            Issue.record("not a kept copy: \(String(describing: committing))")
            return
        }
        #expect(change == "another file was put in place of \(path)")
        let kept = SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: copy, access: .readOnly))
        #expect(try await kept.findAll().map(\.name) == ["green apple"])
        let atThePath = SQLiteRepository<ShoppingItem>(database: try SQLiteDatabase(path: path, access: .readOnly))
        #expect(try await atThePath.findAll().map(\.name) == ["theirs"], "none of the commits reached the database put in place")
    }
}
