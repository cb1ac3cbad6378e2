import Core

/// Fails the calls numbered in `failingCalls` (the first call is 1) with the stub's
/// "unreachable" error, and serves `base` otherwise.
public final class ScriptedClient: RecipeServiceClient {
    public let base: StubRecipeClient
    private let failingCalls: Set<Int>
    private let callCount = Locked(0)

    public init(failingCalls: Set<Int>, base: StubRecipeClient) {
        self.base = base
        self.failingCalls = failingCalls
    }

    private func failIfDue() throws {
        let number = callCount.withLock { count in
            count += 1
            return count
        }
        if failingCalls.contains(number) { throw StubServiceError.unreachable }
    }

    public func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        try failIfDue()
        return try await base.searchRecipes(query, sort: sort, page: page)
    }

    public func recipe(id: Recipe.ID) async throws -> Recipe {
        try failIfDue()
        return try await base.recipe(id: id)
    }

    public func feed() async throws -> RecipeFeed {
        try failIfDue()
        return try await base.feed()
    }
}
