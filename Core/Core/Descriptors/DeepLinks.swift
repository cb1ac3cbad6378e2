#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Links to screens: `cookbook://recipes/42`, `cookbook://search?query=curry`.
/// `--open LINK` starts the app or a sandbox on that screen. A link is read strictly: a query item
/// its screen does not take (`search?q=curry`), one given twice, or a malformed value is refused,
/// naming it and listing the screen's parameters (`ScreenDescriptor.linkParameters`).
public enum DeepLinks {
    public static let scheme = "cookbook"

    /// Every valid form, for help and error messages: `cookbook://recipes/{recipeID}`.
    /// Read from `ScreenKind`, so every screen is here by construction.
    public static var validForms: [String] { ScreenKind.allCases.map(\.linkForm) }

    /// A value a link carries, a `{placeholder}` of its path or a query item, and what it means.
    public struct Parameter: Hashable, Sendable {
        public var name: String
        /// In a few words, with an example: "the recipe's number, such as 42".
        public var meaning: String
        /// Whether the link may leave it out (only a query item may).
        public var isOptional: Bool

        public init(_ name: String, _ meaning: String, isOptional: Bool = false) {
            self.name = name
            self.meaning = meaning
            self.isOptional = isOptional
        }

        /// A recipe's number, the placeholder of every recipe screen's link.
        public static let recipeID = Parameter("recipeID", "the recipe's number, such as 42")

        /// How many a recipe is cooked for, which its quantities follow.
        public static let servings = Parameter(
            "servings", "how many to cook for, 1 to \(DeepLinkError.mostServings), such as 2", isOptional: true)

        /// "query (optional): the words to search for".
        public var help: String { "\(name)\(isOptional ? " (optional)" : ""): \(meaning)" }
    }

    /// A screen's name as a link path, one lowercase word after another joined by `-`: `PullRequests`
    /// → `pull-requests`, `HTTPCache` → `http-cache`, `Recipe2Go` → `recipe2-go`. A capital starts a
    /// word after a small letter or a digit, and before a small letter after another capital. It is
    /// how `workspace new-feature` spells a new screen's path when it checks that no other screen has it.
    public static func kebabCase(_ name: String) -> String {
        let letters = Array(name)
        var path = ""
        for (index, letter) in letters.enumerated() {
            if index > 0, letter.isUppercase {
                let before = letters[index - 1]
                let after = index + 1 < letters.count ? letters[index + 1] : nil
                if before.isLowercase || before.isNumber || (before.isUppercase && after?.isLowercase == true) {
                    path.append("-")
                }
            }
            path += letter.lowercased()
        }
        return path
    }

    /// Every value a screen's link carries: its path's placeholders, then its query items.
    public static func parameters(of screen: any ScreenDescriptor.Type) -> [Parameter] {
        let declared = screen.linkParameters
        let path = segments(of: screen.linkPath).compactMap(placeholder).map { name in
            declared.first { $0.name == name } ?? Parameter(name, "a value")
        }
        return path + queryParameters(of: screen)
    }

    /// The query items a screen's link may carry: its parameters that are not in its path.
    public static func queryParameters(of screen: any ScreenDescriptor.Type) -> [Parameter] {
        let path = Set(segments(of: screen.linkPath).compactMap(placeholder))
        return screen.linkParameters.filter { !path.contains($0.name) }
    }

    /// Every link form with what its values mean, two columns, for `--help` and refusals:
    /// `cookbook://recipes/{recipeID}   recipeID: the recipe's number, such as 42`.
    public static var help: [String] {
        let forms = ScreenKind.allCases.map { ($0.linkForm, parameters(of: $0.descriptorType)) }
        let width = forms.map(\.0.count).max() ?? 0
        return forms.map { form, parameters in
            guard !parameters.isEmpty else { return form }
            return form + String(repeating: " ", count: width - form.count + 2) + parameters.map(\.help).joined(separator: "; ")
        }
    }

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
        let malformed = "it is not a well-formed link (a space must be written %20, a % must start %XX)"
        guard let components = URLComponents(string: link) else {
            throw DeepLinkError(
                link: link, problem: link.lowercased().hasPrefix("\(scheme)://") ? malformed : "it is not a \(scheme):// link")
        }
        guard components.scheme?.lowercased() == scheme else {
            throw DeepLinkError(link: link, problem: "it is not a \(scheme):// link")
        }
        // URLComponents reads more than a link may hold, and would drop some of it without a word
        // (a fragment, a user name, an empty segment): the shape is checked in the text as written.
        if let problem = misshapen(link, components) { throw DeepLinkError(link: link, problem: problem) }
        // A stray % is read leniently by URLComponents (as a literal "%"): refused here, in the
        // text as written, so no value is read that its writer did not mean.
        if let question = link.firstIndex(of: "?"), percentDecoded(String(link[link.index(after: question)...])) == nil {
            throw DeepLinkError(link: link, problem: malformed)
        }
        let path = ([components.percentEncodedHost ?? ""] + components.percentEncodedPath.split(separator: "/").map(String.init))
            .filter { !$0.isEmpty }
            .map { percentDecoded($0) ?? $0 }
        for screen in ScreenKind.allCases.map(\.descriptorType) {
            let pattern = segments(of: screen.linkPath)
            guard pattern.count == path.count else { continue }
            var values: [String: String] = [:]
            let matches = zip(pattern, path).allSatisfy { expected, actual in
                if let name = placeholder(expected) {
                    values[name] = actual
                    return true
                }
                return expected.lowercased() == actual.lowercased()
            }
            guard matches else { continue }
            let accepted = Set(queryParameters(of: screen).map(\.name))
            for item in components.queryItems ?? [] {
                guard accepted.contains(item.name) else {
                    let name = item.name.isEmpty ? "with no name" : "“\(item.name)”"
                    throw DeepLinkError(link: link, problem: "\(screen.kind.linkForm) has no parameter \(name)", screen: screen.kind)
                }
                guard values[item.name] == nil else {
                    throw DeepLinkError(link: link, problem: "\(item.name) is given twice", screen: screen.kind)
                }
                guard let value = item.value else {
                    throw DeepLinkError(
                        link: link, problem: "\(item.name) has no “=”: write \(item.name)=VALUE (\(item.name)= for none)",
                        screen: screen.kind)
                }
                values[item.name] = value
            }
            let limit = ScreenElement.maximumFieldLength
            if let (name, value) = values.first(where: { $0.value.count > limit }) {
                throw DeepLinkError(
                    link: link, problem: "\(name) has \(value.count) characters, and a link's value may have at most \(limit)",
                    screen: screen.kind)
            }
            do {
                return try screen.init(linkValues: values)
            } catch {
                throw DeepLinkError(link: link, problem: error.problem, screen: screen.kind)
            }
        }
        throw DeepLinkError(link: link, problem: "no screen has this path")
    }

    /// What is wrong with the shape of a link, if anything: it must be `scheme://` then the
    /// screen's path, with no user name, port or `#fragment`, no empty segment, and parameters
    /// after a `?` when it has one.
    private static func misshapen(_ link: String, _ components: URLComponents) -> String? {
        let example = "as in \(scheme)://recipes/42"
        guard let colon = link.firstIndex(of: ":") else { return nil }
        let rest = link[link.index(after: colon)...]
        guard rest.hasPrefix("//"), !rest.dropFirst(2).hasPrefix("/") else {
            let slashes = rest.prefix { $0 == "/" }.count
            let written = slashes == 0 ? "none" : slashes == 1 ? "one" : "\(slashes)"
            return "after “\(scheme):” a link has two slashes, not \(written), then the screen, \(example)"
        }
        if let fragment = components.percentEncodedFragment {
            return "it ends in “#\(clipped(fragment))”, and a link has no #fragment: nothing after # would be read"
        }
        let authority = rest.dropFirst(2).prefix { !"/?#".contains($0) }
        if authority.contains("@") || authority.contains(":") {
            return
                "“\(clipped(authority))” has a user name or a port, which a link does not have: the screen's name comes right after “//”, \(example)"
        }
        let path = rest.dropFirst(2 + authority.count).prefix { $0 != "?" && $0 != "#" }
        if path.contains("//") { return "its path has an empty part between two slashes (“\(clipped(authority + path))”)" }
        if path.hasSuffix("/") { return "its path ends in “/” (“\(clipped(authority + path))”): write it without the last slash" }
        if components.percentEncodedQuery == "" { return "it has a “?” with no parameter after it" }
        return nil
    }

    /// A text from a link as a message quotes it: at most 80 characters, so a long link makes no
    /// long message.
    static func clipped(_ text: some StringProtocol) -> String {
        text.count > 80 ? text.prefix(80) + "…" : String(text)
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

/// A link that names no screen, or names one with a parameter it does not take or a bad value.
/// The message lists that screen's parameters, or every valid form when no screen has the path.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
    public var link: String
    public var problem: String
    /// The screen whose path the link has, when the problem is in its values.
    public var screen: ScreenKind?

    public init(link: String = "", problem: String, screen: ScreenKind? = nil) {
        self.link = link
        self.problem = problem
        self.screen = screen
    }

    public var description: String {
        guard let screen else {
            return "cannot open “\(DeepLinks.clipped(link))”: \(problem). Valid links:\n"
                + DeepLinks.help.map { "  \($0)" }.joined(separator: "\n")
        }
        let parameters = DeepLinks.parameters(of: screen.descriptorType)
        let takes =
            parameters.isEmpty
            ? "\(screen.linkForm) takes no parameters."
            : "\(screen.linkForm) takes:\n" + parameters.map { "  \($0.help)" }.joined(separator: "\n")
        return "cannot open “\(DeepLinks.clipped(link))”: \(problem). \(takes)"
    }

    /// For descriptors: a value that must be a whole number of 0 or more, written in the digits
    /// 0 to 9 alone (`-1`, `+42`, `0x2A`, `4e1` and `４２` are refused, not read as some number).
    public static func integer(_ name: String, in values: [String: String]) throws(DeepLinkError) -> Int {
        guard let text = values[name] else { throw DeepLinkError(problem: "the link has no \(name)") }
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw DeepLinkError(
                problem: "\(name) must be a whole number of 0 or more in the digits 0 to 9, such as 42, not “\(DeepLinks.clipped(text))”")
        }
        guard let number = Int(text) else {
            throw DeepLinkError(problem: "\(name) is too large: “\(DeepLinks.clipped(text))” is more than \(Int.max)")
        }
        return number
    }

    /// The most servings a link may ask for: more is no kitchen's, and a typing slip.
    public static let mostServings = 100

    /// For descriptors: the optional `servings`, a whole number from 1 to `mostServings`.
    public static func servings(in values: [String: String]) throws(DeepLinkError) -> Int? {
        guard let text = values["servings"] else { return nil }
        // Digits only, as for every number a link carries: "+2" and "２" are refused too.
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let number = Int(text),
            (1...mostServings).contains(number)
        else {
            throw DeepLinkError(problem: "servings must be a whole number from 1 to \(mostServings), not “\(text)”")
        }
        return number
    }

    /// For descriptors: a value that must be present and not empty.
    public static func text(_ name: String, in values: [String: String]) throws(DeepLinkError) -> String {
        guard let text = values[name], !text.isEmpty else { throw DeepLinkError(problem: "the link has no \(name)") }
        return text
    }
}

extension ScreenKind {
    /// The descriptor's name inside `Screens`: `RecipeDetails`.
    public var name: String {
        descriptorType.screenName
    }

    /// The link form of this kind, its query items included: `cookbook://recipes/{recipeID}`,
    /// `cookbook://search?query={query}`.
    public var linkForm: String {
        let query = DeepLinks.queryParameters(of: descriptorType).map { "\($0.name)={\($0.name)}" }
        return "\(DeepLinks.scheme)://\(descriptorType.linkPath)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
