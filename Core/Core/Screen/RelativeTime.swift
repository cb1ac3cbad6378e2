#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How long ago something happened, in words: "just now", "5 minutes ago", "yesterday",
/// "3 days ago". Deterministic and locale-free, so screens that show it can be snapshot-tested;
/// `now` comes from the environment's clock.
public enum RelativeTime {
    public static func phrase(for date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        let minute = 60.0
        let hour = 60 * minute
        let day = 24 * hour
        switch seconds {
        case ..<minute: return "just now"
        case ..<hour: return count(Int(seconds / minute), "minute") + " ago"
        case ..<day: return count(Int(seconds / hour), "hour") + " ago"
        case ..<(2 * day): return "yesterday"
        case ..<(14 * day): return count(Int(seconds / day), "day") + " ago"
        case ..<(60 * day): return count(Int(seconds / (7 * day)), "week") + " ago"
        case ..<(365 * day): return count(Int(seconds / (30 * day)), "month") + " ago"
        default: return count(Int(seconds / (365 * day)), "year") + " ago"
        }
    }

    private static func count(_ number: Int, _ unit: String) -> String {
        number == 1 ? "1 \(unit)" : "\(number) \(unit)s"
    }
}
