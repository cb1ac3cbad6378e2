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
    var isFavorite = false
    /// The outcome of the last action, in words for the user.
    var notice: String?
    /// Set when the recipe shown is a copy saved earlier (the server could not be asked).
    var savedCopy: RecipePage.SavedCopy?
    /// The environment clock's time when the recipe was loaded: a saved copy's age counts from it.
    var now = Date(timeIntervalSince1970: 0)

    var recipe: Recipe? {
        if case .loaded(let recipe) = phase { return recipe }
        return nil
    }
}
