import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the favorites screen knows. The translator turns it into content.
struct FavoritesState: Equatable {
    enum Phase: Equatable {
        case loading
        case loaded([FavoriteRecipe])
        case failed(ScreenFailure)
    }

    var phase = Phase.loading
    var notice: String?
    /// The environment clock's time when the list was loaded: "saved 3 days ago" counts from it.
    var now = Date(timeIntervalSince1970: 0)

    var favorites: [FavoriteRecipe] {
        if case .loaded(let favorites) = phase { return favorites }
        return []
    }
}

/// Row ids: the screen's events name rows by these.
enum FavoritesRow {
    static let recipePrefix = "favorite-"

    static func recipe(_ id: Recipe.ID) -> String { recipePrefix + String(id) }

    static func recipeID(in row: String) -> Recipe.ID? {
        row.hasPrefix(recipePrefix) ? Recipe.ID(row.dropFirst(recipePrefix.count)) : nil
    }
}
