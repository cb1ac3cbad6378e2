import Core
import CoreTesting
import Synchronization

/// A screen that only shows a title: it has no rows.
@MainActor
final class LabelledScreen: Screen {
    let label: String
    var onChange: (@MainActor () -> Void)?

    init(_ label: String) {
        self.label = label
    }

    var content: ScreenContent<Never> { ScreenContent(title: label) }

    func appear() async {}

    func handle(_ event: ScreenEvent<Never>) async -> Navigation? { nil }
}

/// A resolver that records which of its builders ran, with which descriptor and
/// in which environment (named by the environment's feature flags). Every screen but search and
/// details, the app's own and the parts', is recorded as `.screen` through `placeholder(for:in:)`.
final class RecordingResolver: Resolver, PlaceholderBuilding {
    enum Build: Equatable, Sendable {
        case search(Screens.RecipeSearch)
        case details(Screens.RecipeDetails)
        case export(RecipeExportDescriptor)
        /// Any other screen descriptor, as `Type(field: value)`.
        case screen(String)
    }

    /// What every export descriptor resolves to.
    let exporter = RecordingExporter(format: .markdown)
    private let log = Mutex<[(build: Build, flags: Set<String>)]>([])

    var builds: [Build] { log.withLock { $0.map(\.build) } }
    var environmentFlags: [Set<String>] { log.withLock { $0.map(\.flags) } }

    @MainActor func buildRecipeSearch(_ descriptor: Screens.RecipeSearch, in environment: any Environment) -> any Screen {
        log.withLock { $0.append((.search(descriptor), environment.userFeatures.flags)) }
        return LabelledScreen("search: \(descriptor.query)")
    }

    @MainActor func buildRecipeDetails(_ descriptor: Screens.RecipeDetails, in environment: any Environment) -> any Screen {
        log.withLock { $0.append((.details(descriptor), environment.userFeatures.flags)) }
        return LabelledScreen("details: \(descriptor.recipeID)")
    }

    @MainActor func placeholder<D: ScreenDescriptor>(for descriptor: D, in environment: any Environment) -> any Screen {
        screen(descriptor, environment)
    }

    @MainActor private func screen(_ descriptor: some ScreenDescriptor, _ environment: any Environment) -> any Screen {
        let label = String(describing: descriptor)
        log.withLock { $0.append((.screen(label), environment.userFeatures.flags)) }
        return LabelledScreen(label)
    }

    @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
        log.withLock { $0.append((.export(descriptor), environment.userFeatures.flags)) }
        return exporter
    }
}

/// The smallest environment that can carry a custom resolver. It uses `Environment`'s default
/// `resolve`, through the `resolver` property.
final class TestEnvironment: Environment {
    let client: any RecipeServiceClient = StubRecipeClient()
    let pageViewLogger: any PageViewLogger = Recorder()
    let activityLogger: any ActivityLogger = Recorder()
    let userFeatures: UserFeatures
    let favorites: any Repository<FavoriteRecipe> = InMemoryRepository<FavoriteRecipe>()
    let shoppingList: any Repository<ShoppingItem> = InMemoryRepository<ShoppingItem>()
    let recentSearches: any Repository<RecentSearch> = InMemoryRepository<RecentSearch>()
    let kitchenPreferences: any Repository<KitchenPreference> = InMemoryRepository<KitchenPreference>()
    let clock: any WallClock = TestClock()
    let region = Fixtures.region
    let ids: any IDGenerator = SequentialIDs()
    let random: any RandomSource = SeededRandom()
    let resolver: any Resolver

    init(resolver: any Resolver, flags: Set<String> = []) {
        self.resolver = resolver
        userFeatures = UserFeatures(flags: flags)
    }
}
