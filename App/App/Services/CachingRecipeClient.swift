import Core

/// The cache repository of seed 003, in front of a remote recipe service: a recipe is
/// answered from the cache, otherwise fetched, stored and returned. Searches and the feed
/// go to the server (they change) and store what they bring; when the server fails, the
/// cache answers with what it has, and only an empty cache lets the error through.
struct CachingRecipeClient: RecipeServiceClient {
    let remote: any RecipeServiceClient
    let cache: any Repository<Recipe>

    func recipe(id: Recipe.ID) async throws -> Recipe {
        if let cached = try? await cache.find(id: id) { return cached }
        let recipe = try await remote.recipe(id: id)
        try? await cache.save(recipe)
        return recipe
    }

    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage {
        do {
            let result = try await remote.searchRecipes(query, sort: sort, page: page)
            try? await cache.save(result.recipes)
            return result
        } catch {
            // The same query runs on the cache: one query value, every backend.
            guard let cached = try? await cache.findAll(query, sort: sort), !cached.isEmpty else { throw error }
            return RecipePage(recipes: Array(cached.dropFirst(page.offset).prefix(page.limit)), total: cached.count, page: page)
        }
    }

    func feed() async throws -> RecipeFeed {
        do {
            let feed = try await remote.feed()
            try? await cache.save(feed.popular + feed.new)
            return feed
        } catch {
            let popular = (try? await cache.findAll(.all, sort: [.descending(.popularity)])) ?? []
            guard !popular.isEmpty else { throw error }
            let new = (try? await cache.findAll(.all, sort: [.descending(.publishedOn)])) ?? []
            return RecipeFeed(popular: Array(popular.prefix(8)), new: Array(new.prefix(8)))
        }
    }
}
