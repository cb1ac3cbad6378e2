// Screens of one feature that other features may open. Each `resolve` is the same line:
// the compiler picks the `Resolver` overload for the descriptor's own type.

/// The recipe search screen, optionally already searching for `query`.
public struct RecipeSearchDescriptor: ScreenDescriptor {
    public var query: String

    public init(query: String = "") {
        self.query = query
    }

    public static let linkPath = "search"

    public init(linkValues: [String: String]) throws(DeepLinkError) {
        query = linkValues["query"] ?? ""
    }

    public var linkValues: [String: String] { ["query": query] }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}

/// One recipe's details: ingredients and steps.
public struct RecipeDetailsDescriptor: ScreenDescriptor {
    public var recipeID: Recipe.ID

    public init(recipeID: Recipe.ID) {
        self.recipeID = recipeID
    }

    public static let linkPath = "recipes/{recipeID}"

    public init(linkValues: [String: String]) throws(DeepLinkError) {
        recipeID = try DeepLinkError.integer("recipeID", in: linkValues)
    }

    public var linkValues: [String: String] { ["recipeID": String(recipeID)] }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}

/// The home feed: popular and new recipes.
public struct FeedDescriptor: ScreenDescriptor {
    public init() {}

    public static let linkPath = "feed"

    public init(linkValues: [String: String]) throws(DeepLinkError) {
        self.init()
    }

    public var linkValues: [String: String] { [:] }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}

/// The shopping list.
public struct ShoppingListDescriptor: ScreenDescriptor {
    public init() {}

    public static let linkPath = "shopping-list"

    public init(linkValues: [String: String]) throws(DeepLinkError) {
        self.init()
    }

    public var linkValues: [String: String] { [:] }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}

/// The user's saved recipes.
public struct FavoritesDescriptor: ScreenDescriptor {
    public init() {}

    public static let linkPath = "favorites"

    public init(linkValues: [String: String]) throws(DeepLinkError) {
        self.init()
    }

    public var linkValues: [String: String] { [:] }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}

/// Every recipe by one author ("More from Aiko Tanaka").
public struct AuthorRecipesDescriptor: ScreenDescriptor {
    public var authorID: Author.ID

    public init(authorID: Author.ID) {
        self.authorID = authorID
    }

    public static let linkPath = "authors/{authorID}"

    public init(linkValues: [String: String]) throws(DeepLinkError) {
        authorID = try DeepLinkError.text("authorID", in: linkValues)
    }

    public var linkValues: [String: String] { ["authorID": authorID] }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}

/// About Cookbook: version, credits, where data lives. Built by the app from its legacy page.
public struct AboutDescriptor: ScreenDescriptor {
    public init() {}

    public static let linkPath = "about"

    public init(linkValues: [String: String]) throws(DeepLinkError) {
        self.init()
    }

    public var linkValues: [String: String] { [:] }

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}
