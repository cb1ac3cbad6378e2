import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Faults in the data the app keeps, through the real `cookbook`: it starts, says what
/// happened and where, keeps what it can, and goes on working.
@Suite("faults in the app's data")
struct FaultsEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// Adds "milk" to the shopping list and checks it was added.
    static let addMilk = """
        tab "Shopping list"
        type milk
        expect "Added “milk”."
        expect "[1] [ ] milk"
        quit
        """

    /// A run whose changes were not saved: the banner on every screen, status 4, and the count.
    func expectNotSaved(_ run: ProductProcess.Result, banner: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 4, "stderr: \(run.errorOutput)", sourceLocation: sourceLocation)
        // Every screen printed starts with the banner, then the tab bar.
        let screens = run.output.components(separatedBy: "Tabs: ").count - 1
        let withBanner = run.output.components(separatedBy: "! \(banner)\nTabs: ").count - 1
        #expect(screens > 0 && withBanner == screens, "every screen shows “\(banner)”: \(run.output)", sourceLocation: sourceLocation)
        #expect(
            run.errorOutput.hasSuffix("cookbook: 1 change made in this run was not saved.\n"), "\(run.errorOutput)",
            sourceLocation: sourceLocation)
    }

    /// A run whose changes stayed in memory, and says why.
    func expectInMemory(_ run: ProductProcess.Result, because cause: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectNotSaved(
            run, banner: "Not saving: \(cause); changes are kept in memory only and lost at quit", sourceLocation: sourceLocation)
        #expect(run.errorOutput.contains("kept in memory only"), "\(run.errorOutput)", sourceLocation: sourceLocation)
    }

    // MARK: - A damaged database

    enum Damage: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case garbage, notADatabase, truncated

        var testDescription: String { rawValue }

        /// What stderr must say happened.
        var said: String { "is damaged (" }
    }

    /// A data directory whose database holds what a person added: 150 shopping items.
    func directoryWithData() async throws -> String {
        let directory = temporaryDataDirectory()
        let lines =
            ["tab \"Shopping list\""] + (1...150).map { "type \"item \($0) to buy for the week\"" } + ["expect \"item 150\"", "quit"]
        let setup = try await cookbook.run(["--data-dir", directory], input: lines.joined(separator: "\n"))
        #expect(setup.status == 0, "stderr: \(setup.errorOutput)")
        // Everything into the main file, as after a clean close; the WAL goes away.
        let database = SQLiteInspector(path: directory + "/cookbook.sqlite")
        #expect(database.execute("PRAGMA wal_checkpoint(TRUNCATE)"))
        #expect(database.shoppingItemNames().count == 150)
        return directory
    }

    @Test("a damaged database is moved aside and kept; the app says so, where, and runs on a fresh one", arguments: Damage.allCases)
    func damagedDatabase(_ damage: Damage) async throws {
        let directory: String
        let path: String
        switch damage {
        case .garbage:
            directory = temporaryDataDirectory()
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/cookbook.sqlite"
            try Data((0..<8192).map { UInt8(($0 * 7919 + 13) % 251) }).write(to: URL(fileURLWithPath: path))
        case .notADatabase:
            directory = temporaryDataDirectory()
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/cookbook.sqlite"
            try Data("My shopping list: milk, eggs, flour.\n".utf8).write(to: URL(fileURLWithPath: path))
        case .truncated:
            directory = try await directoryWithData()
            path = directory + "/cookbook.sqlite"
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(whole.count >= 8 * 4096, "the database should span several pages (\(whole.count) bytes)")
            try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)

        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.errorOutput.hasPrefix("cookbook: Cookbook found the database \(path) "), "\(run.errorOutput)")
        #expect(run.errorOutput.contains(damage.said), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("(kept, not deleted) and a new, empty database was started."), "\(run.errorOutput)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix("cookbook.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(kept.count == 1)
        let keptPath = directory + "/" + (kept.first ?? "")
        #expect(run.errorOutput.contains("It was moved to \(keptPath) "), "stderr names where the file went: \(run.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptPath)) == original, "the damaged file is kept as it was")

        // The fresh database holds what this run added, and the next run starts quietly on it.
        #expect(SQLiteInspector(path: path).shoppingItemNames() == ["milk"])
        #expect(SQLiteInspector(path: path).integrityCheck() == "ok")
        let next = try await cookbook.run(["--data-dir", directory], input: "tab \"Shopping list\"\nexpect \"[1] [ ] milk\"\nquit\n")
        #expect(next.status == 0, "stderr: \(next.errorOutput)")
        #expect(next.errorOutput.isEmpty, "\(next.errorOutput)")
    }

    @Test("a database from a newer Cookbook: exit 3, saying so and what to do; the file is left as it was, nothing beside it")
    func newerDatabase() async throws {
        let directory = try await directoryWithData()
        let path = directory + "/cookbook.sqlite"
        // The version this Cookbook writes, whatever migration is the latest.
        let known = SQLiteInspector(path: path).query("PRAGMA user_version").first ?? "?"
        #expect(SQLiteInspector(path: path).execute("PRAGMA user_version = 99"))
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)

        #expect(run.status == 3, "stderr: \(run.errorOutput)")
        #expect(
            run.errorOutput
                == "cookbook: The database \(path) was written by a newer Cookbook (schema 99; this version knows up to \(known)); Cookbook did not open it, so nothing in it has changed. Update Cookbook, or start with --data-dir DIR to use another folder.\n"
        )
        #expect(run.output.isEmpty, "nothing starts")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "the file is kept as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before, "nothing moved, nothing added")
        #expect(SQLiteInspector(path: path).shoppingItemNames().count == 150)
    }

    @Test("a row that cannot be read: the rest of the list is shown, the row is said once and stays in the file")
    func unreadableRow() async throws {
        let directory = temporaryDataDirectory()
        let path = directory + "/cookbook.sqlite"
        #expect(try await cookbook.run(["--data-dir", directory], input: Self.addMilk).status == 0)
        #expect(
            SQLiteInspector(path: path).execute(
                "INSERT INTO shopping_items (id, name, amount, isChecked, recipeID, position, searchText, searchTitle) VALUES ('not-a-uuid', 'broken', '', 0, 0, 9, 'broken', '')"
            ))

        let run = try await cookbook.run(
            ["--data-dir", directory],
            input: """
                tab "Shopping list"
                expect "[1] [ ] milk"
                expect-not "broken"
                tab Feed
                tab "Shopping list"
                type eggs
                expect "[2] [ ] eggs"
                quit
                """)

        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(
            run.errorOutput
                == "cookbook: A stored shopping-list item in \(path) cannot be read (row 2 of “shopping_items”: a stored row has no valid “id”), so it is not shown; it stays in the file, untouched. Rows like it are skipped too.\n",
            "said once, and no “new file started”")
        #expect(
            SQLiteInspector(path: path).shoppingItemNames() == ["milk", "broken", "eggs"],
            "the row is kept, and a new item goes after every stored row, that one too")
    }

    // MARK: - A locked database at start

    @Test(
        "a fresh database locked by another program when the app starts: no hang, the app says so, the file is untouched",
        arguments: [
            "PRAGMA journal_mode = DELETE", "PRAGMA journal_mode = WAL",
        ])
    func lockedAtStart(journalMode: String) async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/cookbook.sqlite"
        // Another program has just created the file and holds its write lock: the app's
        // migrations (which must write) cannot run.
        let lock = try #require(SQLiteInspector.WriteLock(on: path, setup: journalMode))
        defer { lock.release() }

        // The lock is held until the app has ended: an app that waited for it would never end,
        // and its run would fail at its deadline.
        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)

        expectInMemory(run, because: "the database is locked by another program")
        #expect(run.errorOutput.contains("The database \(path) is locked by another program."), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("Close the other program using this file"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("kept in memory only"), "\(run.errorOutput)")
        #expect(!run.errorOutput.contains("damaged"), "a lock is not damage: \(run.errorOutput)")
        lock.release()

        // Nothing was moved or lost; once the lock is gone the app sets the file up as usual.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("damaged") }.isEmpty)
        let next = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)
        #expect(next.status == 0, "stderr: \(next.errorOutput)")
        #expect(next.errorOutput.isEmpty, "\(next.errorOutput)")
        #expect(SQLiteInspector(path: path).shoppingItemNames() == ["milk"])
    }

    // MARK: - The data directory

    @Test("a missing data directory is created, with its parents")
    func missingDirectory() async throws {
        let directory = temporaryDataDirectory() + "/several/levels/down"
        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.errorOutput.isEmpty, "\(run.errorOutput)")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames() == ["milk"])
    }

    @Test("a data directory that is a file: the app names it, says what to do, and keeps changes in memory")
    func directoryIsAFile() async throws {
        let file = temporaryDataDirectory()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let run = try await cookbook.run(["--data-dir", file], input: Self.addMilk)
        expectInMemory(run, because: "the data directory is a file, not a directory")
        #expect(
            run.errorOutput.contains("The data directory \(file) is a file, not a directory. Fix it, or start with --data-dir DIR"),
            "\(run.errorOutput)")
        #expect(run.errorOutput.contains("kept in memory only"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("not a folder".utf8), "the file is left alone")
    }

    /// The cookbook as a user whom file permissions stop: the test's own user, or `nobody`
    /// through setpriv when the tests run as root (permissions do not stop root).
    static func unprivilegedCookbook() async throws -> ProductProcess {
        guard geteuid() == 0 else { return ProductProcess(name: "cookbook") }
        guard let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            let reason = "the tests run as root, whom chmod does not stop, and setpriv (util-linux) is not there to run cookbook as nobody"
            print("Skipped: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        let cookbook = ProductProcess(name: "cookbook", launcher: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        let probe = try await cookbook.run(["--version"])
        guard probe.status == 0 else {
            let reason =
                "the tests run as root, whom chmod does not stop, and nobody cannot run the built cookbook (\(probe.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines)))"
            print("Skipped: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        return cookbook
    }

    /// A data directory the unprivileged cookbook can write, for a setup run as that user.
    static func directoryOfTheUnprivileged() async throws -> String {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if geteuid() == 0 { #expect(chown(directory, 65534, 65534) == 0) }
        return directory
    }

    static let addBreadReadOnly = """
        tab "Shopping list"
        expect "[1] [ ] milk"
        type bread
        expect "Couldn't add “bread”: the database"
        expect "cannot be written. Check the permissions of the data directory, or start with --data-dir DIR."
        expect "[2] <Add “bread” again> · not saved yet"
        expect-not "[ ] bread"
        quit
        """

    @Test("a read-only data directory (chmod 555) holding a database: the data is shown, changes are refused, nothing in it changes")
    func readOnlyDirectory() async throws {
        let cookbook = try await Self.unprivilegedCookbook()
        let directory = try await Self.directoryOfTheUnprivileged()
        // A database from an earlier run, then the folder made read-only.
        let setup = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)
        #expect(setup.status == 0, "stderr: \(setup.errorOutput)")
        #expect(chmod(directory + "/logs/events.jsonl", 0o444) == 0)
        #expect(chmod(directory, 0o555) == 0)
        defer { _ = chmod(directory, 0o755) }
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()

        let run = try await cookbook.run(["--data-dir", directory], input: Self.addBreadReadOnly)

        expectNotSaved(run, banner: "Not saving: the data directory is read-only; the saved data is shown, but changes cannot be saved")
        #expect(run.errorOutput.contains("The data directory \(directory) is read-only"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("Make it writable (chmod u+w \(directory)), or start with --data-dir DIR"), "\(run.errorOutput)")
        #expect(
            run.errorOutput.contains(
                "Cookbook shows what \(directory)/cookbook.sqlite holds, but changes made in this run cannot be saved."),
            "\(run.errorOutput)")
        #expect(run.errorOutput.contains("cannot write the event log \(directory)/logs/events.jsonl"), "\(run.errorOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before, "nothing was created, moved or deleted")
        #expect(SQLiteInspector(path: directory + "/cookbook.sqlite").shoppingItemNames() == ["milk"], "the stored list is untouched")
    }

    @Test("a read-only data directory with nothing in it: changes are kept in memory, with the banner; nothing is created")
    func readOnlyEmptyDirectory() async throws {
        let cookbook = try await Self.unprivilegedCookbook()
        let directory = try await Self.directoryOfTheUnprivileged()
        #expect(chmod(directory, 0o555) == 0)
        defer { _ = chmod(directory, 0o755) }
        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)
        expectInMemory(run, because: "the data directory is read-only")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test(
        "a read-only database file (chmod 444): the data is shown, nothing is left beside it, and once writable again it takes changes"
    )
    func readOnlyDatabaseFile() async throws {
        let cookbook = try await Self.unprivilegedCookbook()
        let directory = try await Self.directoryOfTheUnprivileged()
        let path = directory + "/cookbook.sqlite"
        let setup = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)
        #expect(setup.status == 0, "stderr: \(setup.errorOutput)")
        #expect(chmod(path, 0o444) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()

        let run = try await cookbook.run(["--data-dir", directory], input: Self.addBreadReadOnly)

        expectNotSaved(run, banner: "Not saving: the database file is read-only; the saved data is shown, but changes cannot be saved")
        #expect(
            run.errorOutput.hasPrefix(
                "cookbook: The database \(path) is read-only. Make it writable (chmod u+w \(path)), or start with --data-dir DIR to use another folder."
            ), "\(run.errorOutput)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before,
            "no -shm or -wal left behind (they would be read-only, and block the next writer)")

        #expect(chmod(path, 0o644) == 0)
        let fixed = try await cookbook.run(
            ["--data-dir", directory], input: "tab \"Shopping list\"\ntype bread\nexpect \"Added “bread”.\"\nquit\n")
        #expect(fixed.status == 0, "stderr: \(fixed.errorOutput)")
        #expect(fixed.errorOutput.isEmpty, "\(fixed.errorOutput)")
        #expect(SQLiteInspector(path: path).shoppingItemNames() == ["milk", "bread"])
    }

    @Test("the database path is a folder: the app names the path, says what to do, and keeps changes in memory")
    func databaseIsAFolder() async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/cookbook.sqlite", withIntermediateDirectories: true)
        let run = try await cookbook.run(["--data-dir", directory], input: Self.addMilk)
        expectInMemory(run, because: "the database cannot be opened")
        #expect(run.errorOutput.contains("The database \(directory)/cookbook.sqlite cannot be opened"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("or start with --data-dir DIR"), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("kept in memory only"), "\(run.errorOutput)")
    }

    @Test("writes that fail: the event log and an export name the path and what to do; the app carries on")
    func failingWrites() async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Files where the app wants folders: every write below them fails, whoever runs it.
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/logs"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/exports"))

        let run = try await cookbook.run(
            ["--data-dir", directory],
            input: """
                tab Search
                type "curry rice"
                select "Curry Rice"
                select Export
                expect "Couldn't export “Curry Rice”: could not write \(directory)/exports/curry-rice-1.md: \(directory)/exports is a file, not a folder."
                expect "Check that the data directory is writable, or start with --data-dir DIR."
                expect "## Ingredients"
                back
                expect "Curry Rice"
                quit
                """)

        #expect(run.status == 0, "stdout: \(run.output)\nstderr: \(run.errorOutput)")
        #expect(
            run.errorOutput.contains(
                "cookbook: cannot write the event log \(directory)/logs/events.jsonl: \(directory)/logs is a file, not a folder."),
            "\(run.errorOutput)")
        #expect(run.errorOutput.contains("Events are not recorded for this run."))
        #expect(run.errorOutput.components(separatedBy: "cannot write the event log").count == 2, "said once, not per event")
    }

    // MARK: - Bad input

    @Test("a malformed --dataset file: exit 3, naming the file, the line and the column")
    func malformedDataset() async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let dataset = directory + "/recipes.json"
        try Data("[\n  {\"id\": 1,\n   \"title\": \"Soup\" ]\n]\n".utf8).write(to: URL(fileURLWithPath: dataset))

        let run = try await cookbook.run(["--data-dir", directory, "--dataset", dataset], input: "quit\n")

        #expect(run.status == 3)
        #expect(
            run.errorOutput.contains(
                "The recipe dataset \(dataset) cannot be used: it is not valid JSON at line 3, column 20 (\(dataset):3:20): unexpected “]”."
            ), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("Fix the file so that it is a JSON array of recipes."))
        #expect(run.output.isEmpty, "nothing starts")
    }

    @Test("a dataset with a duplicate id and a negative time: exit 3, saying which recipes and what to fix")
    func invalidDataset() async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let recipe = """
            {"id": ID, "title": "TITLE", "summary": "", "author": {"id": "a", "name": "A"}, "category": "soup",
             "cookingMinutes": MINUTES, "calories": 100, "servings": 2, "isVegetarian": true, "popularity": 1,
             "publishedOn": "2025-01-01", "ingredients": [], "steps": []}
            """
        func make(_ id: Int, _ title: String, minutes: Int) -> String {
            recipe.replacingOccurrences(of: "ID", with: "\(id)").replacingOccurrences(of: "TITLE", with: title)
                .replacingOccurrences(of: "MINUTES", with: "\(minutes)")
        }
        let dataset = directory + "/recipes.json"
        try Data("[\(make(1, "Soup", minutes: 10)), \(make(1, "Stew", minutes: -5))]".utf8).write(to: URL(fileURLWithPath: dataset))

        let run = try await cookbook.run(["--data-dir", directory, "--dataset", dataset], input: "quit\n")

        #expect(run.status == 3)
        #expect(
            run.errorOutput
                == "cookbook: The recipe dataset \(dataset) cannot be used: 2 values are not valid: the id 1 is used by 2 recipes: [0] (“Soup”), [1] (“Stew”); [1] (“Stew”) has cookingMinutes -5: it must be 0 or more. Fix these values in the file: every recipe needs an id of its own (0 or more), a title of at most 200 characters, and no time, amount or count below zero.\n"
        )
        #expect(run.output.isEmpty, "nothing starts")
    }
}
