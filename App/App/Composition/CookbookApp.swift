import Core
import Foundation
import TerminalRunner

/// The composition root: reads the command line, builds the real environment, and hands
/// the tabs to the runner. The `cookbook` executable is one call to `main()`.
public enum CookbookApp {
    static let program = ProgramInfo(
        name: "cookbook",
        summary: "a terminal recipe app",
        options: [
            OptionSpec("--data-dir", value: "DIR", help: "keep data and logs in DIR (default: the per-user data directory)"),
            OptionSpec("--verbose", help: "also print page views and events to stderr"),
        ],
        notes: ["Logs: page views and events are written as JSON lines to DATA_DIR/logs/events.jsonl."]
    )

    @MainActor
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Int32 {
        await Runner.main(program, arguments: arguments) { options in
            MainTabCoordinator(environment: try makeEnvironment(options)).session
        }.rawValue
    }

    static func makeEnvironment(_ options: LaunchOptions) throws -> AppEnvironment {
        let dataDirectory = DataDirectory.resolve(override: options.value("--data-dir"))
        let client: any RecipeServiceClient
        do {
            client = try BundledRecipeClient.bundled()
        } catch {
            throw StartupError(error.localizedDescription)
        }
        let logger = JSONLinesLogger(fileURL: dataDirectory.logFile, echoToStandardError: options.has("--verbose"))
        return AppEnvironment(
            client: client,
            pageViewLogger: logger,
            activityLogger: logger,
            userFeatures: .free,
            favorites: InMemoryRepository<FavoriteRecipe>(),
            shoppingList: InMemoryRepository<ShoppingItem>(),
            recentSearches: InMemoryRepository<RecentSearch>(),
            resolver: AppResolver(
                exportDirectory: dataDirectory.exports,
                about: LegacyAboutPage.Facts(version: program.version, dataDirectory: dataDirectory.url.path, recipeSource: "bundled dataset")
            )
        )
    }
}
