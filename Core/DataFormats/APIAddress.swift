#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The address of a web API as a person types it (`--api-url`), checked at the edge so a bad
/// one is refused in words before anything starts, not later as "NSURLErrorDomain error -1000".
public enum APIAddress {
    /// `text` as a base URL: http or https, a host, a port from 1 to 65535 if any, no query or
    /// fragment. `option` names the option in messages (`--api-url`).
    public static func parse(_ text: String, option: String = "--api-url") throws(APIAddressError) -> URL {
        let example = "for example http://127.0.0.1:8080"
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            // A port that is not a number makes the whole URL unreadable: say so when it is that.
            if let port = portText(in: text), Int(port) == nil {
                throw APIAddressError(
                    "\(option) has the port “\(port)”, which is not a number: a port is a number from 1 to 65535, \(example)")
            }
            throw APIAddressError("\(option) needs an http:// or https:// URL, not “\(text)” (\(example))")
        }
        guard ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty else {
            throw APIAddressError("\(option) needs an http:// or https:// URL with a host, not “\(text)” (\(example))")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw APIAddressError("\(option) has the port \(port), but a port is a number from 1 to 65535 (\(example))")
        }
        guard components.query == nil, components.fragment == nil else {
            throw APIAddressError("\(option) is the API's base address and takes no “?…” or “#…”: “\(text)” (\(example))")
        }
        guard let url = components.url else {
            throw APIAddressError("\(option) needs an http:// or https:// URL, not “\(text)” (\(example))")
        }
        return url
    }

    /// The text after the host's colon: `abc` in `http://host:abc/path`.
    private static func portText(in text: String) -> String? {
        guard let start = text.firstRange(of: "://") else { return nil }
        let authority = text[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@").last ?? authority[...]
        guard !hostAndPort.hasPrefix("["), let colon = hostAndPort.lastIndex(of: ":") else { return nil }
        return String(hostAndPort[hostAndPort.index(after: colon)...])
    }
}

public struct APIAddressError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
