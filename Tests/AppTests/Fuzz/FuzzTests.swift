import Core
import CoreTesting
import Foundation
import TerminalRunner
import Testing
import URLSessionHTTP

@testable import App

/// The programs the fuzzer drives: the app, and each sandbox as `Sandbox.main` builds it
/// (one tab, the stub environment of a scenario with fixture data, the feature's own
/// screens real and every other screen a labelled placeholder).
enum FuzzProgram: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case cookbook
    case recipeSearch = "RecipeSearchSandbox"
    case recipeDetails = "RecipeDetailsSandbox"
    case feed = "FeedSandbox"
    case shoppingList = "ShoppingListSandbox"
    case favorites = "FavoritesSandbox"
    /// The app on a dataset of hostile recipes (`HostileRecipes`).
    case hostileDataset = "cookbook --dataset hostile"
    /// The app on a web API serving hostile recipes and now and then a hostile body.
    case hostileWebAPI = "cookbook --api-url hostile"

    var testDescription: String { rawValue }

    /// The scenarios sandbox sessions start in, one a session (not `slow`: it only waits).
    static let scenarios: [Scenario] = [.default, .premium, .empty, .failure]

    /// A new session of this program, as what runs it: the app's coordinator, or for a sandbox
    /// a session that is its own. The app keeps its data in `dataDirectory` (a session on the
    /// same directory as the one before it starts as after a restart); sandboxes start in `scenario`.
    @MainActor
    func makeSession(dataDirectory: URL, scenario: Scenario, sources: HostileSources) async throws -> any RootCoordinator {
        // The features' builders, exactly as the app links them (AppResolver calls each
        // feature's `makeScreen`); a sandbox links only its own feature's.
        let features = AppResolver(
            exportDirectory: dataDirectory.appendingPathComponent("exports"),
            about: LegacyAboutPage.Facts(version: "fuzz", dataDirectory: dataDirectory.path, recipeSource: "fuzz")
        )
        let root: any ScreenDescriptor
        let environment = try await scenario.makeEnvironment()
        switch self {
        case .cookbook:
            let options = try LaunchOptions.parse(["--data-dir", dataDirectory.path], for: CookbookApp.program)
            return AppCoordinator(environment: try CookbookApp.makeEnvironment(options))
        case .hostileDataset:
            let options = try LaunchOptions.parse(
                ["--data-dir", dataDirectory.path, "--dataset", try sources.dataset().path], for: CookbookApp.program)
            return AppCoordinator(environment: try CookbookApp.makeEnvironment(options))
        case .hostileWebAPI:
            let options = try LaunchOptions.parse(
                ["--data-dir", dataDirectory.path, "--api-url", try sources.webAPI().absoluteString, "--api-timeout", "10"],
                for: CookbookApp.program)
            return AppCoordinator(environment: try CookbookApp.makeEnvironment(options, networking: { URLSessionHTTP.portableExchange }))
        case .recipeSearch:
            environment.stubResolver.register(Screens.RecipeSearch.self) { descriptor, environment in
                features.buildRecipeSearch(descriptor, in: environment)
            }
            environment.stubResolver.register(Screens.AuthorRecipes.self) { descriptor, environment in
                features.buildAuthorRecipes(descriptor, in: environment)
            }
            environment.stubResolver.register(Screens.KitchenPreferences.self) { descriptor, environment in
                features.buildKitchenPreferences(descriptor, in: environment)
            }
            root = Screens.RecipeSearch()
        case .recipeDetails:
            environment.stubResolver.register(Screens.RecipeDetails.self) { descriptor, environment in
                features.buildRecipeDetails(descriptor, in: environment)
            }
            environment.stubResolver.register(Screens.ChooseIngredients.self) { descriptor, environment in
                features.buildChooseIngredients(descriptor, in: environment)
            }
            root = Screens.RecipeDetails(recipeID: 1)
        case .feed:
            environment.stubResolver.register(Screens.Feed.self) { descriptor, environment in
                features.buildFeed(descriptor, in: environment)
            }
            root = Screens.Feed()
        case .shoppingList:
            environment.stubResolver.register(Screens.ShoppingList.self) { descriptor, environment in
                features.buildShoppingList(descriptor, in: environment)
            }
            root = Screens.ShoppingList()
        case .favorites:
            environment.stubResolver.register(Screens.Favorites.self) { descriptor, environment in
                features.buildFavorites(descriptor, in: environment)
            }
            root = Screens.Favorites()
        }
        let title = String(rawValue.dropLast("Sandbox".count))
        return TabBar(StackNavigator(title: title, environment: environment, root: root))
    }
}

/// Random keys and script commands against the app and every sandbox, in process. Prints
/// the seed first; any failure names it again with the last events. Repeat a run with
/// `COOKBOOK_FUZZ_SEED=N swift test --filter Fuzz`; `COOKBOOK_FUZZ_EVENTS=N` changes how many
/// events each program gets (1,500 by default, half key events and half script commands).
@MainActor
@Suite("Fuzzing keys and script commands")
struct FuzzTests {
    /// Printed once, first, so that even a crash leaves the seed in the log.
    static let announcement: Void = {
        print("Fuzz: seed \(FuzzSettings.seed), \(FuzzSettings.eventsPerProgram) events per program (\(FuzzSettings.repeatHint))")
    }()

    init() {
        _ = Self.announcement
    }

    @Test(
        "random keys and script commands never crash, hang, empty a stack, overflow the window or lose the focus",
        arguments: FuzzProgram.allCases)
    func fuzz(_ program: FuzzProgram) async throws {
        if let only = FuzzSettings.program, only != program.rawValue { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let seed = FuzzSettings.seed(for: program.rawValue)
        let fuzzer = SessionFuzzer(program: program.rawValue, seed: seed)
        do {
            let keyEvents = FuzzSettings.eventsPerProgram / 2
            let commands = FuzzSettings.eventsPerProgram - keyEvents
            // Every scenario once, in an order of the seed's choosing.
            var order = SplitMix64(seed: seed)
            let scenarios = FuzzProgram.scenarios.shuffled(using: &order)
            let sources = HostileSources(directory: directory, seed: seed)
            let summary = try await fuzzer.run(keyEvents: keyEvents, commands: commands, episodes: scenarios.count) { episode, _ in
                // The app restarts once on the data of the session before, then starts afresh,
                // so that its stores stay the size a person's would.
                try await program.makeSession(
                    dataDirectory: directory.file("data-\(episode / 2)"), scenario: scenarios[episode], sources: sources)
            }
            print("Fuzz: \(summary)")
            #expect(summary.keyEvents + summary.commands >= FuzzSettings.eventsPerProgram)
        } catch let failure as SessionFuzzer.Failure {
            Issue.record("\(failure)")
        }
    }
}

/// The hostile recipe sources of a fuzz run, made when first asked for: a dataset file, and a
/// web API on loopback that lives as long as the run.
@MainActor
final class HostileSources {
    private let directory: TemporaryDirectory
    private var random: SplitMix64
    private var datasetFile: URL?
    private var server: HostileRecipeServer?

    init(directory: TemporaryDirectory, seed: UInt64) {
        self.directory = directory
        random = SplitMix64(seed: seed ^ 0x486F_7374_696C_6521)
    }

    func dataset() throws -> URL {
        if let datasetFile { return datasetFile }
        let file = directory.file("hostile-recipes.json")
        try JSONEncoder().encode(HostileRecipes.recipes(count: 40, &random)).write(to: file)
        datasetFile = file
        return file
    }

    func webAPI() throws -> URL {
        if let server { return server.server.baseURL }
        let made = try HostileRecipeServer(recipes: HostileRecipes.recipes(count: 40, &random), seed: random.next())
        server = made
        return made.server.baseURL
    }
}
