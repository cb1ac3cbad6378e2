/// Every dependency a feature may touch. A feature screen is created with an environment
/// and reaches side effects only through it, so the app, tests and sandboxes can each
/// supply their own.
///
/// Class-bound on purpose: features hold it as `any Environment`, and an existential of a
/// class is a reference and a witness table. `resolve` is a requirement so that an
/// environment can call its own concrete resolver directly (see `resolve(_:)`).
public protocol Environment: AnyObject, Sendable {
    var client: any RecipeServiceClient { get }
    var pageViewLogger: any PageViewLogger { get }
    var activityLogger: any ActivityLogger { get }
    var userFeatures: UserFeatures { get }
    var favorites: any Repository<FavoriteRecipe> { get }
    var shoppingList: any Repository<ShoppingItem> { get }
    var recentSearches: any Repository<RecentSearch> { get }
    /// What search starts with, saved on the Kitchen preferences screen.
    var kitchenPreferences: any Repository<KitchenPreference> { get }
    /// The time: what "now" is, and waiting. Never `Date()` or `Task.sleep` in a feature.
    var clock: any WallClock { get }
    /// Where the cook is: the calendar, time zone and locale dates are told in ("yesterday").
    /// Never `Calendar.current`, `TimeZone.current` or `Locale.current` in a feature.
    var region: Region { get }
    /// New identifiers. Never `UUID()` in a feature.
    var ids: any IDGenerator { get }
    /// Chance. Never `.random(in:)`, `randomElement()` or `shuffled()` in a feature.
    var random: any RandomSource { get }
    /// Builds what descriptors name. Call `resolve(_:)` rather than this.
    var resolver: any Resolver { get }

    /// The one way to get something from another feature: a screen, or a service only the app has.
    /// Constant cost: one witness-table call on the descriptor, one on the resolver.
    @MainActor func resolve<D: Descriptor>(_ descriptor: D) -> D.Output
}

extension Environment {
    /// Resolves through `resolver`. An environment that stores its concrete resolver should
    /// implement `resolve` itself as `descriptor.resolve(with: concreteResolver, in: self)`,
    /// which saves reading the existential back out of the property on every call.
    @MainActor
    public func resolve<D: Descriptor>(_ descriptor: D) -> D.Output {
        descriptor.resolve(with: resolver, in: self)
    }
}
