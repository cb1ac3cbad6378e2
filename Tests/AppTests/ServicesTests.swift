import Core
import CoreTesting
import Foundation
import TerminalRunner
import Testing

@testable import App

@Suite("Data directory")
struct DataDirectoryTests {
    @Test func anOverrideWins() {
        let directory = DataDirectory.resolve(
            override: "/tmp/somewhere/../cookbook-data",
            environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/cook"]
        )

        #expect(directory.url.path == "/tmp/cookbook-data")
        #expect(directory.logFile.path == "/tmp/cookbook-data/logs/events.jsonl")
        #expect(directory.exports.path == "/tmp/cookbook-data/exports")
    }

    #if os(Linux)
        @Test func xdgDataHomeIsUsedOnLinux() {
            let directory = DataDirectory.resolve(override: nil, environment: ["XDG_DATA_HOME": "/xdg/data", "HOME": "/home/cook"])

            #expect(directory.url.path == "/xdg/data/cookbook")
        }

        @Test func withoutXDGTheHomeDirectoryIsUsed() {
            let directory = DataDirectory.resolve(override: nil, environment: ["HOME": "/home/cook"])

            #expect(directory.url.path == "/home/cook/.local/share/cookbook")
            #expect(directory.logFile.path == "/home/cook/.local/share/cookbook/logs/events.jsonl")
        }

        @Test func aRelativeXDGDataHomeIsIgnored() {
            // The XDG spec says relative paths are invalid and must be ignored.
            let directory = DataDirectory.resolve(override: nil, environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/cook"])

            #expect(directory.url.path == "/home/cook/.local/share/cookbook")
        }
    #endif
}

@Suite("JSON lines logger")
struct JSONLinesLoggerTests {
    @Test func eachEntryIsOneJSONObjectPerLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("logs/nested/events.jsonl")
        let logger = JSONLinesLogger(fileURL: file)

        logger.log(PageView("recipe_details", parameters: ["recipe_id": "1"]))
        logger.log(ActivityEvent("search", payload: ["keyword": "curry", "results": "3"]))

        let text = try readText(file)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2)
        let entries = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(entries.map { Set($0.keys) } == [["kind", "name", "data", "time"], ["kind", "name", "data", "time"]])

        #expect(entries[0]["kind"] as? String == "page_view")
        #expect(entries[0]["name"] as? String == "recipe_details")
        #expect(entries[0]["data"] as? [String: String] == ["recipe_id": "1"])
        #expect(entries[1]["kind"] as? String == "activity")
        #expect(entries[1]["name"] as? String == "search")
        #expect(entries[1]["data"] as? [String: String] == ["keyword": "curry", "results": "3"])

        for entry in entries {
            let time = try #require(entry["time"] as? String)
            #expect((try? Date(time, strategy: .iso8601)) != nil, "time \(time) is not ISO 8601")
        }
    }

    @Test(
        "an entry's time is what Date.formatted(.iso8601) writes, to the second, in UTC",
        arguments: [0, 1_795_446_245.75, 951_782_400, -86_401, 253_402_300_799])
    func timestampsAreISO8601(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(JSONLinesLogger.timestamp(at: date) == date.formatted(.iso8601))
    }

    @Test func entriesAreAppendedToAnExistingLog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(
            #"{"kind":"page_view","name":"earlier","data":{},"time":"2025-01-01T00:00:00Z"}"# + "\n", to: "events.jsonl")

        JSONLinesLogger(fileURL: file).log(PageView("later"))

        let lines = try readText(file).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""name":"earlier""#))
        #expect(lines[1].contains(#""name":"later""#))
    }

    @Test("a log left ending in a cut line (a run killed mid-write, a full disk): the piece is cut off before the next line, and said once")
    func brokenTailRepaired() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = #"{"kind":"page_view","name":"earlier","data":{},"time":"2025-01-01T00:00:00Z"}"# + "\n"
        let file = try directory.write(whole + #"{"kind":"activ"#, to: "events.jsonl")
        let notices = RunNotices()
        let logger = JSONLinesLogger(fileURL: file, notices: notices)

        logger.log(PageView("later"))
        logger.log(PageView("later still"))

        let text = try readText(file)
        #expect(text.hasPrefix(whole + #"{"data":{},"kind":"page_view","name":"later""#), "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        #expect(
            notices.warnings == [
                "the event log \(file.path) ended in a line cut short (14 bytes, left by a run that stopped while writing it); that piece was removed, so that every line is whole."
            ])
    }

    @Test("a named pipe where the log goes is refused in words at once: opening it would wait for a reader")
    func namedPipe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("events.jsonl")
        #expect(mkfifo(file.path, 0o644) == 0)
        let notices = RunNotices()

        JSONLinesLogger(fileURL: file, notices: notices).log(PageView("feed"))

        #expect(
            notices.warnings == [
                "cannot write the event log \(file.path): it is a named pipe (FIFO), not a regular file. Events are not recorded for this run."
            ])
    }

    @Test("two loggers on one file (each its own descriptor, as two processes), 8 threads, 4,000 lines: every line whole, none lost")
    func manyWritersOneFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("logs/events.jsonl")
        let loggers = [JSONLinesLogger(fileURL: file), JSONLinesLogger(fileURL: file)]
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for number in 0..<500 {
                loggers[worker % 2].log(
                    ActivityEvent(
                        "event", payload: ["worker": "\(worker)", "number": "\(number)", "padding": String(repeating: "x", count: 200)]))
            }
        }
        let lines = try readText(file).split(separator: "\n")
        #expect(lines.count == 4000)
        let whole = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(whole.count == 4000, "\(4000 - whole.count) lines are cut or mixed")
    }

    @Test("an unwritable log says why in words, never an error domain and code")
    func failureInWords() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = try directory.write("not a folder", to: "logs")
        let notices = RunNotices()
        JSONLinesLogger(fileURL: blocker.appendingPathComponent("events.jsonl"), notices: notices).log(PageView("feed"))
        #expect(
            notices.warnings == [
                "cannot write the event log \(blocker.path)/events.jsonl: \(blocker.path) is a file, not a folder. Events are not recorded for this run."
            ])
    }

    @Test func anUnwritablePathNeitherThrowsNorCrashes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A regular file where the log's folder should be: no user, not even root, can write there.
        let blocker = try directory.write("not a folder", to: "blocker")
        let notices = RunNotices()
        let logger = JSONLinesLogger(fileURL: blocker.appendingPathComponent("logs/events.jsonl"), notices: notices)

        logger.log(PageView("recipe_search"))
        logger.log(ActivityEvent("search", payload: ["keyword": "curry"]))

        #expect(try readText(blocker) == "not a folder")
        #expect(notices.warnings.count == 1, "said once, not per event: \(notices.warnings)")
        #expect(notices.warnings.first?.hasPrefix("cannot write the event log \(blocker.path)/logs/events.jsonl: ") == true)
    }
}

@Suite("File exporter")
struct FileRecipeExporterTests {
    @Test func markdownExportWritesTheRecipe() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let exports = directory.url.appendingPathComponent("exports", isDirectory: true)
        let exporter = FileRecipeExporter(directory: exports, format: .markdown)

        let message = try await exporter.export(Fixtures.curryRice)

        let file = exports.appendingPathComponent("curry-rice-1.md")
        #expect(message == "Exported “Curry Rice” to \(file.path)")
        #expect(
            try readText(file) == """
                # Curry Rice

                Japanese curry with tender chicken over rice.

                By Aiko Tanaka · 45 min · 720 kcal · serves 4

                ## Ingredients
                - 400 g chicken thigh
                - 2 onions
                - 1 carrot
                - 100 g curry roux
                - 2 cups rice

                ## Steps
                1. Cook the rice.
                2. Brown the chicken, then soften the onions and carrot.
                3. Add 800 ml water and simmer for 20 minutes.
                4. Stir in the roux until thick; serve over rice.

                """)
    }

    @Test func ingredientsWithoutQuantityAreToTaste() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        _ = try await FileRecipeExporter(directory: directory.url, format: .markdown).export(Fixtures.pancakes)

        let text = try readText(directory.file("pancakes-4.md"))
        #expect(text.contains("\n- salt (to taste)\n"))
        #expect(text.contains("\n- 2 eggs\n"))
    }

    @Test func plainTextExportUsesATextFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        _ = try await FileRecipeExporter(directory: directory.url, format: .plainText).export(Fixtures.misoSoup)

        let text = try readText(directory.file("miso-soup-3.txt"))
        #expect(text.hasPrefix("MISO SOUP\n"))
        #expect(text.contains("\nIngredients:\n- 500 ml dashi\n"))
        #expect(text.contains("\nSteps:\n1. Heat the dashi.\n"))
    }

    @Test func exportingAgainReplacesTheFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let exporter = FileRecipeExporter(directory: directory.url, format: .markdown)
        var recipe = Fixtures.curryRice

        _ = try await exporter.export(recipe)
        recipe.summary = "Changed."
        _ = try await exporter.export(recipe)

        let text = try readText(directory.file("curry-rice-1.md"))
        #expect(text.contains("\nChanged.\n"))
        #expect(!text.contains("Japanese curry"))
    }

    @Test("exporting again keeps a file made private, and writes through a link to it")
    func exportingAgainKeepsModeAndLink() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let exporter = FileRecipeExporter(directory: directory.url, format: .markdown)
        let elsewhere = try directory.write("old", to: "kept.md")
        #expect(chmod(elsewhere.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.file("curry-rice-1.md").path, withDestinationPath: elsewhere.path)

        _ = try await exporter.export(Fixtures.curryRice)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("curry-rice-1.md").path) == elsewhere.path)
        #expect(try readText(elsewhere).hasPrefix("# Curry Rice"))
        #expect(try FileManager.default.attributesOfItem(atPath: elsewhere.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test(arguments: [
        ("Curry Rice!", "curry-rice"),
        ("  Mac & Cheese 2.0 ", "mac-cheese-2-0"),
        ("Crème Brûlée", "crème-brûlée"),
        ("!!!", "recipe"),
        ("", "recipe"),
    ])
    func slugs(title: String, slug: String) {
        #expect(FileRecipeExporter.slug(title) == slug)
    }

    @Test func exportIntoARegularFileFailsNamingThePath() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = try directory.write("not a folder", to: "exports")
        let exporter = FileRecipeExporter(directory: blocker, format: .markdown)

        let error = try await #require(throws: ExportError.self) {
            try await exporter.export(Fixtures.curryRice)
        }

        #expect(error.path == blocker.appendingPathComponent("curry-rice-1.md").path)
        #expect(error.localizedDescription.contains(blocker.path))
        #expect(error.recoverySuggestion?.contains("--data-dir") == true)
        #expect(try readText(blocker) == "not a folder")
    }
}
