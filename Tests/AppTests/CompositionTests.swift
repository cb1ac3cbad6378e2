import Core
import Foundation
import TerminalRunner
import Testing

@testable import App

@MainActor
@Suite("Composition root")
struct CompositionTests {
    func makeEnvironment(dataDirectory: URL) throws -> AppEnvironment {
        try CookbookApp.makeEnvironment(LaunchOptions.parse(["--data-dir", dataDirectory.path], for: CookbookApp.program))
    }

    func curryRiceID() throws -> Recipe.ID {
        try #require(BundledRecipeClient.bundled().recipes.first { $0.title == "Curry Rice" }).id
    }

    @Test("cookbook --help says where the data lives in one paragraph, with no blank line inside it")
    func helpDataParagraph() {
        let usage = CookbookApp.program.usage
        #expect(
            usage.contains(
                "\n\nData: favorites, the shopping list, recent searches and the recipe cache live in DATA_DIR/cookbook.sqlite;\n"
                    + "page views and events are written as JSON lines to DATA_DIR/logs/events.jsonl.\n\n"))
    }

    @Test func theResolverBuildsTheRealDetailsScreen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)
        let id = try curryRiceID()

        let screen = environment.resolve(Screens.RecipeDetails(recipeID: id)).erased
        await screen.appear()

        #expect(screen.content.title == "Curry Rice")
        let text = screen.content.plainText()
        #expect(text.contains("## Ingredients"))
        #expect(text.contains("## Steps"))
        #expect(!text.contains("Placeholder"))
    }

    @Test func theResolverBuildsTheRealSearchScreen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)

        let screen = environment.resolve(Screens.RecipeSearch(query: "curry")).erased
        await screen.appear()

        let titles =
            screen.content.sections.first { $0.id == "results" }?.rows.filter { if case .link = $0.element { true } else { false } }.map(
                \.label) ?? []
        #expect(titles.contains("Curry Rice"))
        #expect(titles.contains("Vegetable Curry"))
        #expect(screen.content.status == .ready)
        #expect(!screen.content.plainText().contains("Placeholder"))
    }

    @Test func openingASearchResultShowsTheRealDetailsScreen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)
        let id = try curryRiceID()
        let search = environment.resolve(Screens.RecipeSearch(query: "curry")).erased
        await search.appear()

        let navigation = await search.handle(.activate(row: search.row("Curry Rice")))
        let descriptor = try #require(navigation?.descriptor, "opening a result should show its details")
        #expect(descriptor as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: id))
        let details = environment.resolve(descriptor).erased
        await details.appear()

        #expect(details.content.title == "Curry Rice")
    }

    @Test func pageViewsAndEventsAreLoggedInTheDataDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)
        let screen = environment.resolve(Screens.RecipeSearch(query: "curry")).erased
        await screen.appear()

        let lines = try readText(directory.file("logs/events.jsonl")).split(separator: "\n")
        let entries = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(entries.map { $0["name"] as? String } == ["recipe_search", "search"])
        #expect(entries.map { $0["kind"] as? String } == ["page_view", "activity"])
    }

    @Test func exportFromTheDetailsScreenWritesIntoTheDataDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try makeEnvironment(dataDirectory: directory.url)
        let id = try curryRiceID()
        let screen = environment.resolve(Screens.RecipeDetails(recipeID: id)).erased
        await screen.appear()

        _ = await screen.handle(.activate(row: screen.row("Export as Markdown")))

        let file = directory.url.appendingPathComponent("exports/curry-rice-\(id).md")
        #expect(screen.content.notice == "Exported “Curry Rice” to \(file.path)")
        #expect(try readText(file).hasPrefix("# Curry Rice\n"))
    }

    @Test func theDataDirectoryOptionIsUsed() throws {
        let options = try LaunchOptions.parse(["--data-dir", "/srv/cookbook/../data"], for: CookbookApp.program)

        #expect(DataDirectory.resolve(override: options.value("--data-dir")).url.path == "/srv/data")
    }

    @Test func unknownOptionsExitWithUsageStatus() async {
        #expect(await CookbookApp.main(arguments: ["--bogus"]) == 2)
        #expect(await CookbookApp.main(arguments: ["--data-dir"]) == 2)
    }

    @Test func helpAndVersionExitSuccessfully() async {
        #expect(await CookbookApp.main(arguments: ["--help"]) == 0)
        #expect(await CookbookApp.main(arguments: ["--version"]) == 0)
    }
}

@Suite("The machine's region")
struct MachineRegionTests {
    @Test(
        "the locale comes from LC_ALL, then LC_TIME, then LANG, without its encoding; C and POSIX are the POSIX locale",
        arguments: [
            (["LANG": "de_DE.UTF-8"], "de_DE"), (["LC_ALL": "fr_FR@euro", "LANG": "de_DE.UTF-8"], "fr_FR"),
            (["LC_TIME": "ja_JP.UTF-8", "LANG": "en_GB.UTF-8"], "ja_JP"), (["LC_ALL": "", "LANG": "pt_BR"], "pt_BR"),
            (["LANG": "C"], "en_US_POSIX"),
            ([:], "en_US_POSIX"),
        ])
    func locale(variables: [String: String], identifier: String) {
        #expect(MachineRegion.locale { variables[$0] }.identifier == identifier)
    }
}
