#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long ago something happened, in words: "just now", "5 minutes ago", "yesterday",
/// "3 days ago". Minutes and hours are counted in time; days, weeks, months and years in the
/// cook's calendar and time zone (`region`), so "yesterday" is the day before today where the cook
/// is, not 24 to 48 hours. A date after now (the clock was set back since) or too far from now to
/// be true (a damaged value) says the clock moved, rather than "just now" or "292471265 years
/// ago". Deterministic: `now` comes from the environment's clock and `region` from its region, so
/// screens that show it can be snapshot-tested.
public enum RelativeTime {
    /// How a date stands to now.
    public enum Age: Equatable, Sendable {
        /// In the past (or within a minute ahead, as clocks drift): "5 minutes ago".
        case past(String)
        /// More than a minute after now: how much, "3 hours".
        case future(String)
        /// Further from now than anything Cookbook kept can be (a century), or not a time at all.
        case impossible
    }

    /// Nothing Cookbook keeps is older than this, nor this far ahead.
    public static let plausibleSpan: TimeInterval = 100 * 365 * day

    public static func age(of date: Date, now: Date, in region: Region) -> Age {
        let seconds = now.timeIntervalSince(date)
        guard seconds.isFinite, abs(seconds) < plausibleSpan else { return .impossible }
        if seconds < -minute { return .future(span(-seconds)) }
        if seconds < day { return .past(seconds < minute ? "just now" : span(seconds) + " ago") }
        let calendar = region.calendar
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        switch days {
        // A day of 25 hours (the clocks going back) can hold 24 hours and more.
        case ...0: return .past(span(seconds) + " ago")
        case 1: return .past("yesterday")
        case ..<14: return .past(count(days, "day") + " ago")
        case ..<60: return .past(count(days / 7, "week") + " ago")
        case ..<365: return .past(count(days / 30, "month") + " ago")
        default: return .past(count(days / 365, "year") + " ago")
        }
    }

    /// "5 minutes ago"; "3 hours in the future (the clock moved)"; "at a time that cannot be right (the clock moved)".
    public static func phrase(for date: Date, now: Date, in region: Region) -> String {
        switch age(of: date, now: now, in: region) {
        case .past(let words): words
        case .future(let span): "\(span) in the future (the clock moved)"
        case .impossible: "at a time that cannot be right (the clock moved)"
        }
    }

    private static let minute = 60.0
    private static let hour = 60 * minute
    private static let day = 24 * hour

    /// A length of time, at least a minute and under a century, in its largest whole unit.
    private static func span(_ seconds: TimeInterval) -> String {
        switch seconds {
        case ..<hour: count(Int(seconds / minute), "minute")
        case ..<day: count(Int(seconds / hour), "hour")
        case ..<(14 * day): count(Int(seconds / day), "day")
        case ..<(60 * day): count(Int(seconds / (7 * day)), "week")
        case ..<(365 * day): count(Int(seconds / (30 * day)), "month")
        default: count(Int(seconds / (365 * day)), "year")
        }
    }

    private static func count(_ number: Int, _ unit: String) -> String {
        number == 1 ? "1 \(unit)" : "\(number) \(unit)s"
    }
}
