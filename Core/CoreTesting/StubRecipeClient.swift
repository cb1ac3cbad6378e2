import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Serves fixture recipes the way a real backend would (filtered, sorted, paged), with a
/// scenario's behaviour: empty, failing or slow. Records every call.
public struct StubRecipeClient: RecipeServiceClient {
    public enum Behaviour: Sendable {
        case normal
        /// Answers as if the backend had no recipes.
        case empty
        /// Throws `StubServiceError` from every call.
        case failing
        /// Answers normally after a delay.
        case slow(Duration)
    }

    public var recipes: [Recipe]
    public var behaviour: Behaviour
    /// When set, every answer is this saved copy (as the app's cache answers when the server
    /// cannot be reached), so screens can be seen saying so.
    public var savedCopy: RecipePage.SavedCopy?
    public let recorder: Recorder
    /// What `.slow` waits on.
    public var clock: any WallClock

    public init(
        recipes: [Recipe] = Fixtures.recipes, behaviour: Behaviour = .normal, recorder: Recorder = Recorder(),
        clock: any WallClock = TestClock(sleeping: .real), savedCopy: RecipePage.SavedCopy? = nil
    ) {
        self.recipes = recipes
        self.behaviour = behaviour
        self.savedCopy = savedCopy
        self.recorder = recorder
        self.clock = clock
    }

    public func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        recorder.record(.search(query, sort: sort, page: page))
        let matches = query.results(in: try await available(), sortedBy: sort)
        return RecipePage(
            recipes: Array(matches.dropFirst(page.offset).prefix(page.limit)), total: matches.count, page: page, savedCopy: savedCopy)
    }

    public func recipeWithSavedCopy(id: Recipe.ID) async throws -> (recipe: Recipe, savedCopy: RecipePage.SavedCopy?) {
        (try await recipe(id: id), savedCopy)
    }

    public func recipe(id: Recipe.ID) async throws -> Recipe {
        recorder.record(.recipe(id: id))
        guard let recipe = try await available().first(where: { $0.id == id }) else {
            throw StubServiceError.notFound(id)
        }
        return recipe
    }

    public func feed() async throws -> RecipeFeed {
        recorder.record(.feed)
        let all = try await available()
        return RecipeFeed(
            popular: Array(all.sorted(by: [.descending(.popularity)]).prefix(5)),
            new: Array(all.sorted(by: [.descending(.publishedOn)]).prefix(5)),
            savedCopy: savedCopy
        )
    }

    private func available() async throws -> [Recipe] {
        switch behaviour {
        case .normal: return recipes
        case .empty: return []
        case .failing: throw StubServiceError.unreachable
        case .slow(let delay):
            try await clock.sleep(for: delay)
            return recipes
        }
    }
}

public enum StubServiceError: LocalizedError, RetryAwareError, Equatable {
    case unreachable
    case notFound(Recipe.ID)

    public var canRetry: Bool { self == .unreachable }

    public var errorDescription: String? {
        switch self {
        case .unreachable: "The recipe service could not be reached."
        case .notFound(let id): "There is no recipe with id \(id)."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .unreachable: "This is the sandbox's “failure” scenario; run without --scenario to load fixtures."
        case .notFound: "Open a recipe from search instead."
        }
    }
}
