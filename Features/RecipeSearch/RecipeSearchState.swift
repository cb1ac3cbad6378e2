import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the search screen knows. The translator turns it into content.
struct RecipeSearchState: Equatable {
    enum Results: Equatable {
        /// Nothing searched yet: show recent searches.
        case idle
        case loading(keyword: String)
        case loaded(keyword: String, recipes: [Recipe], total: Int)
        case failed(ScreenFailure)
    }

    var keyword = ""
    var results = Results.idle
    var recentKeywords: [String] = []
    /// The filter rows, as their generic view models draw them.
    var filterRows: [ScreenRow<RecipeSearchRow>] = []
    var activeFilterCount = 0
    /// How many kitchen preferences are saved (what the filters start at).
    var savedPreferenceCount = 0
    /// Set when loading the next page fails; the results already shown stay.
    var notice: String?
    /// Set when the results are a copy saved earlier (the server could not be asked).
    var savedCopy: RecipePage.SavedCopy?
    /// The environment clock's time when the results came: a saved copy's age counts from it.
    var now = Date(timeIntervalSince1970: 0)
    /// The environment's region when `now` was read: the calendar "yesterday" is counted in.
    var region = Region.utc

    var hasMore: Bool {
        if case .loaded(_, let recipes, let total) = results { return recipes.count < total }
        return false
    }
}
