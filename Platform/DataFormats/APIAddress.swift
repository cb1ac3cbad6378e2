#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The address of a web API as a person types it (`--api-url`), checked at the edge so a bad
/// one is refused in words before anything starts, not later as "NSURLErrorDomain error -1000".
public enum APIAddress {
    /// `text` as a base URL: http or https, a host, a port from 1 to 65535 if any, no query or
    /// fragment. `option` names the option in messages (`--api-url`). The scheme comes back in
    /// lower case (`HTTP://h` is `http://h`): URLSession takes no other.
    public static func parse(_ text: String, option: String = "--api-url") throws(APIAddressError) -> URL {
        let example = "for example http://127.0.0.1:8080"
        // Messages quote the address without its password.
        let shown = redacted(text)
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            // A port that is not a number makes the whole URL unreadable: say so when it is that.
            if let port = portText(in: text), Int(port) == nil {
                throw APIAddressError(
                    "\(option) has the port “\(port)”, which is not a number: a port is a number from 1 to 65535, \(example)")
            }
            throw APIAddressError("\(option) needs an http:// or https:// URL, not “\(shown)” (\(example))")
        }
        guard ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty else {
            throw APIAddressError("\(option) needs an http:// or https:// URL with a host, not “\(shown)” (\(example))")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw APIAddressError("\(option) has the port \(port), but a port is a number from 1 to 65535 (\(example))")
        }
        guard components.query == nil, components.fragment == nil else {
            throw APIAddressError("\(option) is the API's base address and takes no “?…” or “#…”: “\(shown)” (\(example))")
        }
        components.scheme = scheme
        guard let url = components.url else {
            throw APIAddressError("\(option) needs an http:// or https:// URL, not “\(shown)” (\(example))")
        }
        return url
    }

    /// `text` as the app's web API: the address checked as `parse` does, and a user name and
    /// password in it (`http://user:secret@host`) taken apart from it.
    public static func endpoint(_ text: String, option: String = "--api-url") throws(APIAddressError) -> APIEndpoint {
        let url = try parse(text, option: option)
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let credentials = APICredentials(components) else {
            return APIEndpoint(url: url)
        }
        components.user = nil
        components.password = nil
        return APIEndpoint(url: components.url ?? url, credentials: credentials)
    }

    /// An address as it may be shown: its whole user info, user name and password, replaced by
    /// `***` (`http://***@host`), since a user name alone is often the secret (an API token). Text
    /// that is not an address comes back as it is.
    public static func redacted(_ text: String) -> String {
        guard let start = text.firstRange(of: "://") else { return text }
        let authority = text[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<start.upperBound]) + "***" + String(text[at...])
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

/// A user name and password given in a web API's address. They are kept in memory for the
/// requests (an `Authorization: Basic` header) and never written or shown: addresses are shown
/// as `***@host`.
public struct APICredentials: Equatable, Sendable {
    /// The header value: `Basic` and the user and password, in base64.
    public var authorization: String

    init?(_ components: URLComponents) {
        guard let user = components.percentEncodedUser, components.password != nil || !user.isEmpty else { return nil }
        let plain = "\(components.user ?? ""):\(components.password ?? "")"
        authorization = "Basic " + Data(plain.utf8).base64EncodedString()
    }
}

/// A web API's base address as the app uses it: the URL without its credentials, which are
/// kept apart for the requests, and how to show an address under it.
public struct APIEndpoint: Equatable, Sendable {
    /// The base URL, with no user name or password in it.
    public var url: URL
    public var credentials: APICredentials?

    public init(url: URL, credentials: APICredentials? = nil) {
        self.url = url
        self.credentials = credentials
    }

    /// The base address as it may be shown: `http://***@host:8080`.
    public var shown: String { shown(url) }

    /// An address under this API as it may be shown: `***@` where its credentials were, so a
    /// message names the address the person gave and that it carried credentials, and neither
    /// the user name nor the password.
    public func shown(_ address: URL) -> String {
        let text = address.absoluteString
        guard credentials != nil, let start = text.firstRange(of: "://") else { return text }
        return String(text[..<start.upperBound]) + "***@" + String(text[start.upperBound...])
    }
}
