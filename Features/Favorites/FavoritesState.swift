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
    /// The environment's region when `now` was read: the calendar "yesterday" is counted in.
    var region = Region.utc

    var favorites: [FavoriteRecipe] {
        if case .loaded(let favorites) = phase { return favorites }
        return []
    }
}
