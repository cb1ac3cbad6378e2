import Core
import CoreTesting

// The search screen's own scenarios, offered after the shared ones (`--scenario recent-searches`).
extension Scenario {
    /// Three keywords searched before, newest first: what the search screen offers before a search.
    static let recentSearches = Scenario("recent-searches", "as default, with three recent searches", basedOn: .default) {
        environment in
        let now = environment.clock.now.timeIntervalSince1970
        try await environment.recentSearches.save([
            RecentSearch(keyword: "curry", searchedAt: now - 60),
            RecentSearch(keyword: "soup", searchedAt: now - 3_600),
            RecentSearch(keyword: "pancakes", searchedAt: now - 86_400),
        ])
    }
}
