import Core
import Foundation
import Testing

/// "How long ago" in the cook's region: minutes and hours are time, days are the calendar's, so
/// the same two moments can be "yesterday" in one time zone and "2 days ago" in another.
@Suite("Relative time in a region")
struct RelativeTimeTests {
    /// Friday 15 January 2027, 08:00 UTC.
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func region(hoursFromUTC hours: Int) throws -> Region {
        Region(timeZone: try #require(TimeZone(secondsFromGMT: hours * 3600)), locale: Locale(identifier: "en_US_POSIX"))
    }

    @Test(
        "30 hours ago is yesterday where the day before began within them, 2 days ago where it did not",
        arguments: [(0, "yesterday"), (9, "yesterday"), (14, "yesterday"), (-5, "2 days ago"), (-6, "2 days ago"), (-8, "2 days ago")])
    func daysAreTheCalendars(hoursFromUTC: Int, expected: String) throws {
        let saved = now.addingTimeInterval(-30 * 3600)
        #expect(RelativeTime.phrase(for: saved, now: now, in: try region(hoursFromUTC: hoursFromUTC)) == expected)
    }

    @Test(
        "minutes and hours are time in any region; weeks, months and years the calendar's",
        arguments: [
            (30.0, "just now"), (90.0, "1 minute ago"), (7_200.0, "2 hours ago"), (23 * 3600.0, "23 hours ago"),
            (3 * 86_400.0, "3 days ago"), (20 * 86_400.0, "2 weeks ago"), (70 * 86_400.0, "2 months ago"), (200 * 86_400.0, "6 months ago"),
            (400 * 86_400.0, "1 year ago"), (800 * 86_400.0, "2 years ago"),
        ] as [(TimeInterval, String)])
    func phrases(age: TimeInterval, expected: String) throws {
        for hours in [-11, 0, 5, 13] {
            #expect(RelativeTime.phrase(for: now.addingTimeInterval(-age), now: now, in: try region(hoursFromUTC: hours)) == expected)
        }
    }

    @Test("a saved copy's notice counts in the region it is given")
    func notice() throws {
        let copy = RecipePage.SavedCopy(savedAt: now.addingTimeInterval(-30 * 3600), reason: "offline")
        #expect(copy.notice(now: now, in: .utc) == "Saved copy from yesterday; offline.")
        #expect(copy.notice(now: now, in: try region(hoursFromUTC: -5)) == "Saved copy from 2 days ago; offline.")
    }
}
