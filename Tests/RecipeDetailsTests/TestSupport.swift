import Core
import CoreTesting
import Foundation
import Synchronization

extension ScreenContent {
    /// The texts of a titled section's rows, top to bottom.
    func rowTexts(inSectionTitled title: String) -> [String] {
        sections.first { $0.title == title }?.rows.map(\.label) ?? []
    }

    /// Whether the favorite toggle is on; nil when the screen shows no toggle.
    var isFavoriteShown: Bool? {
        guard case let .toggle(_, isOn)? = row(id: "favorite")?.element else { return nil }
        return isOn
    }
}

/// A store error that says what happened in words, as `LocalizedError`s do.
struct StoreUnavailable: LocalizedError, Equatable {
    var errorDescription: String? { "the disk is full" }
    var recoverySuggestion: String? { "Free some space and try again." }
}

/// A repository whose every operation fails, as a full disk or a locked database would.
struct FailingRepository<Entity: Identifiable & Queryable>: Repository where Entity.ID: Sendable {
    func find(id: Entity.ID) async throws -> Entity? { throw StoreUnavailable() }
    func findAll(_ query: Query<Entity>, sort: [Sort<Entity>]) async throws -> [Entity] { throw StoreUnavailable() }
    func save(_ entities: [Entity]) async throws { throw StoreUnavailable() }
    func delete(ids: [Entity.ID]) async throws { throw StoreUnavailable() }
}

/// Fails the calls numbered in `failingCalls` (the first call is 1) with the stub's
/// "unreachable" error, and serves `base` otherwise.
final class ScriptedClient: RecipeServiceClient {
    let base: StubRecipeClient
    private let failingCalls: Set<Int>
    private let callCount = Mutex(0)

    init(failingCalls: Set<Int>, base: StubRecipeClient) {
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

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        try failIfDue()
        return try await base.searchRecipes(query, sort: sort, page: page)
    }

    func recipe(id: Recipe.ID) async throws -> Recipe {
        try failIfDue()
        return try await base.recipe(id: id)
    }

    func feed() async throws -> RecipeFeed {
        try failIfDue()
        return try await base.feed()
    }
}

/// An exporter that cannot write, as a read-only disk would make it.
struct FailingExporter: RecipeExporter {
    func export(_ recipe: Recipe) async throws -> String { throw StoreUnavailable() }
}
