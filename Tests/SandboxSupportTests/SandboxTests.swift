import Core
import CoreTesting
import DataFormats
import Foundation
import TerminalRunner
import Testing
import WebAPI

@testable import SandboxSupport

/// The feature's "real" screen, as a sandbox would link it.
@MainActor
private final class LinkedScreen: Screen {
    let recipeID: Recipe.ID
    var onChange: (@MainActor () -> Void)?

    init(recipeID: Recipe.ID) {
        self.recipeID = recipeID
    }

    var content: ScreenContent<Never> { ScreenContent(title: "Linked \(recipeID)") }
    func appear() async {}
    func handle(_ event: ScreenEvent<Never>) async -> Navigation? { nil }
}

@Suite("Sandbox.environment")
@MainActor
struct SandboxEnvironmentTests {
    @Test("an unknown scenario is a usage error that lists every scenario")
    func unknownScenario() async {
        await #expect {
            try await Sandbox.environment(scenario: "nope") { _ in }
        } throws: { error in
            guard let message = (error as? UsageError)?.message else { return false }
            return message.contains("“nope”") && Scenario.shared.allSatisfy { message.contains($0.name) }
        }
    }

    @Test("the unknown-scenario message, word for word")
    func unknownScenarioMessage() async {
        await #expect(throws: UsageError("unknown scenario “Premium”; scenarios: default, empty, failure, slow, premium, saved-copy")) {
            try await Sandbox.environment(scenario: "Premium") { _ in }
        }
    }

    @Test("a feature's own scenarios are listed after the shared ones when a name is unknown")
    func unknownScenarioListsFeatureScenarios() async {
        let own = Scenario("long-list", "many items", basedOn: .default)
        await #expect(
            throws: UsageError("unknown scenario “long”; scenarios: default, empty, failure, slow, premium, saved-copy, long-list")
        ) {
            try await Sandbox.environment(scenario: "long", among: Scenario.shared + [own]) { _ in }
        }
    }

    @Test("a feature's own scenario starts by its name, with its data")
    func featureScenario() async throws {
        let own = Scenario(
            "one-item", "one item",
            userData: { environment in
                try await environment.shoppingList.save(ShoppingItem(id: environment.ids.next(), name: "jam", position: 0))
            })
        let environment = try await Sandbox.environment(scenario: "one-item", among: Scenario.shared + [own]) { _ in }

        #expect(try await environment.shoppingList.findAll().map(\.name) == ["jam"])
    }

    @Test("a scenario that cannot start is a startup error naming it; two scenarios with one name are refused")
    func brokenScenarios() async {
        struct Missing: LocalizedError {
            var errorDescription: String? { "the fixture file is missing" }
        }
        let broken = Scenario("broken", "cannot start", userData: { _ in throw Missing() })
        await #expect(throws: StartupError("the scenario “broken” cannot start: the fixture file is missing")) {
            try await Sandbox.environment(scenario: "broken", among: [broken]) { _ in }
        }
        await #expect(throws: StartupError("two scenarios are named “slow”: give the feature's own scenario another name")) {
            try await Sandbox.environment(scenario: nil, among: Scenario.shared + [Scenario("slow", "again")]) { _ in }
        }
    }

    @Test("--help lists every scenario, the feature's own too, with its summary")
    func helpListsScenarios() {
        let list = Sandbox.scenarioList(Scenario.shared + [Scenario("long-list", "500 items")])
        #expect(list.hasPrefix("Scenarios (--scenario NAME):\n  default     fixture recipes"))
        #expect(list.hasSuffix("\n  long-list   500 items"))
    }

    @Test("no scenario is the default scenario: a free user on the fixtures")
    func noScenario() async throws {
        let environment = try await Sandbox.environment(scenario: nil) { _ in }

        #expect(environment.userFeatures == .free)
        #expect(try await environment.client.searchRecipes(.all, sort: [], page: .first).recipes == Fixtures.recipes)
    }

    @Test("premium is a premium user")
    func premium() async throws {
        #expect(try await Sandbox.environment(scenario: "premium") { _ in }.userFeatures.isPremium)
    }

    @Test("data scenarios start with fixture favorites and shopping items; empty and failure do not")
    func userData() async throws {
        let environment = try await Sandbox.environment(scenario: nil) { _ in }
        #expect(try await environment.favorites.findAll().count == Fixtures.favorites.count)
        #expect(try await environment.shoppingList.findAll().map(\.name) == ["milk", "eggs", "flour"])
        let empty = try await Sandbox.environment(scenario: "empty") { _ in }
        #expect(try await empty.shoppingList.findAll().isEmpty)
        let failing = try await Sandbox.environment(scenario: "failure") { _ in }
        await #expect(throws: StubStoreError.unavailable) { try await failing.shoppingList.findAll() }
    }

    @Test("failure and empty scenarios reach the client")
    func clientScenarios() async throws {
        let failing = try await Sandbox.environment(scenario: "failure") { _ in }
        await #expect(throws: StubServiceError.unreachable) { try await failing.client.feed() }

        let empty = try await Sandbox.environment(scenario: "empty") { _ in }
        #expect(try await empty.client.searchRecipes(.all, sort: [], page: .first).total == 0)
    }

    @Test("the link closure runs once, and its builder is used when resolving")
    func linkBuilderIsUsed() async throws {
        var linkCalls = 0
        let environment = try await Sandbox.environment(scenario: nil) { resolver in
            linkCalls += 1
            resolver.register(Screens.RecipeDetails.self) { descriptor, _ in LinkedScreen(recipeID: descriptor.recipeID) }
        }

        let screen = environment.resolve(Screens.RecipeDetails(recipeID: 42))

        #expect(linkCalls == 1)
        #expect((screen as? LinkedScreen)?.recipeID == 42)
        #expect(environment.recorder.resolved(Screens.RecipeDetails.self) == [Screens.RecipeDetails(recipeID: 42)])
    }

    @Test("descriptors the link does not set stay placeholders")
    func unlinkedStayPlaceholders() async throws {
        let environment = try await Sandbox.environment(scenario: nil) { resolver in
            resolver.register(Screens.RecipeDetails.self) { descriptor, _ in LinkedScreen(recipeID: descriptor.recipeID) }
        }

        #expect(environment.resolve(Screens.RecipeSearch(query: "soup")) is PlaceholderScreen)
    }

    @Test("the link is not run when the scenario is refused")
    func linkNotRunOnError() async {
        var linkCalls = 0
        _ = try? await Sandbox.environment(scenario: "nope") { _ in linkCalls += 1 }
        #expect(linkCalls == 0)
    }
}

@Suite("Sandbox.main exit statuses")
@MainActor
struct SandboxMainTests {
    /// Runs the sandbox with arguments that end it before it reads any input.
    func main(_ arguments: [String], linkCalls: inout Int) async -> Int32 {
        var calls = 0
        let status = await Sandbox.main(
            feature: "RecipeDetails",
            arguments: arguments,
            link: { _ in calls += 1 },
            root: Screens.RecipeDetails(recipeID: 1)
        )
        linkCalls = calls
        return status
    }

    @Test(
        "a bad command line exits 2 (unknown option, missing value, value for a flag)",
        arguments: [["--bogus"], ["--scenario"], ["--help=1"]])
    func badCommandLine(arguments: [String]) async {
        var linkCalls = 0
        #expect(await main(arguments, linkCalls: &linkCalls) == 2)
        #expect(linkCalls == 0)
    }

    @Test("an unknown scenario exits 2")
    func unknownScenario() async {
        var linkCalls = 0
        #expect(await main(["--scenario", "nope"], linkCalls: &linkCalls) == 2)
        #expect(await main(["--scenario=nope"], linkCalls: &linkCalls) == 2)
    }

    @Test("--help, -h and --version exit 0 without starting the feature", arguments: [["--help"], ["-h"], ["--version"]])
    func helpAndVersion(arguments: [String]) async {
        var linkCalls = 0
        #expect(await main(arguments, linkCalls: &linkCalls) == 0)
        #expect(linkCalls == 0)
    }

    @Test("--help wins over a bad scenario, which is only checked when starting")
    func helpBeforeScenario() async {
        var linkCalls = 0
        #expect(await main(["--scenario", "nope", "--help"], linkCalls: &linkCalls) == 0)
    }
}

@Suite("Sandbox --replay")
@MainActor
struct SandboxReplayTests {
    let program = ProgramInfo(
        name: "TestSandbox", summary: "",
        options: WebAPIOptions.help(recording: false).map { OptionSpec($0.name, value: $0.value, help: $0.help) })

    func cassette(_ cassette: Cassette) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString).json").path
        try cassette.write(to: file)
        return file
    }

    @Test("--replay FILE serves the cassette through the web API client, without loading the network code")
    func replays() async throws {
        let feed = RecipeFeed(popular: [Fixtures.recipes[2]], new: [])
        let file = try cassette(
            Cassette(
                server: "http://api.test",
                interactions: [
                    Cassette.Interaction(
                        call: .feed, request: RecordedRequest(method: "GET", path: "/feed"),
                        response: RecordedResponse(
                            status: 200, headers: ["Content-Type": "application/json"], body: try JSONEncoder().encode(feed)))
                ]))
        defer { try? FileManager.default.removeItem(atPath: file) }

        let client = try #require(
            try Sandbox.webClient(
                LaunchOptions.parse(["--replay", file], for: program),
                networking: { () throws(NetworkingLibraryError) in throw NetworkingLibraryError("loaded") }))
        #expect(try await client.feed() == feed)
        await #expect(throws: APIError.self) { try await client.recipe(id: 1) }
    }

    @Test("no web option: the scenario's fixtures stay")
    func noOption() throws {
        #expect(try Sandbox.webClient(LaunchOptions.parse([], for: program)) == nil)
    }

    @Test("a bad combination is a usage error; an unusable cassette a startup error")
    func errors() throws {
        #expect(throws: UsageError("--replay-mode strict needs --replay FILE")) {
            try Sandbox.webClient(LaunchOptions.parse(["--replay-mode", "strict"], for: program))
        }
        #expect(throws: StartupError.self) { try Sandbox.webClient(LaunchOptions.parse(["--replay", "/nonexistent.json"], for: program)) }
    }
}

@Suite("Sandbox --gallery")
@MainActor
struct SandboxGalleryTests {
    /// A linked screen that shows its recipe id, so renderings can be told apart.
    func renderer(examples: [GalleryRenderer.Example] = [], scenarios: [Scenario] = Scenario.shared) -> GalleryRenderer {
        Sandbox.galleryRenderer(
            program: "RecipeDetailsSandbox", feature: "RecipeDetails", scenarios: scenarios,
            link: { $0.register(Screens.RecipeDetails.self) { descriptor, _ in LinkedScreen(recipeID: descriptor.recipeID) } },
            root: Screens.RecipeDetails(recipeID: 1), examples: examples)
    }

    @Test("the root is rendered in every scenario, the feature's own too; placeholders are not the feature's")
    func root() async throws {
        let own = Scenario("no-steps", "without steps", basedOn: .default)
        let report = try await renderer(scenarios: Scenario.shared + [own]).render()

        #expect(report.program == "RecipeDetailsSandbox")
        #expect(report.owner == "RecipeDetails")
        #expect(report.scenarios.map(\.name) == ["default", "empty", "failure", "slow", "premium", "saved-copy", "no-steps"])
        #expect(report.scenarios.map(\.isOwn) == [nil, nil, nil, nil, nil, nil, true], "only the feature's own is marked")
        #expect(report.screens.map(\.kind) == ["RecipeDetails"])
        #expect(report.screens.first?.examples.map(\.descriptor) == ["Screens.RecipeDetails(recipeID: 1)"])
        #expect(report.screens.first?.examples.first?.renderings.first?.text == "# Linked 1\n")
        #expect(report.problems.isEmpty)
    }

    @Test("a gallery script drives the screen in the scenarios it names; one that fails there is a problem naming the scenario")
    func scripts() async throws {
        let report = try await renderer(examples: [
            .screen(
                Screens.RecipeDetails(recipeID: 1), states: [.content],
                scripts: [.run(["expect \"Linked 1\""], in: ["default"]), .run(["select Missing"], in: ["premium"])])
        ]).render()

        let moments = report.screens.first?.examples.first?.renderings.flatMap(\.moments) ?? []
        #expect(moments.contains(GalleryReport.Moment(scenario: "default", script: "expect \"Linked 1\"")))
        #expect(moments.filter { $0.script != nil }.count == 1)
        #expect(report.problems.count == 1)
        #expect(
            report.problems.first?.hasPrefix(
                "the gallery script “select Missing” of Screens.RecipeDetails(recipeID: 1) fails in the scenario “premium”: ") == true,
            "\(report.problems)")
    }

    @Test("examples of the root's kind replace the root")
    func examplesReplaceRoot() async throws {
        let report = try await renderer(examples: [.screen(Screens.RecipeDetails(recipeID: 7), states: [.content])]).render()

        #expect(report.screens.first?.examples.map(\.descriptor) == ["Screens.RecipeDetails(recipeID: 7)"])
        #expect(report.screens.first?.requiredStates == [.content])
    }

    @Test("two scenarios of one name are a problem of the gallery too")
    func duplicateNames() async throws {
        let report = try await renderer(scenarios: Scenario.shared + [Scenario("slow", "again")]).render()

        #expect(
            report.problems.first
                == "the scenario “default” cannot start: two scenarios are named “slow”: give the feature's own scenario another name")
    }

    @Test("--gallery with an unknown --scenario is a bad command line: exit 2")
    func commandLine() async {
        let unknown = await Sandbox.main(
            feature: "RecipeDetails", arguments: ["--gallery", "--scenario", "nope"], link: { _ in },
            root: Screens.RecipeDetails(recipeID: 1))
        #expect(unknown == 2)
    }
}
