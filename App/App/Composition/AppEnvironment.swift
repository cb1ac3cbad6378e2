import Core

/// The real environment: the bundled dataset or the web API, file loggers, the app's stores,
/// the system clock, the machine's region, random ids and the system's random source. Built once at launch by `CookbookApp`.
///
/// `resolve` calls the concrete `AppResolver` it stores rather than the `any Resolver` the
/// protocol exposes, so a resolve is one call on the descriptor and one on a known class: about
/// the cost of a property read (docs/benchmarks.md, "resolve").
final class AppEnvironment: Environment {
    let client: any RecipeServiceClient
    let pageViewLogger: any PageViewLogger
    let activityLogger: any ActivityLogger
    let userFeatures: UserFeatures
    let favorites: any Repository<FavoriteRecipe>
    let shoppingList: any Repository<ShoppingItem>
    let recentSearches: any Repository<RecentSearch>
    let kitchenPreferences: any Repository<KitchenPreference>
    let clock: any WallClock
    let region: Region
    let ids: any IDGenerator
    let random: any RandomSource
    private let appResolver: AppResolver

    var resolver: any Resolver { appResolver }

    init(
        client: any RecipeServiceClient,
        pageViewLogger: any PageViewLogger,
        activityLogger: any ActivityLogger,
        userFeatures: UserFeatures,
        favorites: any Repository<FavoriteRecipe>,
        shoppingList: any Repository<ShoppingItem>,
        recentSearches: any Repository<RecentSearch>,
        kitchenPreferences: any Repository<KitchenPreference>,
        clock: any WallClock = SystemClock(),
        region: Region,
        ids: any IDGenerator = RandomIDs(),
        random: any RandomSource = SystemRandom(),
        resolver: AppResolver
    ) {
        self.client = client
        self.pageViewLogger = pageViewLogger
        self.activityLogger = activityLogger
        self.userFeatures = userFeatures
        self.favorites = favorites
        self.shoppingList = shoppingList
        self.recentSearches = recentSearches
        self.kitchenPreferences = kitchenPreferences
        self.clock = clock
        self.region = region
        self.ids = ids
        self.random = random
        appResolver = resolver
    }

    @MainActor
    func resolve<D: Descriptor>(_ descriptor: D) -> D.Output {
        descriptor.resolve(with: appResolver, in: self)
    }
}
