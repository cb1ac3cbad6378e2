import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's region, read once at launch for the environment: the time zone's offset from
/// UTC now, as the C library has it (from `TZ`, else /etc/localtime: FoundationEssentials, which
/// the app links instead of all of Foundation, knows no time zone but UTC), and the locale named
/// by `LC_ALL`, `LC_TIME` or `LANG` (`de_DE.UTF-8` is `de_DE`; `C` and `POSIX` are the POSIX
/// locale). The offset is the one in force at launch: a day that changes its clocks later in the
/// run keeps it.
enum MachineRegion {
    /// `variable` reads the process's environment, unless a test gives its own.
    static func current(at now: Date, variable: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> Region {
        Region(timeZone: timeZone(at: now), locale: locale(variable))
    }

    static func timeZone(at now: Date) -> TimeZone {
        var seconds = time_t(now.timeIntervalSince1970)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return .gmt }
        return TimeZone(secondsFromGMT: Int(parts.tm_gmtoff)) ?? .gmt
    }

    static func locale(_ variable: (String) -> String?) -> Locale {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap(variable).first { !$0.isEmpty } ?? "C"
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        return Locale(identifier: ["C", "POSIX", ""].contains(identifier) ? "en_US_POSIX" : identifier)
    }
}
