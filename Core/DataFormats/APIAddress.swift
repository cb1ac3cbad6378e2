import Foundation

/// The address of a web API as a person types it (`--api-url`), checked at the edge so a bad
/// one is refused in words before anything starts, not later as "NSURLErrorDomain error -1000".
public enum APIAddress {
    /// `text` as a base URL: http or https, a host, no query or fragment. `option` names the
    /// option in messages (`--api-url`).
    public static func parse(_ text: String, option: String = "--api-url") throws(APIAddressError) -> URL {
        let example = "for example http://127.0.0.1:8080"
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw APIAddressError("\(option) needs an http:// or https:// URL, not “\(text)” (\(example))")
        }
        guard ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty else {
            throw APIAddressError("\(option) needs an http:// or https:// URL with a host, not “\(text)” (\(example))")
        }
        guard components.query == nil, components.fragment == nil else {
            throw APIAddressError("\(option) is the API's base address and takes no “?…” or “#…”: “\(text)” (\(example))")
        }
        guard let url = components.url else {
            throw APIAddressError("\(option) needs an http:// or https:// URL, not “\(text)” (\(example))")
        }
        return url
    }
}

public struct APIAddressError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
