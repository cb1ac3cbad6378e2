import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The database's files deleted or replaced under a running `cookbook` by another program: the
/// app notices that the files at the paths are no longer the ones it opened, writes nothing
/// more, says so, and loses nothing it acknowledged, even when it is killed afterwards.
@Suite("the database's files replaced while the app runs")
struct FilesReplacedEndToEndTests {
    /// What another program does to the data directory `directory` while the app runs.
    enum Replacement: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// `rm cookbook.sqlite-wal cookbook.sqlite-shm`
        case walFilesDeleted
        /// `rm cookbook.sqlite-wal`
        case walDeleted
        /// `rm cookbook.sqlite-shm`
        case sharedMemoryDeleted
        /// `mv other.sqlite cookbook.sqlite`: another database put in its place.
        case databaseReplaced
        /// `rm cookbook.sqlite`
        case databaseDeleted

        var testDescription: String { rawValue }

        /// Whether the acknowledged items stay in the database at the path (else in a kept copy).
        var keepsTheDatabase: Bool { [.walFilesDeleted, .walDeleted, .sharedMemoryDeleted].contains(self) }

        func apply(to directory: String) async throws {
            let database = directory + "/cookbook.sqlite"
            switch self {
            case .walFilesDeleted:
                try FileManager.default.removeItem(atPath: database + "-wal")
                try FileManager.default.removeItem(atPath: database + "-shm")
            case .walDeleted: try FileManager.default.removeItem(atPath: database + "-wal")
            case .sharedMemoryDeleted: try FileManager.default.removeItem(atPath: database + "-shm")
            case .databaseReplaced:
                let other = directory + "/other.sqlite"
                #expect(SQLiteInspector(path: other).execute("CREATE TABLE other (x); INSERT INTO other VALUES ('theirs')"))
                #expect(rename(other, database) == 0)
            case .databaseDeleted: try FileManager.default.removeItem(atPath: database)
            }
        }
    }

    /// The items the app acknowledged in `output`, of `names`.
    func acknowledged(_ names: [String], in output: String) -> [String] {
        names.filter { output.contains("Added “\($0)”.") }
    }

    /// The items stored in the database at `path`, and the copies kept beside it.
    func stored(in directory: String) async throws -> (database: [String], kept: [String]) {
        let copies = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("cookbook.sqlite.kept-") }
        let kept = copies.flatMap { SQLiteInspector(path: directory + "/" + $0).shoppingItemNames() }
        return (SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames(), kept)
    }

    @Test(
        "files replaced, then an item added, then SIGKILL: the app stopped saving, said so, and every acknowledged item is kept",
        arguments: Replacement.allCases)
    func replacedThenKilled(_ replacement: Replacement) async throws {
        let directory = temporaryDataDirectory()
        let app = try LiveProcess("cookbook", arguments: ["--data-dir", directory])
        app.send("tab \"Shopping list\"")
        for name in ["apple", "bread"] { app.send("type \(name)") }
        #expect(await app.waitFor("Added “bread”."), "\(app.text)")

        try await replacement.apply(to: directory)
        app.send("type pear")
        let said = await app.waitFor("Cookbook stopped saving to the database")
        app.send("tab Feed")
        _ = await app.waitFor("Not saving: the database's files were deleted or replaced")
        await app.kill(SIGKILL)
        let output = await app.finalOutput()

        #expect(said, "the screen says the app stopped saving: \(output)")
        #expect(output.contains("! Not saving: the database's files were deleted or replaced while Cookbook ran"))
        #expect(!output.contains("Added “pear”."), "nothing is acknowledged once the files are not the ones opened")
        let saved = acknowledged(["apple", "bread"], in: output)
        #expect(saved == ["apple", "bread"])
        let (database, kept) = try await stored(in: directory)
        if replacement.keepsTheDatabase {
            #expect(database == saved, "written back into the database, which is whole")
            #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").integrityCheck() == "ok")
        } else {
            #expect(kept == saved, "kept beside the database that took its place")
        }
        if replacement == .databaseReplaced {
            let theirs = SQLiteInspector(path: directory + "/cookbook.sqlite").query("SELECT x FROM other")
            #expect(theirs == ["theirs"], "the database put in its place is left as it is, and none of the app's commits reach it")
        }
    }

    @Test(
        "files replaced while nothing is written, then SIGKILL: noticed within a second, and nothing acknowledged is lost",
        arguments: [Replacement.walFilesDeleted, .databaseDeleted])
    func replacedWhileIdle(_ replacement: Replacement) async throws {
        let directory = temporaryDataDirectory()
        let app = try LiveProcess("cookbook", arguments: ["--data-dir", directory])
        app.send("tab \"Shopping list\"")
        app.send("type apple")
        #expect(await app.waitFor("Added “apple”."), "\(app.text)")

        try await replacement.apply(to: directory)
        try await Task.sleep(for: .seconds(1.5))
        await app.kill(SIGKILL)

        let (database, kept) = try await stored(in: directory)
        #expect((replacement.keepsTheDatabase ? database : kept) == ["apple"])
    }

    @Test("WAL files deleted and the database opened by another program since: what each saved is kept, neither written over")
    func anotherProgramCameBetween() async throws {
        let directory = temporaryDataDirectory()
        let app = try LiveProcess("cookbook", arguments: ["--data-dir", directory])
        app.send("tab \"Shopping list\"")
        app.send("type apple")
        #expect(await app.waitFor("Added “apple”."), "\(app.text)")

        // The app is frozen while the files go and the other program comes, so that it cannot look
        // at its files (it does every second) before the other program has opened them.
        app.signal(SIGSTOP)
        try await Replacement.walFilesDeleted.apply(to: directory)
        let other = try await ProductProcess(name: "cookbook").run(
            ["--data-dir", directory], input: "tab \"Shopping list\"\ntype kiwi\nexpect \"Added “kiwi”.\"\nquit\n")
        app.signal(SIGCONT)
        app.send("type pear")
        let said = await app.waitFor("Cookbook stopped saving to the database")
        app.send("quit")
        let status = await app.finish()

        #expect(other.status == 0, "the other program: \(other.errorOutput)")
        #expect(said, "\(app.text)")
        #expect(status == 4, "the entry that was not saved makes the run fail")
        let (database, kept) = try await stored(in: directory)
        #expect(database.contains("kiwi"), "the other program's item is where it saved it: \(database)")
        #expect(kept == ["apple"], "this one's is kept beside it")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").integrityCheck() == "ok")
    }
}
