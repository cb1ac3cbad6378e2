/// Every screen descriptor, one shape: `Screens.RecipeDetails(recipeID: 42)`. The app's own
/// screens are declared here, each by its struct alone: `Tools/workspace spec` generates their
/// `ScreenKind` cases and their builders' requirements (`Screens.Builders`) from these structs.
/// `workspace new-feature Pantry` declares `Screens.Pantry` in the part of `Screens` its name
/// hashes to, `Screens+PartNN.swift`, one of twenty (a thousand in this one body would be one file,
/// one compiler job, recompiled whole for each new screen).
///
/// Why members of one enum and not top-level types: the Swift driver tracks dependencies across
/// modules per declaration. A new top-level name in Core (a struct, a func, an `extension`)
/// recompiles nearly every file of every feature; a new member of an existing type recompiles only
/// the files that name that type's members, whether it is declared here or in an existing part
/// (docs/architecture.md).
///
/// Each descriptor names its kind (`ScreenKind.feed`, the struct's name in lowerCamelCase) and its
/// `resolve` calls the builder named after it (`buildFeed`): one name each, not overloads of one
/// `build`, because the compiler weighs every overload of a name at every call and in every
/// conformance, which at a thousand screens cost minutes.
public enum Screens {
    /// The home feed: popular and new recipes.
    public struct Feed: PlainScreenDescriptor {
        public static let kind = ScreenKind.feed
        public static let linkPath = "feed"

        public init() {}

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildFeed(self, in: environment)
        }
    }

    /// The recipe search screen, optionally already searching for `query`.
    public struct RecipeSearch: ScreenDescriptor {
        public static let kind = ScreenKind.recipeSearch
        public static let linkPath = "search"
        public static let linkParameters = [
            DeepLinks.Parameter("query", "the words to search for; without it the search starts empty", isOptional: true)
        ]

        public var query: String

        public init(query: String = "") {
            self.query = query
        }

        public init(linkValues: [String: String]) throws(DeepLinkError) {
            query = linkValues["query"] ?? ""
        }

        public var linkValues: [String: String] { ["query": query] }

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildRecipeSearch(self, in: environment)
        }
    }

    /// One recipe's details: ingredients and steps, for `servings` (the recipe's own when nil).
    public struct RecipeDetails: ScreenDescriptor {
        public static let kind = ScreenKind.recipeDetails
        public static let linkPath = "recipes/{recipeID}"
        public static let linkParameters = [DeepLinks.Parameter.recipeID, .servings]

        public var recipeID: Recipe.ID
        /// How many it is cooked for; the quantities follow. Nil: as many as the recipe serves.
        public var servings: Int?

        public init(recipeID: Recipe.ID, servings: Int? = nil) {
            self.recipeID = recipeID
            self.servings = servings
        }

        public init(linkValues: [String: String]) throws(DeepLinkError) {
            recipeID = try DeepLinkError.integer("recipeID", in: linkValues)
            servings = try DeepLinkError.servings(in: linkValues)
        }

        public var linkValues: [String: String] { ["recipeID": String(recipeID), "servings": servings.map(String.init) ?? ""] }

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildRecipeDetails(self, in: environment)
        }
    }

    /// Choosing which of a recipe's ingredients go on the shopping list, their amounts for
    /// `servings`: a flow that finishes with `FlowResult.ingredients` (or `.cancelled`) for the
    /// screen that opened it.
    public struct ChooseIngredients: ScreenDescriptor {
        public static let kind = ScreenKind.chooseIngredients
        public static let linkPath = "recipes/{recipeID}/choose-ingredients"
        public static let linkParameters = [DeepLinks.Parameter.recipeID, .servings]

        public var recipeID: Recipe.ID
        /// How many it is cooked for; the amounts shown follow. Nil: as many as the recipe serves.
        public var servings: Int?

        public init(recipeID: Recipe.ID, servings: Int? = nil) {
            self.recipeID = recipeID
            self.servings = servings
        }

        public init(linkValues: [String: String]) throws(DeepLinkError) {
            recipeID = try DeepLinkError.integer("recipeID", in: linkValues)
            servings = try DeepLinkError.servings(in: linkValues)
        }

        public var linkValues: [String: String] { ["recipeID": String(recipeID), "servings": servings.map(String.init) ?? ""] }

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildChooseIngredients(self, in: environment)
        }
    }

    /// Every recipe by one author ("More from Aiko Tanaka").
    public struct AuthorRecipes: ScreenDescriptor {
        public static let kind = ScreenKind.authorRecipes
        public static let linkPath = "authors/{authorID}"
        public static let linkParameters = [DeepLinks.Parameter("authorID", "the author's id, such as aiko-tanaka")]

        public var authorID: Author.ID

        public init(authorID: Author.ID) {
            self.authorID = authorID
        }

        public init(linkValues: [String: String]) throws(DeepLinkError) {
            authorID = try DeepLinkError.text("authorID", in: linkValues)
        }

        public var linkValues: [String: String] { ["authorID": authorID] }

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildAuthorRecipes(self, in: environment)
        }
    }

    /// Kitchen preferences: the filters search starts with (diet, time, calories, category).
    public struct KitchenPreferences: PlainScreenDescriptor {
        public static let kind = ScreenKind.kitchenPreferences
        public static let linkPath = "kitchen-preferences"

        public init() {}

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildKitchenPreferences(self, in: environment)
        }
    }

    /// The shopping list.
    public struct ShoppingList: PlainScreenDescriptor {
        public static let kind = ScreenKind.shoppingList
        public static let linkPath = "shopping-list"

        public init() {}

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildShoppingList(self, in: environment)
        }
    }

    /// The user's saved recipes.
    public struct Favorites: PlainScreenDescriptor {
        public static let kind = ScreenKind.favorites
        public static let linkPath = "favorites"

        public init() {}

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildFavorites(self, in: environment)
        }
    }

    /// About Cookbook: version, credits, where data lives. Built by the app from its legacy page.
    public struct About: PlainScreenDescriptor {
        public static let kind = ScreenKind.about
        public static let linkPath = "about"

        public init() {}

        public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
            resolver.buildAbout(self, in: environment)
        }
    }
}
