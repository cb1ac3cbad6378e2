import Core

/// The web API as a `Repository<Recipe>`: the same `Query` and `Sort` values that
/// become SQL on SQLite and a filter in memory become the query parameters of `GET /recipes`
/// (`RecipeAPIContract.queryItems`). The contract only publishes recipes, so the repository
/// reads: saving or deleting fails with `APIError.readOnly`, and nothing is sent.
extension HTTPRecipeClient: Repository {
    /// How many recipes `findAll` asks for at a time.
    static let pageSize = 100

    /// `GET /recipes/{id}`; nil when the server answers 404.
    public func find(id: Recipe.ID) async throws -> Recipe? {
        do {
            return try await recipe(id: id)
        } catch APIError.notFound {
            return nil
        }
    }

    /// Every match, in order: `GET /recipes` a page at a time until the server's total.
    public func findAll(_ query: Query<Recipe>, sort: [Sort<Recipe>]) async throws -> [Recipe] {
        var recipes: [Recipe] = []
        // The first answer's total bounds the walk, so a server whose total keeps growing
        // cannot keep it going for ever.
        var total = Int.max
        while recipes.count < total {
            let page = try await searchRecipes(query, sort: sort, page: PageRequest(offset: recipes.count, limit: Self.pageSize))
            if total == Int.max { total = page.total }
            guard !page.recipes.isEmpty else { break }
            recipes += page.recipes
        }
        return recipes
    }

    /// Refused: the web API only publishes recipes. Saving none does nothing, as on every backend.
    public func save(_ entities: [Recipe]) async throws {
        guard !entities.isEmpty else { return }
        throw APIError.readOnly(url: transport.address(of: HTTPRequest(path: "/recipes")), operation: "save")
    }

    /// Refused: the web API only publishes recipes.
    public func delete(ids: [Recipe.ID], matching query: Query<Recipe>) async throws -> [Recipe.ID] {
        guard !ids.isEmpty else { return [] }
        throw APIError.readOnly(url: transport.address(of: HTTPRequest(path: "/recipes")), operation: "delete")
    }

    /// Refused: the web API only publishes recipes.
    public func update(id: Recipe.ID, _ change: @Sendable (inout Recipe) -> Void) async throws -> Recipe {
        throw APIError.readOnly(url: address(ofRecipe: id), operation: "save")
    }

    /// Refused: the web API only publishes recipes.
    public func append(_ entities: [Recipe], numbering order: Recipe.Field, _ place: @Sendable (inout Recipe, Int) -> Void) async throws
        -> [Recipe]
    {
        guard !entities.isEmpty else { return [] }
        throw APIError.readOnly(url: transport.address(of: HTTPRequest(path: "/recipes")), operation: "save")
    }

    /// Refused: the web API only publishes recipes.
    public func update<Result: Sendable>(
        _ query: Query<Recipe>, numbering order: Recipe.Field, doing what: String, _ change: @Sendable (inout [Recipe], Int) -> Result
    ) async throws -> Result {
        throw APIError.readOnly(url: transport.address(of: HTTPRequest(path: "/recipes")), operation: "save")
    }
}
