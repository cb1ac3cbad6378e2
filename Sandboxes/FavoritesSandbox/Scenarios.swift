import CoreTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The favorites' own scenarios, offered after the shared ones (`--scenario a-year-later`).
extension Scenario {
    /// The fixture favorites seen a year on: the clock is the scenario's, so "saved 3 days ago"
    /// becomes "saved 1 year ago".
    static let aYearLater = Scenario(
        "a-year-later", "as default, a year after the favorites were saved", basedOn: .default,
        dependencies: { $0.clock = TestClock(now: Fixtures.now.addingTimeInterval(365 * 86_400)) })

    /// The favorites' disk gives out once they are shown: removing one fails, and so does reading
    /// them again (back from a recipe).
    static let failingDisk = Scenario(
        "failing-disk", "as default, but the favorites are read once; then every read and change fails", basedOn: .default,
        dependencies: { $0.favorites = FailingLaterRepository($0.favorites, reads: 1, changesFail: true) })
}
