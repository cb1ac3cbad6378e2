import Core
import DataFormats
import TerminalRunner
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The app's part of the screen gallery (`cookbook --gallery`): the screens the App module
/// builds itself (About, from the legacy page), in the environment the app starts with. The
/// features' screens are their sandboxes' part; the app links them, but does not render them.
enum AppGallery {
    /// The module whose screens are the app's own.
    static let module = "App"

    @MainActor
    static var renderer: GalleryRenderer {
        GalleryRenderer(
            program: "cookbook", owner: module,
            scenarios: [
                GalleryRenderer.Scenario(
                    name: "default", summary: "the app as it starts: the bundled dataset, nothing saved, data in ~/.local/share/cookbook"
                ) { _ in try environment() }
            ],
            // About loads nothing and cannot fail or be empty: it shows what the app knows at once.
            examples: [.screen(Screens.About(), states: [.content])],
            isOwn: { String(reflecting: type(of: $0)).hasPrefix(module + ".") }
        )
    }

    /// The app's environment with nothing of the machine in it: the bundled dataset, stores in
    /// memory, no log files, a fixed clock and region, a fresh legacy page, and the data folder as the
    /// default reads on Linux (the gallery must not hold this machine's paths).
    @MainActor
    static func environment() throws -> AppEnvironment {
        let logger = DiscardingLogger()
        return AppEnvironment(
            AppEnvironment.Dependencies(
                client: BundledRecipeClient.bundled(),
                pageViewLogger: logger,
                activityLogger: logger,
                userFeatures: .free,
                favorites: InMemoryRepository<FavoriteRecipe>(),
                shoppingList: InMemoryRepository<ShoppingItem>(),
                recentSearches: InMemoryRepository<RecentSearch>(),
                kitchenPreferences: InMemoryRepository<KitchenPreference>(),
                clock: FixedClock(),
                region: .utc
            ),
            resolver: AppResolver(
                exportDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("cookbook-gallery-exports"),
                about: LegacyAboutPage.Facts(
                    version: CookbookApp.program.version, dataDirectory: "~/.local/share/cookbook", recipeSource: "bundled dataset"),
                aboutPage: LegacyAboutPage()
            )
        )
    }
}

/// Logs nothing: the gallery only looks.
private struct DiscardingLogger: PageViewLogger, ActivityLogger {
    func log(_ pageView: PageView) {}
    func log(_ event: ActivityEvent) {}
}

/// Friday 20 November 2026, 09:00 UTC, as in the sandboxes, whatever the day the gallery is made.
private struct FixedClock: WallClock {
    var now: Date { Date(timeIntervalSince1970: 1_795_165_200) }

    func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
