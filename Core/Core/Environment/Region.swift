#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the cook is, for what screens say about time: the calendar that days, weeks and years
/// are counted in ("yesterday", "3 days ago"), the time zone in which a day begins, and the
/// locale. The app reads the machine's once at launch; tests, sandboxes and the gallery fix them
/// (`Fixtures.region`), so a screen reads the same on every machine. Features take it from the
/// environment and never read `Calendar.current`, `TimeZone.current` or `Locale.current`
/// (`workspace check` refuses them).
public struct Region: Hashable, Sendable {
    /// Gregorian, in `timeZone`, for `locale`.
    public let calendar: Calendar
    public let locale: Locale
    public var timeZone: TimeZone { calendar.timeZone }

    public init(timeZone: TimeZone, locale: Locale) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        self.calendar = calendar
        self.locale = locale
    }

    /// UTC, the POSIX locale: what a screen's state holds before it has read the environment's.
    public static let utc = Region(timeZone: .gmt, locale: Locale(identifier: "en_US_POSIX"))
}
