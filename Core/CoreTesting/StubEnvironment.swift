import Core

/// The environment of tests and sandboxes: fixture recipes, in-memory stores, recording
/// loggers and placeholder screens. It is a value: change a copy to override one dependency
/// for a scope (`env.overriding(\.userFeatures, with: .premium)`); nothing is global, so
/// parallel tests cannot leak into each other.
public struct StubEnvironment: Environment {
    /// What features did through this environment (shared by copies made from it).
    public let recorder: Recorder

    public var client: any RecipeServiceClient
    public var pageViewLogger: any PageViewLogger
    public var activityLogger: any ActivityLogger
    public var userFeatures: UserFeatures
    public var favorites: any Repository<FavoriteRecipe>
    public var shoppingList: any Repository<ShoppingItem>
    public var recentSearches: any Repository<RecentSearch>
    public var stubResolver: StubResolver
    public var resolver: any Resolver { stubResolver }

    public init(scenario: Scenario = .default, recipes: [Recipe] = Fixtures.recipes) {
        let recorder = Recorder()
        self.recorder = recorder
        client = StubRecipeClient(recipes: recipes, behaviour: scenario.clientBehaviour, recorder: recorder)
        pageViewLogger = recorder
        activityLogger = recorder
        userFeatures = scenario == .premium ? .premium : .free
        if scenario == .failure {
            favorites = FailingRepository<FavoriteRecipe>()
            shoppingList = FailingRepository<ShoppingItem>()
            recentSearches = FailingRepository<RecentSearch>()
        } else {
            favorites = InMemoryRepository<FavoriteRecipe>()
            shoppingList = InMemoryRepository<ShoppingItem>()
            recentSearches = InMemoryRepository<RecentSearch>()
        }
        stubResolver = StubResolver(recorder: recorder)
    }

    /// Fills the stores with the fixture favorites and shopping items, as a user's data
    /// would be: sandboxes start this way so every screen has something to show.
    public func addFixtureUserData() async throws {
        try await favorites.save(Fixtures.favorites)
        try await shoppingList.save(Fixtures.shoppingItems)
    }

    /// A copy with one dependency replaced; the original is untouched.
    public func overriding<Value>(_ dependency: WritableKeyPath<StubEnvironment, Value>, with value: Value) -> StubEnvironment {
        var copy = self
        copy[keyPath: dependency] = value
        return copy
    }

    /// Runs `body` with a copy whose dependencies `change` replaced: the override lasts for
    /// that scope only.
    public func withOverrides<Result>(
        _ change: (inout StubEnvironment) -> Void,
        _ body: (StubEnvironment) async throws -> Result
    ) async rethrows -> Result {
        var copy = self
        change(&copy)
        return try await body(copy)
    }
}
