import Core

/// The real environment: the bundled dataset or the web API, file loggers and the app's
/// stores. Built once at launch by `CookbookApp`.
///
/// A final class, not a struct: features hold it as `any Environment`, and `resolve` passes
/// it on as one. A struct of eight fields does not fit an existential's inline buffer, so each
/// `resolve` would allocate a box and retain every field; a class reference is one retain
/// (docs/benchmarks.md, "Runtime": about 250 ns a call as a struct, about 75 ns as a class).
final class AppEnvironment: Environment {
    let client: any RecipeServiceClient
    let pageViewLogger: any PageViewLogger
    let activityLogger: any ActivityLogger
    let userFeatures: UserFeatures
    let favorites: any Repository<FavoriteRecipe>
    let shoppingList: any Repository<ShoppingItem>
    let recentSearches: any Repository<RecentSearch>
    let resolver: any Resolver

    init(
        client: any RecipeServiceClient,
        pageViewLogger: any PageViewLogger,
        activityLogger: any ActivityLogger,
        userFeatures: UserFeatures,
        favorites: any Repository<FavoriteRecipe>,
        shoppingList: any Repository<ShoppingItem>,
        recentSearches: any Repository<RecentSearch>,
        resolver: any Resolver
    ) {
        self.client = client
        self.pageViewLogger = pageViewLogger
        self.activityLogger = activityLogger
        self.userFeatures = userFeatures
        self.favorites = favorites
        self.shoppingList = shoppingList
        self.recentSearches = recentSearches
        self.resolver = resolver
    }
}
