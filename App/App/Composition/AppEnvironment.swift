import Core

/// The real environment: the bundled dataset (or, later, the web API), file loggers and
/// the app's stores. Built once at launch by `CookbookApp`.
struct AppEnvironment: Environment {
    var client: any RecipeServiceClient
    var pageViewLogger: any PageViewLogger
    var activityLogger: any ActivityLogger
    var userFeatures: UserFeatures
    var favorites: any Repository<FavoriteRecipe>
    var shoppingList: any Repository<ShoppingItem>
    var recentSearches: any Repository<RecentSearch>
    var resolver: any Resolver
}
