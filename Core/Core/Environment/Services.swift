/// Where recipes come from: the bundled dataset, the web API, or a stub.
/// Errors should conform to `LocalizedError` so screens can say what happened and what to do.
public protocol RecipeServiceClient: Sendable {
    /// Recipes matching `query`, ordered by `sort`, one page at a time.
    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage
    func recipe(id: Recipe.ID) async throws -> Recipe
    /// The home feed: popular and new recipes.
    func feed() async throws -> RecipeFeed
}

public struct PageRequest: Hashable, Sendable, Codable {
    public var offset: Int
    public var limit: Int

    public init(offset: Int = 0, limit: Int = 20) {
        self.offset = max(0, offset)
        self.limit = max(1, limit)
    }

    public static let first = PageRequest()
}

public struct RecipePage: Hashable, Sendable, Codable {
    public var recipes: [Recipe]
    /// How many recipes match in all, across pages.
    public var total: Int
    public var page: PageRequest

    public init(recipes: [Recipe], total: Int, page: PageRequest) {
        self.recipes = recipes
        self.total = total
        self.page = page
    }

    public var hasMore: Bool { page.offset + recipes.count < total }
}

public struct RecipeFeed: Hashable, Sendable, Codable {
    public var popular: [Recipe]
    public var new: [Recipe]

    public init(popular: [Recipe], new: [Recipe]) {
        self.popular = popular
        self.new = new
    }
}

/// A screen the user saw, as the page-view logger records it.
public struct PageView: Hashable, Sendable, Codable {
    public var name: String
    public var parameters: [String: String]

    public init(_ name: String, parameters: [String: String] = [:]) {
        self.name = name
        self.parameters = parameters
    }
}

/// Something the user did: an event name and a flat payload.
public struct ActivityEvent: Hashable, Sendable, Codable {
    public var name: String
    public var payload: [String: String]

    public init(_ name: String, payload: [String: String] = [:]) {
        self.name = name
        self.payload = payload
    }
}

/// Records which screens were seen. Never blocks and never throws: logging must not break a screen.
public protocol PageViewLogger: Sendable {
    func log(_ pageView: PageView)
}

/// Records what the user did. Never blocks and never throws.
public protocol ActivityLogger: Sendable {
    func log(_ event: ActivityEvent)
}

/// What this user may see: premium status and feature flags.
public struct UserFeatures: Hashable, Sendable {
    public var isPremium: Bool
    /// Named switches for work in progress, e.g. `"feed.newSection"`.
    public var flags: Set<String>

    public init(isPremium: Bool = false, flags: Set<String> = []) {
        self.isPremium = isPremium
        self.flags = flags
    }

    public func isEnabled(_ flag: String) -> Bool { flags.contains(flag) }

    public static let free = UserFeatures()
    public static let premium = UserFeatures(isPremium: true)
}
