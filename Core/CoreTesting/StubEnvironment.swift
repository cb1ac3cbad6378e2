import Core

/// The environment of tests and sandboxes: fixture recipes, in-memory stores, recording
/// loggers, a test clock, the fixed region (`Fixtures.region`), sequential ids, a seeded random
/// source and placeholder screens.
///
/// Its dependencies are a value (`Dependencies`): override one for a scope with a copy
/// (`env.overriding(\.userFeatures, with: .premium)`); nothing is global, so parallel tests
/// cannot leak into each other. Copies share the recorder and the resolver, so what a copy
/// did is seen on the original's recorder.
public final class StubEnvironment: Environment {
    /// Everything a feature can reach, as plain values.
    public struct Dependencies: Sendable {
        public var client: any RecipeServiceClient
        public var pageViewLogger: any PageViewLogger
        public var activityLogger: any ActivityLogger
        public var userFeatures: UserFeatures
        public var favorites: any Repository<FavoriteRecipe>
        public var shoppingList: any Repository<ShoppingItem>
        public var recentSearches: any Repository<RecentSearch>
        public var kitchenPreferences: any Repository<KitchenPreference>
        public var clock: any WallClock
        public var region: Region
        public var ids: any IDGenerator
        public var random: any RandomSource
    }

    /// What features did through this environment (shared by copies made from it).
    public let recorder: Recorder
    /// Placeholders for every screen, unless a builder is set (shared by copies).
    public let stubResolver: StubResolver
    public let dependencies: Dependencies

    public var client: any RecipeServiceClient { dependencies.client }
    public var pageViewLogger: any PageViewLogger { dependencies.pageViewLogger }
    public var activityLogger: any ActivityLogger { dependencies.activityLogger }
    public var userFeatures: UserFeatures { dependencies.userFeatures }
    public var favorites: any Repository<FavoriteRecipe> { dependencies.favorites }
    public var shoppingList: any Repository<ShoppingItem> { dependencies.shoppingList }
    public var recentSearches: any Repository<RecentSearch> { dependencies.recentSearches }
    public var kitchenPreferences: any Repository<KitchenPreference> { dependencies.kitchenPreferences }
    public var clock: any WallClock { dependencies.clock }
    public var region: Region { dependencies.region }
    public var ids: any IDGenerator { dependencies.ids }
    public var random: any RandomSource { dependencies.random }
    public var resolver: any Resolver { stubResolver }

    /// An environment in a scenario's situation: its service and its dependency changes, with
    /// empty stores (`scenario.makeEnvironment()` also puts the scenario's user data in them).
    /// - Parameters:
    ///   - recipes: what the stub service serves instead of the scenario's recipes.
    ///   - clock: `TestClock()` (starting at `Fixtures.now`, sleeping instantly) unless given.
    public convenience init(scenario: Scenario = .default, recipes: [Recipe]? = nil, clock: any WallClock = TestClock()) {
        let plain = StubEnvironment(
            recipes: recipes ?? scenario.recipes, service: scenario.service, savedCopy: scenario.savedCopy, clock: clock)
        var changed = plain.dependencies
        scenario.dependencies(&changed)
        self.init(copying: plain, dependencies: changed)
    }

    /// The stub service over `recipes`, in-memory stores, recording loggers, a free user.
    init(recipes: [Recipe], service: StubRecipeClient.Behaviour, savedCopy: RecipePage.SavedCopy? = nil, clock: any WallClock) {
        let recorder = Recorder()
        self.recorder = recorder
        stubResolver = StubResolver(recorder: recorder)
        dependencies = Dependencies(
            client: StubRecipeClient(recipes: recipes, behaviour: service, recorder: recorder, clock: clock, savedCopy: savedCopy),
            pageViewLogger: recorder,
            activityLogger: recorder,
            userFeatures: .free,
            favorites: InMemoryRepository<FavoriteRecipe>(),
            shoppingList: InMemoryRepository<ShoppingItem>(),
            recentSearches: InMemoryRepository<RecentSearch>(),
            kitchenPreferences: InMemoryRepository<KitchenPreference>(),
            clock: clock,
            region: Fixtures.region,
            ids: SequentialIDs(),
            random: SeededRandom()
        )
    }

    private init(copying original: StubEnvironment, dependencies: Dependencies) {
        recorder = original.recorder
        stubResolver = original.stubResolver
        self.dependencies = dependencies
    }

    @MainActor
    public func resolve<D: Descriptor>(_ descriptor: D) -> D.Output {
        descriptor.resolve(with: stubResolver, in: self)
    }

    /// Fills the stores with the fixture favorites and shopping items, as a user's data
    /// would be: sandboxes start this way so every screen has something to show.
    public func addFixtureUserData() async throws {
        try await favorites.save(Fixtures.favorites)
        try await shoppingList.save(Fixtures.shoppingItems)
    }

    /// A copy with one dependency replaced; the original is untouched.
    public func overriding<Value>(_ dependency: WritableKeyPath<Dependencies, Value>, with value: Value) -> StubEnvironment {
        changing { $0[keyPath: dependency] = value }
    }

    /// A copy whose dependencies `change` changed; the original is untouched. The copy shares the
    /// recorder and the resolver, and the stores themselves unless `change` replaces them.
    public func changing(_ change: (inout Dependencies) -> Void) -> StubEnvironment {
        var changed = dependencies
        change(&changed)
        return StubEnvironment(copying: self, dependencies: changed)
    }

    /// Runs `body` with a copy whose dependencies `change` replaced: the override lasts for
    /// that scope only.
    public func withOverrides<Result>(
        _ change: (inout Dependencies) -> Void,
        _ body: (StubEnvironment) async throws -> Result
    ) async rethrows -> Result {
        try await body(changing(change))
    }
}
