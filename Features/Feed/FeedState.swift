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
    /// The environment's region when `now` was read: the calendar "yesterday" is counted in.
    var region = Region.utc
}
