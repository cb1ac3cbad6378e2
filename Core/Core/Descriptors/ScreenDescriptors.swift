// Screens of one feature that other features may open. Each `resolve` is the same line:
// the compiler picks the `Resolver` overload for the descriptor's own type.

/// The recipe search screen, optionally already searching for `query`.
public struct RecipeSearchDescriptor: ScreenDescriptor {
    public var query: String

    public init(query: String = "") {
        self.query = query
    }

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

    public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
        resolver.build(self, in: environment)
    }
}
