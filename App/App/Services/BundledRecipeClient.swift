import Core
import DataFormats
import TerminalRunner
import WebAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Serves the recipes bundled with the app (`BundledRecipes`) or a dataset file through the same
/// `RecipeServiceClient` protocol as the web API, so the app works offline with no set-up.
struct BundledRecipeClient: RecipeServiceClient {
    let recipes: [Recipe]
    /// Each recipe's searchable words, folded by the first keyword search, not at launch.
    private let words = FoldedOnce()

    init(recipes: [Recipe]) {
        self.recipes = recipes
    }

    /// The recipes shipped inside the app (`BundledRecipes`): nothing to read or decode.
    static func bundled() -> BundledRecipeClient {
        BundledRecipeClient(recipes: BundledRecipes.all)
    }

    /// A dataset file; errors name the file and where in it the problem is.
    static func load(from url: URL) throws -> BundledRecipeClient {
        let data: Data
        do {
            // A named pipe, a device or a folder is refused before anything waits on it.
            _ = try FileReplacement.regularFile(at: url.path)
            data = try FileContents.read(atPath: url.path)
        } catch let problem as FileProblem {
            throw DatasetError(file: url.path, problem: problem.reason, recovery: "Give the path of a JSON file of recipes.")
        } catch {
            throw DatasetError(
                file: url.path, problem: "it cannot be read (\(error.inWords))",
                recovery: "Check the path and its permissions.")
        }
        let recipes: [Recipe]
        do {
            recipes = try JSONReader.decode([Recipe].self, from: data)
        } catch {
            throw DatasetError(
                file: url.path, problem: error.description(file: url.path), recovery: "Fix the file so that it is a JSON array of recipes.")
        }
        let problems = RecipeValidation.problems(in: recipes)
        guard problems.isEmpty else {
            throw DatasetError(
                file: url.path, problem: RecipeValidation.summary(of: problems),
                recovery:
                    "Fix these values in the file: every recipe needs an id of its own (0 or more), a title of at most \(RecipeValidation.longestTitle) characters, and no time, amount or count below zero."
            )
        }
        return BundledRecipeClient(recipes: recipes)
    }

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        let matches =
            query.keywords.words.isEmpty
            ? query.results(in: recipes, sortedBy: sort)
            : query.results(in: recipes, words: words.of(recipes), sortedBy: sort)
        return RecipePage(recipes: Array(matches.dropFirst(page.offset).prefix(page.limit)), total: matches.count, page: page)
    }

    func recipe(id: Recipe.ID) async throws -> Recipe {
        guard let recipe = recipes.first(where: { $0.id == id }) else { throw RecipeNotFound(id: id) }
        return recipe
    }

    func feed() async throws -> RecipeFeed {
        RecipeFeed(
            popular: Array(recipes.sorted(by: [.descending(.popularity)]).prefix(8)),
            new: Array(recipes.sorted(by: [.descending(.publishedOn)]).prefix(8))
        )
    }
}

/// The recipes' searchable words, folded once and kept: a search of 10,000 recipes then only
/// looks words up, instead of folding every recipe's text again.
private final class FoldedOnce: @unchecked Sendable {
    private let lock = Lock()
    private var words: [SearchableWords]?

    func of(_ recipes: [Recipe]) -> [SearchableWords] {
        lock.withLock {
            if let words { return words }
            let folded = recipes.map(SearchableWords.init)
            words = folded
            return folded
        }
    }
}

struct RecipeNotFound: LocalizedError, RetryAwareError, Equatable {
    let id: Recipe.ID
    var canRetry: Bool { false }
    var errorDescription: String? { "there is no recipe with id \(id)" }
    var recoverySuggestion: String? { "Search for the recipe instead." }
}

/// A dataset file that cannot be used, said with the file and the place in it.
struct DatasetError: LocalizedError, Equatable {
    let file: String
    let problem: String
    let recovery: String

    var errorDescription: String? { "The recipe dataset \(file) cannot be used: \(problem)." }
    var recoverySuggestion: String? { recovery }
}
