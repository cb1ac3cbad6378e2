#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where recipes come from: the bundled dataset, the web API, or a stub.
/// Errors should conform to `LocalizedError` so screens can say what happened and what to do.
public protocol RecipeServiceClient: Sendable {
    /// Recipes matching `query`, ordered by `sort`, one page at a time.
    func searchRecipes(_ query: Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest) async throws -> RecipePage
    func recipe(id: Recipe.ID) async throws -> Recipe
    /// The home feed: popular and new recipes.
    func feed() async throws -> RecipeFeed
    /// `recipe(id:)`, and when the answer is a copy saved earlier (the server could not give
    /// today's), since when and why, so the screen can say so. Clients that keep no copies
    /// answer `savedCopy: nil` (the default).
    func recipeWithSavedCopy(id: Recipe.ID) async throws -> (recipe: Recipe, savedCopy: RecipePage.SavedCopy?)
}

extension RecipeServiceClient {
    public func recipeWithSavedCopy(id: Recipe.ID) async throws -> (recipe: Recipe, savedCopy: RecipePage.SavedCopy?) {
        (try await recipe(id: id), nil)
    }
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
    /// Set when these recipes are a copy saved earlier, not the server's answer of now.
    public var savedCopy: SavedCopy?

    public init(recipes: [Recipe], total: Int, page: PageRequest, savedCopy: SavedCopy? = nil) {
        self.recipes = recipes
        self.total = total
        self.page = page
        self.savedCopy = savedCopy
    }

    public var hasMore: Bool { page.offset + recipes.count < total }

    /// A saved copy is the client's note, never part of an answer.
    private enum CodingKeys: String, CodingKey {
        case recipes, total, page
    }

    /// What a screen needs to say that it shows a saved copy (of a page, the feed or one
    /// recipe): since when, and why the server's answer of now is not shown.
    public struct SavedCopy: Hashable, Sendable {
        /// When the oldest of the recipes shown was saved.
        public var savedAt: Date
        /// Why the server could not be asked, in a few words: "offline", "the server answered 503".
        public var reason: String
        /// Only recipes seen before are shown (a search or the feed put together from saved
        /// recipes), so some may be missing.
        public var isPartial: Bool

        public init(savedAt: Date, reason: String, isPartial: Bool = false) {
            self.savedAt = savedAt
            self.reason = reason
            self.isPartial = isPartial
        }

        /// "Saved copy from 2 hours ago; offline." (and, when partial, "Only recipes seen
        /// before are shown."), counted from `now`, the environment clock's time, in the
        /// environment's `region`. A date after now, or one that cannot be right, says the clock moved.
        public func notice(now: Date, in region: Region) -> String {
            let saved =
                switch RelativeTime.age(of: savedAt, now: now, in: region) {
                case .past where now.timeIntervalSince(savedAt) < 60: "from less than a minute ago"
                case .past(let words): "from \(words)"
                case .future(let span): "dated \(span) in the future (the clock moved)"
                case .impossible: "from a time that cannot be right (the clock moved)"
                }
            return "Saved copy \(saved); \(reason)." + (isPartial ? " Only recipes seen before are shown." : "")
        }
    }
}

public struct RecipeFeed: Hashable, Sendable, Codable {
    public var popular: [Recipe]
    public var new: [Recipe]
    /// Set when the feed is put together from recipes saved earlier (see `RecipePage.SavedCopy`).
    public var savedCopy: RecipePage.SavedCopy?

    public init(popular: [Recipe], new: [Recipe], savedCopy: RecipePage.SavedCopy? = nil) {
        self.popular = popular
        self.new = new
        self.savedCopy = savedCopy
    }

    /// A saved copy is the client's note, never part of an answer.
    private enum CodingKeys: String, CodingKey {
        case popular, new
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
