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
}
