import Foundation
import Testing

/// The app tells dates in the machine's time zone: a favorite saved 30 hours ago was saved
/// "yesterday" where the day before began within those hours, and "2 days ago" where it did not.
@Suite("The machine's region end to end")
struct RegionEndToEndTests {
    let cookbook = ProductProcess(name: "cookbook")

    /// A POSIX `TZ` whose local time is now about `hour` o'clock (its offset in whole hours).
    static func timeZone(whereItIsNow hour: Double) -> String {
        let now = Date().timeIntervalSince1970
        let utcHour = now.truncatingRemainder(dividingBy: 86_400) / 3600
        let offset = Int((hour - utcHour).rounded())
        let normalised = ((offset % 24) + 24 + 12) % 24 - 12
        // POSIX counts west of Greenwich as positive: UTC+3 is `XXX-3`.
        return "XXX\(-normalised)"
    }

    @Test("30 hours ago: “saved yesterday” at 2 pm, “saved 2 days ago” at 3 am, by TZ alone")
    func daysInTheMachinesTimeZone() async throws {
        let dataDirectory = temporaryDataDirectory()
        let saved = try await cookbook.run(
            ["--data-dir", dataDirectory, "--open", "cookbook://recipes/1"], input: "toggle Favorite\nquit\n")
        #expect(saved.status == 0, "\(saved.errorOutput)")
        let database = SQLiteInspector(path: dataDirectory + "/cookbook.sqlite")
        #expect(database.execute("UPDATE favorites SET savedAt = savedAt - 30 * 3600 * 1000"))  // milliseconds

        for (hour, phrase) in [(14.0, "saved yesterday"), (3.0, "saved 2 days ago")] {
            let zone = Self.timeZone(whereItIsNow: hour)
            let result = try await cookbook.run(
                ["--data-dir", dataDirectory], input: "tab Favorites\nexpect \"\(phrase)\"\nquit\n", environment: ["TZ": zone])
            #expect(result.status == 0, "TZ=\(zone): \(result.errorOutput.suffix(600))")
        }
    }
}
