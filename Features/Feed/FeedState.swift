import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the feed knows. The translator turns it into content.
struct FeedState: Equatable {
    enum Phase: Equatable {
        case loading
        case loaded(RecipeFeed)
        case failed(ScreenFailure)
    }

    var phase = Phase.loading
    /// The environment clock's time when the feed was loaded: a saved copy's age counts from it.
    var now = Date(timeIntervalSince1970: 0)
}

/// Row ids: the screen's events name rows by these.
enum FeedRow {
    static let about = "about"
    static let popularPrefix = "popular-"
    static let newPrefix = "new-"

    /// The recipe a row opens, whichever section it is in.
    static func recipeID(in row: String) -> Recipe.ID? {
        for prefix in [popularPrefix, newPrefix] where row.hasPrefix(prefix) {
            return Recipe.ID(row.dropFirst(prefix.count))
        }
        return nil
    }
}
