import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the details screen knows. The translator turns it into content.
struct RecipeDetailsState: Equatable {
    enum Phase: Equatable {
        case loading
        case loaded(Recipe)
        case failed(ScreenFailure)
    }

    var phase = Phase.loading
    /// How many it is cooked for, which the quantities follow; nil: as many as the recipe serves.
    var servings: Int?
    var isFavorite = false
    /// The outcome of the last action, in words for the user.
    var notice: String?
    /// Set when the recipe shown is a copy saved earlier (the server could not be asked).
    var savedCopy: RecipePage.SavedCopy?
    /// The environment clock's time when the recipe was loaded: a saved copy's age counts from it.
    var now = Date(timeIntervalSince1970: 0)
    /// The environment's region when `now` was read: the calendar "yesterday" is counted in.
    var region = Region.utc

    var recipe: Recipe? {
        if case .loaded(let recipe) = phase { return recipe }
        return nil
    }
}

extension Recipe {
    /// How many times the recipe's quantities it takes to cook for `servings` (½ for 2 of a
    /// recipe for 4); once for nil, or a recipe that says it serves none.
    func factor(forServings servings: Int?) -> Fraction {
        guard let servings, servings != self.servings else { return .one }
        return Fraction(servings, self.servings) ?? .one
    }

    /// The servings a cook chooses from: the usual ones, the recipe's own and the chosen one.
    func servingsChoices(including chosen: Int?) -> [Int] {
        Set([1, 2, 3, 4, 5, 6, 8, 10, 12, servings] + (chosen.map { [$0] } ?? [])).filter { $0 > 0 }.sorted()
    }
}
