import Core
import CoreTesting
import Foundation
import TerminalRunner
import Testing

@testable import App

/// The legacy About page, reached the way features reach it: `resolve(Screens.About())`.
@MainActor
@Suite("Legacy About page", .serialized)
struct LegacyAboutTests {
    func makeEnvironment(dataDirectory: URL) throws -> AppEnvironment {
        try CookbookApp.makeEnvironment(LaunchOptions.parse(["--data-dir", dataDirectory.path], for: CookbookApp.program))
    }

    /// The lines the page shows, top to bottom.
    func lines(_ screen: AnyScreen) -> [String] {
        screen.content.sections.flatMap(\.rows).map(\.label)
    }

    /// N in "Shown N time(s) this run."
    func visits(_ screen: AnyScreen) throws -> Int {
        let line = try #require(lines(screen).first { $0.hasPrefix("Shown ") }, "the page shows no visit count")
        return try #require(Int(line.dropFirst("Shown ".count).prefix { $0.isNumber }), "no number in “\(line)”")
    }

    /// The log's entries as (kind, name).
    func loggedEntries(in directory: TemporaryDirectory) throws -> [[String]] {
        try readText(directory.file("logs/events.jsonl")).split(separator: "\n").map { line in
            let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return [entry["kind"] as? String ?? "?", entry["name"] as? String ?? "?"]
        }
    }

    @Test func theAppResolvesAboutToTheLegacyPage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)

        let screen = environment.resolve(Screens.About()).erased
        await screen.appear()

        #expect(screen.content.title == "About Cookbook")
        let shown = lines(screen)
        #expect(shown.first == "Cookbook \(CookbookApp.program.version)")
        #expect(shown.contains("A terminal recipe app built from independent feature modules."))
        #expect(shown.contains("Recipes: bundled dataset"))
        #expect(shown.contains("Your data: \(directory.url.standardizedFileURL.path)"))
        #expect(!screen.content.plainText().contains("Placeholder"))
        #expect(screen.content.numberedRows.isEmpty, "the page is text only")
    }

    @Test func theVisitCountGoesUpWithEveryVisit() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)

        let first = environment.resolve(Screens.About()).erased
        await first.appear()
        let firstVisits = try visits(first)
        let second = environment.resolve(Screens.About()).erased
        await second.appear()
        let secondVisits = try visits(second)
        // Coming back to the same screen (after `back`) is a visit too.
        await first.appear()

        #expect(firstVisits >= 1)
        #expect(secondVisits == firstVisits + 1)
        #expect(try visits(first) == firstVisits + 2)
    }

    @Test func aVisitIsLoggedAsThePageViewAbout() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)

        let screen = environment.resolve(Screens.About()).erased
        await screen.appear()
        await screen.appear()

        #expect(try loggedEntries(in: directory) == [["page_view", "about"], ["page_view", "about"]])
    }

    @Test func theFeedsAboutRowOpensTheLegacyPage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)
        let feed = environment.resolve(Screens.Feed()).erased
        await feed.appear()

        let navigation = await feed.handle(.activate(row: feed.row("About Cookbook")))
        let descriptor = try #require(navigation?.descriptor, "About Cookbook should show a screen")
        let about = environment.resolve(descriptor).erased
        await about.appear()

        #expect(about.content.title == "About Cookbook")
        #expect(lines(about).contains("Your data: \(directory.url.standardizedFileURL.path)"))
    }

    // The page itself, with its own counter (the app's is shared by the whole run).

    @Test func aFreshPageCountsOneTimeThenTwoTimes() async {
        let environment = StubEnvironment()
        let facts = LegacyAboutPage.Facts(version: "9.9.9", dataDirectory: "/data/cookbook", recipeSource: "dataset /data/recipes.json")
        let screen = LegacyAboutScreen(page: LegacyAboutPage(), facts: facts, environment: environment)
        #expect(screen.content.plainText() == "# About Cookbook\n")

        await screen.appear()

        #expect(
            screen.content.plainText() == """
                # About Cookbook

                     Cookbook 9.9.9
                     A terminal recipe app built from independent feature modules.
                     Recipes: dataset /data/recipes.json
                     Your data: /data/cookbook
                     Shown 1 time this run.

                """)

        await screen.appear()

        #expect(lines(screen.erased).last == "Shown 2 times this run.")
        #expect(environment.recorder.pageViews == [PageView("about"), PageView("about")])
    }

    @Test func appearingTellsTheRunnerToRedraw() async {
        let screen = LegacyAboutScreen(
            page: LegacyAboutPage(), facts: .init(version: "1", dataDirectory: "/d", recipeSource: "s"), environment: StubEnvironment())
        var changes = 0
        screen.onChange = { changes += 1 }

        await screen.appear()

        #expect(changes == 1)
        #expect(await screen.handle(.activate(row: 0)) == nil)
    }
}
