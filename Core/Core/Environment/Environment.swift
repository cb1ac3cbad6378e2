/// Every dependency a feature may touch. A feature screen is created with an environment
/// and reaches side effects only through it, so the app, tests and sandboxes can each
/// supply their own.
public protocol Environment: Sendable {
    var client: any RecipeServiceClient { get }
    var pageViewLogger: any PageViewLogger { get }
    var activityLogger: any ActivityLogger { get }
    var userFeatures: UserFeatures { get }
    var favorites: any Repository<FavoriteRecipe> { get }
    var shoppingList: any Repository<ShoppingItem> { get }
    var recentSearches: any Repository<RecentSearch> { get }
    /// Builds what descriptors name. Call `resolve(_:)` rather than this.
    var resolver: any Resolver { get }
}

extension Environment {
    /// The one way to get something from another feature: a screen, or a service only the app has.
    /// Constant cost: one witness-table call on the descriptor, one on the resolver.
    @MainActor
    public func resolve<D: Descriptor>(_ descriptor: D) -> D.Output {
        descriptor.resolve(with: resolver, in: self)
    }
}
