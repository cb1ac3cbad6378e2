import Core

/// The real environment: the bundled dataset or the web API, file loggers, the app's stores,
/// the system clock, the machine's region, random ids and the system's random source. Built once at launch by `CookbookApp`.
///
/// Its dependencies are one value (`Dependencies`), whose synthesized initializer is the one
/// place a dependency's live value is given; each is exposed as `Environment` requires.
///
/// `resolve` calls the concrete `AppResolver` it stores rather than the `any Resolver` the
/// protocol exposes, so a resolve is one call on the descriptor and one on a known class: about
/// the cost of a property read (docs/benchmarks.md, "resolve").
final class AppEnvironment: Environment {
    /// Everything a feature can reach, as the app supplies it; the ones with a default are the
    /// same wherever the app runs.
    struct Dependencies: Sendable {
        var client: any RecipeServiceClient
        var pageViewLogger: any PageViewLogger
        var activityLogger: any ActivityLogger
        var userFeatures: UserFeatures
        var favorites: any Repository<FavoriteRecipe>
        var shoppingList: any Repository<ShoppingItem>
        var recentSearches: any Repository<RecentSearch>
        var kitchenPreferences: any Repository<KitchenPreference>
        var clock: any WallClock = SystemClock()
        var region: Region
        var ids: any IDGenerator = RandomIDs()
        var random: any RandomSource = SystemRandom()
    }

    let dependencies: Dependencies
    private let appResolver: AppResolver

    init(_ dependencies: Dependencies, resolver: AppResolver) {
        self.dependencies = dependencies
        appResolver = resolver
    }

    var client: any RecipeServiceClient { dependencies.client }
    var pageViewLogger: any PageViewLogger { dependencies.pageViewLogger }
    var activityLogger: any ActivityLogger { dependencies.activityLogger }
    var userFeatures: UserFeatures { dependencies.userFeatures }
    var favorites: any Repository<FavoriteRecipe> { dependencies.favorites }
    var shoppingList: any Repository<ShoppingItem> { dependencies.shoppingList }
    var recentSearches: any Repository<RecentSearch> { dependencies.recentSearches }
    var kitchenPreferences: any Repository<KitchenPreference> { dependencies.kitchenPreferences }
    var clock: any WallClock { dependencies.clock }
    var region: Region { dependencies.region }
    var ids: any IDGenerator { dependencies.ids }
    var random: any RandomSource { dependencies.random }
    var resolver: any Resolver { appResolver }

    @MainActor
    func resolve<D: Descriptor>(_ descriptor: D) -> D.Output {
        descriptor.resolve(with: appResolver, in: self)
    }
}
