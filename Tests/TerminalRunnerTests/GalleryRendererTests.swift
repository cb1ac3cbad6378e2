import Core
import CoreTesting
import DataFormats
import Foundation
import Testing

@testable import TerminalRunner

private struct MissingFixture: LocalizedError {
    var errorDescription: String? { "the fixture file is missing" }
}

@Suite("GalleryRenderer: a program's part of the screen gallery")
@MainActor
struct GalleryRendererTests {
    /// A scenario whose environment builds the feed as a `SlowScreen` (two sleeps, then a link),
    /// with the clock sleeping through the gallery's gate unless `instant`.
    static func scenario(_ name: String, instant: Bool = false, link: @escaping @MainActor (StubResolver) -> Void = { _ in })
        -> GalleryRenderer.Scenario
    {
        GalleryRenderer.Scenario(name: name, summary: "the \(name) scenario") { gate in
            let clock = instant ? TestClock() : TestClock(sleeping: .custom { try await gate.sleep(for: $0) })
            let environment = StubEnvironment(clock: clock)
            environment.stubResolver.register(Screens.Feed.self) { _, environment in SlowScreen(clock: environment.clock) }
            link(environment.stubResolver)
            return environment
        }
    }

    static let broken = GalleryRenderer.Scenario(name: "broken", summary: "cannot start") { _ in throw MissingFixture() }

    func renderer(
        _ scenarios: [GalleryRenderer.Scenario],
        examples: [GalleryRenderer.Example] = [.screen(Screens.Feed(), states: [.loading, .content])]
    ) -> GalleryRenderer {
        GalleryRenderer(
            program: "FeedSandbox", owner: "Feed", scenarios: scenarios, examples: examples, isOwn: { !($0 is PlaceholderScreen) })
    }

    @Test("a held scenario is rendered twice, its loading state before wait and its content after; equal texts are one rendering")
    func renderings() async throws {
        let report = try await renderer([
            Self.scenario("default", instant: true), Self.scenario("slow"), Self.scenario("again", instant: true),
        ])
        .render()

        let screen = try #require(report.screens.first)
        #expect(report.screens.map(\.kind) == ["Feed"])
        #expect(screen.requiredStates == [.loading, .content])
        let renderings = try #require(screen.examples.first?.renderings)
        #expect(
            renderings.map { $0.moments.map(\.label) } == [["default", "slow", "again", "default, 40 columns"], ["slow, before wait"]],
            "a screen that fits 40 columns renders the same there")
        #expect(renderings.map(\.states) == [[.content], [.loading]])
        #expect(renderings[1].text == "# Slow\n\n… Loading slowly…\n")
        #expect(renderings[0].text == "# Slow\n\n [1] Open\n")
        #expect(screen.examples.first?.link == "cookbook://feed")
        #expect(screen.missingStates.isEmpty)
        #expect(report.problems.isEmpty)
    }

    @Test("the same screens render to the same bytes every time, with no path of this machine in them")
    func stable() async throws {
        let gallery = renderer([Self.scenario("default", instant: true), Self.scenario("slow")])
        let first = try await gallery.render().encoded()
        let second = try await gallery.render().encoded()

        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(!text.contains(FileManager.default.currentDirectoryPath))
        #expect(!text.contains(NSHomeDirectory()))
    }

    @Test("a planted missing state: a screen declared to show empty and error, which no scenario reaches, lists both")
    func missingState() async throws {
        let report = try await renderer([Self.scenario("default", instant: true)], examples: [.screen(Screens.Feed())]).render()

        #expect(report.screens.first?.missingStates == [.loading, .empty, .error])
    }

    @Test("a scenario that cannot start is named in the problems; the other scenarios are rendered")
    func brokenScenario() async throws {
        let report = try await renderer([Self.broken, Self.scenario("default", instant: true)]).render()

        #expect(report.problems == ["the scenario “broken” cannot start: the fixture file is missing"])
        #expect(report.screens.first?.examples.first?.renderings.flatMap(\.moments).map(\.label) == ["default", "default, 40 columns"])
        #expect(report.scenarios.map(\.name) == ["broken", "default"])
    }

    @Test("--scenario renders one scenario; an unknown one is a usage error listing them")
    func oneScenario() async throws {
        let gallery = renderer([Self.scenario("default", instant: true), Self.scenario("slow")])

        let report = try await gallery.render(scenarioName: "slow")
        #expect(report.scenarios.map(\.name) == ["slow"])
        #expect(report.screens.first?.examples.first?.renderings.count == 2)
        await #expect(throws: UsageError("unknown scenario “fast”; scenarios: default, slow")) {
            _ = try await gallery.render(scenarioName: "fast")
        }
    }

    @Test("each screen gets one narrow rendering: its first example, loaded, in the first scenario, wrapped to 40 columns")
    func narrowRendering() async throws {
        let long = "A line of text wider than forty columns, as a narrow window shows it"
        let linked = Self.scenario("default", instant: true) { resolver in
            resolver.register(Screens.ShoppingList.self) { _, _ in
                StaticScreen("Shopping list", rows: [ScreenRow<RowKey>(id: "a", .text(long))])
            }
        }
        let report = try await renderer([linked]).render()
        let renderings = try #require(report.screens.last?.examples.first?.renderings)

        #expect(renderings.map { $0.moments.map(\.label) } == [["default"], ["default, 40 columns"]])
        #expect(renderings.last?.moments == [GalleryReport.Moment(scenario: "default", width: 40)])
        #expect(
            renderings.last?.text
                == "# Shopping list\n\n     A line of text wider than forty\n     columns, as a narrow window shows\n     it\n")
        #expect(renderings.last?.states == [.content])
    }

    @Test("states an example says no scenario shows together are reported with the screen, each with why")
    func unseenCombinations() async throws {
        let unseen = GalleryReport.Unseen.together(.notice, .loading, because: "a search clears the notice as it starts")
        let report = try await renderer(
            [Self.scenario("default", instant: true)], examples: [.screen(Screens.Feed(), states: [.content], unseen: [unseen])]
        ).render()
        #expect(
            report.screens.first?.unseen == [
                GalleryReport.Unseen(states: [.loading, .notice], reason: "a search clears the notice as it starts")
            ])
        #expect(unseen.states == [.loading, .notice], "sorted")
    }

    @Test("a screen the program builds with no example is rendered from its plain link, or named when its link needs values")
    func screensWithoutExamples() async throws {
        let linked = Self.scenario("default", instant: true) { resolver in
            resolver.register(Screens.ShoppingList.self) { _, _ in StaticScreen("Shopping list") }
            resolver.register(Screens.AuthorRecipes.self) { _, _ in StaticScreen("Author") }
        }
        let report = try await renderer([linked]).render()

        #expect(report.screens.map(\.kind) == ["Feed", "ShoppingList"])
        #expect(report.screens.last?.requiredStates == GalleryReport.State.standard)
        #expect(
            report.problems == [
                "Screens.AuthorRecipes is built here but has no gallery example, and its link needs authorID: "
                    + "add one, such as .screen(Screens.AuthorRecipes(authorID: \"1\")), to the program's gallery examples"
            ])
        #expect(report.knownKinds == ScreenKind.allCases.map(\.name))
    }

    @Test("an example of a screen the program does not build is a problem, not a placeholder in the gallery")
    func foreignExample() async throws {
        let report = try await renderer(
            [Self.scenario("default", instant: true)], examples: [.screen(Screens.Feed()), .screen(Screens.RecipeDetails(recipeID: 2))]
        ).render()

        #expect(report.screens.map(\.kind) == ["Feed"])
        #expect(
            report.problems == [
                "Screens.RecipeDetails(recipeID: 2) is a gallery example but is not built here: link its builder, or take it out"
            ])
    }

    @Test("widths are the screen's own: a row longer than any terminal is whole, and no line is padded")
    func noTerminalWidth() async throws {
        let long = String(repeating: "curry ", count: 60)
        let scenario = GalleryRenderer.Scenario(name: "default", summary: "one long row") { _ in
            let environment = StubEnvironment()
            environment.stubResolver.register(Screens.Feed.self) { _, _ in
                StaticScreen("Long", rows: [ScreenRow<RowKey>(id: "long", .text(long))])
            }
            return environment
        }
        let report = try await renderer([scenario], examples: [.screen(Screens.Feed(), states: [.content])]).render()
        let text = try #require(report.screens.first?.examples.first?.renderings.first?.text)

        #expect(text == "# Long\n\n     \(long)\n")
    }

    @Test("states: one by the status, and locked when a row is")
    func states() {
        let locked = ScreenSection<RowKey>(
            id: "s", rows: [ScreenRow<RowKey>(id: "r", .button("Export"), isEnabled: false, note: "Premium")])
        #expect(GalleryRenderer.states(of: ScreenContent<RowKey>(title: "T")) == [.content])
        #expect(GalleryRenderer.states(of: ScreenContent<RowKey>(title: "T", status: .loading("…"))) == [.loading])
        #expect(GalleryRenderer.states(of: ScreenContent<RowKey>(title: "T", status: .empty("none"))) == [.empty])
        #expect(
            GalleryRenderer.states(of: ScreenContent<RowKey>(title: "T", status: .failed(ScreenFailure(message: "m", canRetry: true)))) == [
                .error
            ])
        #expect(GalleryRenderer.states(of: ScreenContent<RowKey>(title: "T", sections: [locked])) == [.content, .locked])
    }
}
