#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Links to screens: `cookbook://recipes/42`, `cookbook://search?query=curry`.
/// `--open LINK` starts the app or a sandbox on that screen.
public enum DeepLinks {
    public static let scheme = "cookbook"

    /// Every valid form, for help and error messages: `cookbook://recipes/{recipeID}`.
    /// Read from `ScreenKind`, so every screen is here by construction.
    public static var validForms: [String] { ScreenKind.allCases.map(\.linkForm) }

    /// The descriptor as a link. Reading it back with `descriptor(from:)` gives an equal descriptor.
    public static func link(for descriptor: some ScreenDescriptor) -> String {
        var values = descriptor.linkValues.filter { !$0.value.isEmpty }
        let path = segments(of: type(of: descriptor).linkPath).map { segment in
            guard let name = placeholder(segment) else { return segment }
            return percentEncoded(segment: values.removeValue(forKey: name) ?? "")
        }.joined(separator: "/")
        var link = "\(scheme)://\(path)"
        if !values.isEmpty {
            var components = URLComponents()
            components.queryItems = values.keys.sorted().map { URLQueryItem(name: $0, value: values[$0]) }
            link += "?" + (components.percentEncodedQuery ?? "")
        }
        return link
    }

    /// Reads a link back into the descriptor of its screen. The scheme and the path's literal
    /// segments match in any case (`COOKBOOK://Recipes/42`), as URL schemes and hosts do.
    public static func descriptor(from link: String) throws(DeepLinkError) -> any ScreenDescriptor {
        guard let components = URLComponents(string: link), components.scheme?.lowercased() == scheme else {
            throw DeepLinkError(link: link, problem: "it is not a \(scheme):// link")
        }
        let path = ([components.percentEncodedHost ?? ""] + components.percentEncodedPath.split(separator: "/").map(String.init))
            .filter { !$0.isEmpty }
            .map { percentDecoded($0) ?? $0 }
        for screen in ScreenKind.allCases.map(\.descriptorType) {
            let pattern = segments(of: screen.linkPath)
            guard pattern.count == path.count else { continue }
            var values: [String: String] = [:]
            for item in components.queryItems ?? [] { values[item.name] = item.value ?? "" }
            let matches = zip(pattern, path).allSatisfy { expected, actual in
                if let name = placeholder(expected) {
                    values[name] = actual
                    return true
                }
                return expected.lowercased() == actual.lowercased()
            }
            guard matches else { continue }
            do {
                return try screen.init(linkValues: values)
            } catch {
                throw DeepLinkError(link: link, problem: error.problem)
            }
        }
        throw DeepLinkError(link: link, problem: "no screen has this path")
    }

    private static func segments(of path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    private static func placeholder(_ segment: String) -> String? {
        segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
    }

    /// Bytes a path segment keeps as they are (RFC 3986 `pchar`): letters, digits, `-._~`,
    /// `!$&'()*+,;=`, `:` and `@`. Everything else, `/` included, is written `%XX`.
    private static let segmentBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)

    private static func percentEncoded(segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            if segmentBytes.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// `%XX` sequences as the bytes they stand for; nil when one is malformed or the bytes are not UTF-8.
    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var rest = Substring(text).utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// A link that names no screen, or names one with a bad value. The message lists the valid forms.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
    public var link: String
    public var problem: String

    public init(link: String = "", problem: String) {
        self.link = link
        self.problem = problem
    }

    public var description: String {
        "cannot open “\(link)”: \(problem). Valid links:\n" + DeepLinks.validForms.map { "  \($0)" }.joined(separator: "\n")
    }

    /// For descriptors: a value that must be a whole number.
    public static func integer(_ name: String, in values: [String: String]) throws(DeepLinkError) -> Int {
        guard let text = values[name] else { throw DeepLinkError(problem: "the link has no \(name)") }
        guard let number = Int(text) else { throw DeepLinkError(problem: "\(name) must be a whole number, not “\(text)”") }
        return number
    }

    /// For descriptors: a value that must be present and not empty.
    public static func text(_ name: String, in values: [String: String]) throws(DeepLinkError) -> String {
        guard let text = values[name], !text.isEmpty else { throw DeepLinkError(problem: "the link has no \(name)") }
        return text
    }
}
