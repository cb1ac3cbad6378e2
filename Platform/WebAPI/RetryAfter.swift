import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the client answers a 429 (“too many requests”): it honours the server's `Retry-After`,
/// within bounds, instead of sending the retry at once.
public struct RetryPolicy: Equatable, Sendable {
    /// The longest the client waits by itself before asking again; a longer `Retry-After`
    /// fails the call with `APIError.rateLimited`, saying how long the server asked for.
    public var longestWait: Duration
    /// How many times one call is sent again after a 429.
    public var retries: Int

    public init(longestWait: Duration = .seconds(5), retries: Int = 2) {
        self.longestWait = longestWait
        self.retries = retries
    }

    public static let standard = RetryPolicy()
}

/// The `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
enum RetryAfter {
    /// How long from `now` the header asks to wait; nil when it is missing or not one of the
    /// two forms (then it is ignored, as the RFC allows).
    static func delay(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingWhitespace, !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCIIDigit) {
            return Int(value).map { .seconds($0) } ?? .seconds(Int.max / 2)
        }
        guard let date = httpDate(value) else { return nil }
        return .milliseconds(max(0, Int((date.timeIntervalSince(now) * 1000).rounded(.up))))
    }

    /// An IMF-fixdate, the form servers must send: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", let day = Int(parts[1]),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// When the server last asked the client to wait: later calls wait too (within bounds), so a
/// retry pressed at once does not go out before the time the server gave.
actor RateLimit {
    private var notBefore: Date?

    /// How long from `now` the next request must wait; nil when it may go at once.
    func wait(from now: Date) -> Duration? {
        guard let notBefore, notBefore > now else { return nil }
        return .milliseconds(Int((notBefore.timeIntervalSince(now) * 1000).rounded(.up)))
    }

    func hold(for delay: Duration, from now: Date) {
        let until = now.addingTimeInterval(Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        if until > (notBefore ?? .distantPast) { notBefore = until }
    }
}

extension Duration {
    /// Whole seconds, rounded up: what a person is told to wait.
    var wholeSecondsUp: Int {
        Int(components.seconds) + (components.attoseconds > 0 ? 1 : 0)
    }
}
