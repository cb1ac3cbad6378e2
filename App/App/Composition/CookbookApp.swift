import Core
import DataFormats
import TerminalRunner
import WebAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The composition root: reads the command line, builds the real environment, and hands
/// the tabs to the runner. The `cookbook` executable is one call to `main()`.
public enum CookbookApp {
    static let program = ProgramInfo(
        name: "cookbook",
        summary: "a terminal recipe app",
        options: [
            OptionSpec(
                "--data-dir", value: "DIR", help: "keep the database, logs and exports in DIR (default: the per-user data directory)"),
            OptionSpec("--dataset", value: "FILE", help: "load recipes from a JSON file instead of the bundled dataset"),
            OptionSpec("--premium", help: "act as a premium user (unlocks premium search filters)"),
            OptionSpec("--verbose", help: "also print page views and events to stderr"),
        ] + WebAPIOptions.help(recording: true).map { OptionSpec($0.name, value: $0.value, help: $0.help) } + [
            OptionSpec(
                "--cache-max-age", value: "AGE",
                help: "with --api-url: answer a recipe saved less than AGE ago (90s, 30m, 12h, 7d) without asking the server (default: 1h)")
        ],
        notes: [
            // One note is one paragraph: its lines are joined here, not given as two notes (a blank line between).
            """
            Data: favorites, the shopping list, recent searches and the recipe cache live in DATA_DIR/cookbook.sqlite;
            page views and events are written as JSON lines to DATA_DIR/logs/events.jsonl.
            """
        ]
    )

    @MainActor
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Int32 {
        await Runner.main(program, arguments: arguments, gallery: AppGallery.renderer) { options in
            let notices = RunNotices()
            let app = AppCoordinator(environment: try makeEnvironment(options, notices: notices))
            app.tabBar.notices = notices
            return app
        }.rawValue
    }

    /// Builds the real environment. Store problems become warnings and, when changes cannot be
    /// saved, a banner, both in `notices` (the app carries on); a bad recipe source is a usage
    /// or startup error.
    /// `networking` gives the live HTTP exchange, asked for only when `--api-url` is given
    /// (on Linux it opens a library; tests pass the one linked into them). `clock` is the
    /// system's, or a test's that moves only when told; `region` the machine's, or a test's.
    static func makeEnvironment(
        _ options: LaunchOptions, notices: RunNotices = RunNotices(),
        networking: () throws(NetworkingLibraryError) -> NetworkingLibrary.Exchange = NetworkingLibrary.load,
        clock: any WallClock = SystemClock(), region: Region? = nil
    ) throws -> AppEnvironment {
        let dataDirectory = DataDirectory.resolve(override: options.value("--data-dir"))
        let store: LocalStore
        do {
            store = try LocalStore.open(in: dataDirectory.url, notices: notices)
        } catch {
            throw StartupError("\(error.inWords) \(error.recoverySuggestion ?? "")")
        }
        for warning in store.warnings { notices.warn(warning) }
        notices.banner = store.banner
        // An export killed mid-write left its temporary file; its writer is gone, so it goes.
        FileReplacement.removeLeftovers(inFolder: dataDirectory.exports.path)
        let logger = JSONLinesLogger(fileURL: dataDirectory.logFile, echoToStandardError: options.has("--verbose"), notices: notices)
        let cache = RecipeCacheSetting(store: store.recipeCache(forServerAt:), clock: clock, events: logger, notices: notices)
        let (client, source) = try recipeSource(options, cache: cache, networking: networking)
        return AppEnvironment(
            AppEnvironment.Dependencies(
                client: client,
                pageViewLogger: logger,
                activityLogger: logger,
                userFeatures: options.has("--premium") ? .premium : .free,
                favorites: store.favorites,
                shoppingList: store.shoppingList,
                recentSearches: store.recentSearches,
                kitchenPreferences: store.kitchenPreferences,
                clock: clock,
                region: region ?? MachineRegion.current(at: clock.now)
            ),
            resolver: AppResolver(
                exportDirectory: dataDirectory.exports,
                about: LegacyAboutPage.Facts(version: program.version, dataDirectory: dataDirectory.url.path, recipeSource: source)
            )
        )
    }

    /// The bundled dataset by default; a dataset file; or the web API: live behind the cache,
    /// recorded into a cassette, or replayed from one.
    static func recipeSource(
        _ options: LaunchOptions, cache: RecipeCacheSetting, networking: () throws(NetworkingLibraryError) -> NetworkingLibrary.Exchange
    ) throws -> (any RecipeServiceClient, String) {
        let maxAge = try options.value("--cache-max-age").map(CacheMaxAge.parse)
        let web: WebAPIOptions?
        do {
            web = try WebAPIOptions.parse(options.value)
        } catch {
            throw UsageError(error.message)
        }
        if let web {
            // Recording and replaying bypass the cache: every call is a real exchange of the cassette.
            if maxAge != nil, web.apiURL == nil || web.record != nil || web.replay != nil {
                throw UsageError("--cache-max-age needs --api-url URL without --record or --replay: only the live web API is cached")
            }
            let made: WebAPIOptions.Client
            do {
                made = try web.makeClient(
                    recordedWith: "\(program.name) \(program.version)", clock: cache.clock, networking: networking,
                    onMiss: { [notices = cache.notices] miss in notices.fail(miss.failure) })
            } catch {
                throw StartupError(error.message)
            }
            guard made.isLive, let server = web.apiURL else { return (made.client, made.description) }
            let client = CachingRecipeClient(
                remote: made.client, cache: cache.store(server), maxAge: maxAge ?? .standard, clock: cache.clock, events: cache.events,
                notices: cache.notices)
            return (client, made.description + " (cached)")
        }
        if maxAge != nil { throw UsageError("--cache-max-age needs --api-url URL: only the web API is cached") }
        do {
            if let path = options.value("--dataset") {
                return (try BundledRecipeClient.load(from: URL(fileURLWithPath: path)), "dataset \(path)")
            }
            return (BundledRecipeClient.bundled(), "bundled dataset")
        } catch {
            throw StartupError(error.inWords + ((error as? DatasetError).map { " \($0.recovery)" } ?? ""))
        }
    }
}

/// What the web API cache is made of, when `--api-url` asks for one.
struct RecipeCacheSetting {
    /// The cache of the server at an address.
    var store: (URL) -> any Repository<CachedRecipe>
    var clock: any WallClock
    var events: any ActivityLogger
    var notices: RunNotices
}
