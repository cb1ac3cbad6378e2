#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long ago something happened, in words: "just now", "5 minutes ago", "yesterday",
/// "3 days ago". Deterministic and locale-free, so screens that show it can be snapshot-tested;
/// `now` comes from the environment's clock. A date after now (the clock was set back since)
/// or too far from now to be true (a damaged value) says the clock moved, rather than "just
/// now" or "292471265 years ago".
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

    public static func age(of date: Date, now: Date) -> Age {
        let seconds = now.timeIntervalSince(date)
        guard seconds.isFinite, abs(seconds) < plausibleSpan else { return .impossible }
        if seconds < -minute { return .future(span(-seconds)) }
        switch seconds {
        case ..<minute: return .past("just now")
        case day..<(2 * day): return .past("yesterday")
        default: return .past(span(seconds) + " ago")
        }
    }

    /// "5 minutes ago"; "3 hours in the future (the clock moved)"; "at a time that cannot be right (the clock moved)".
    public static func phrase(for date: Date, now: Date) -> String {
        switch age(of: date, now: now) {
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
