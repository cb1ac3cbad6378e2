/// What a Swift source refers to, read from its tokens: every name used in code with what it is
/// reached through and, when it is called, its argument labels. `Date()`, `Date.init()`,
/// `Foundation.Date.init(timeIntervalSinceNow: 0)`, `let d: Date = .init()` and
/// `Task<Never, Never>.sleep(for:)` all read as what they call (the type, the member, the
/// labels), not as one spelling, so a rule over them cannot be stepped round by writing the same
/// call another way. Comments and string contents are not code (`SwiftSource.code`).
///
/// It is a reading of the syntax, not type checking: a value's type is not known, so a rule about
/// an instance member (`.timeIntervalSinceNow`, `.shuffled()`) matches it on any receiver.
package struct CodeReference: Equatable, Sendable {
    /// What the name is reached through.
    package enum Receiver: Equatable, Sendable {
        /// A name on its own: `usleep(…)`, `Date(…)`, `FileManager`.
        case none
        /// A member with no receiver, its type from the context: `.now`, `.random(in:)`.
        case implicit
        /// A member of a dotted path of names: `Date` in `Date.now`, `DispatchQueue.main` in
        /// `DispatchQueue.main.asyncAfter`, `environment.clock` in `environment.clock.now`.
        case path([String])
        /// A member of the result of an expression: `items.map { … }.shuffled()`.
        case value
    }

    package var receiver: Receiver
    package var name: String
    /// The argument labels when called (`_` for an unlabelled one), nil when not called.
    package var labels: [String]?
    /// The byte offset of `name`.
    package var offset: Int

    /// The type a static member or initializer belongs to, module names dropped and type aliases
    /// followed: `Date` for `Foundation.Date.now`, `Date(…)`, `Date.init(…)`, and for `.init()`
    /// where the context says `Date`. Nil for a value's member or a free function.
    package var type: String?
    /// `init` for `Date(…)`, otherwise the name.
    package var member: String

    /// The code as written, shortened: `Date.init(timeIntervalSinceNow:)`, `.now`, `usleep(_:)`.
    package var spelling: String {
        let called = labels.map { labels in "(" + labels.map { $0 + ":" }.joined() + ")" } ?? ""
        let written = labels == [] ? "()" : called
        switch receiver {
        case .none: return name + written
        case .implicit: return "." + name + written
        case .path(let path): return (path + [name]).joined(separator: ".") + written
        case .value: return "." + name + written
        }
    }
}

extension SwiftSource {
    /// Module names that may qualify a type: `Foundation.Date` is `Date`.
    static let moduleNames: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Darwin", "Musl", "_Concurrency", "Core",
    ]

    /// Words after which a `.name` is an implicit member (`return .now`) and before which a name is
    /// not a reference (`func now`).
    static let keywordsBeforeExpression: Set<String> = [
        "return", "throw", "case", "in", "try", "await", "if", "guard", "while", "else", "where", "switch", "repeat",
        "yield", "do", "catch", "for", "is", "as", "then", "some", "any",
    ]
    static let declarationIntroducers: Set<String> = [
        "func", "var", "let", "typealias", "struct", "class", "enum", "protocol", "extension", "actor", "import", "associatedtype",
        "macro", "precedencegroup", "operator",
    ]

    /// Every name used in code, in order. `aliases` maps a type alias to what it names
    /// (`typealias Now = Date`), so `Now()` reads as `Date()`.
    package func references(aliases: [String: String] = [:]) -> [CodeReference] {
        let tokens = CodeTokens(codeBytes).tokens
        var result: [CodeReference] = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            if let reference = Self.reference(at: index, in: tokens, aliases: aliases) { result.append(reference) }
        }
        return result
    }

    /// The type aliases this source declares: `typealias Now = Foundation.Date` gives `Now: Date`.
    package var typeAliases: [String: String] {
        let tokens = CodeTokens(codeBytes).tokens
        var aliases: [String: String] = [:]
        for index in tokens.indices where tokens[index].text == "typealias" && index + 3 < tokens.count {
            guard tokens[index + 1].kind == .identifier, tokens[index + 2].text == "=" else { continue }
            var last = index + 3
            while last + 2 < tokens.count, tokens[last + 1].text == ".", tokens[last + 2].kind == .identifier { last += 2 }
            if tokens[last].kind == .identifier { aliases[tokens[index + 1].text] = tokens[last].text }
        }
        return aliases
    }

    private static func reference(at index: Int, in tokens: [CodeToken], aliases: [String: String]) -> CodeReference? {
        let token = tokens[index]
        let previous = index > 0 ? tokens[index - 1] : nil
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        if let previous, previous.kind == .identifier, declarationIntroducers.contains(previous.text) { return nil }
        if keywordsBeforeExpression.contains(token.text) || declarationIntroducers.contains(token.text) { return nil }
        // An argument label or a parameter name: `notice(now: …)`, `func f(_ now: Date)`.
        if next?.text == ":", let previous, previous.text == "(" || previous.text == "," || previous.kind == .identifier {
            return nil
        }
        var receiver = CodeReference.Receiver.none
        if previous?.text == "." {
            receiver = receiverOfMember(at: index - 1, in: tokens)
        }
        var after = index + 1
        if let first = token.text.first, first.isUppercase, after < tokens.count, tokens[after].text == "<",
            let close = matchingAngle(from: after, in: tokens), close + 1 < tokens.count,
            tokens[close + 1].text == "(" || tokens[close + 1].text == "."
        {
            after = close + 1
        }
        let labels = after < tokens.count && tokens[after].text == "(" ? argumentLabels(from: after, in: tokens) : nil

        var reference = CodeReference(
            receiver: receiver, name: token.text, labels: labels, offset: token.offset, type: nil, member: token.text)
        func resolved(_ name: String) -> String { aliases[name] ?? name }
        switch receiver {
        case .none:
            let name = resolved(token.text)
            reference.member = name
            if labels != nil, name.first?.isUppercase == true {
                reference.type = name
                reference.member = "init"
            }
        case .path(let path):
            let unqualified = path.drop { moduleNames.contains($0) }
            if unqualified.isEmpty {
                // `Foundation.Date(…)`: the module is the whole path.
                let name = resolved(token.text)
                reference.receiver = .none
                reference.member = name
                if labels != nil, name.first?.isUppercase == true {
                    reference.type = name
                    reference.member = "init"
                }
            } else if let last = unqualified.last, last.first?.isUppercase == true {
                reference.type = resolved(last)
            }
        case .implicit:
            reference.type = contextualType(ofImplicitMemberAt: index - 1, in: tokens).map(resolved)
        case .value:
            break
        }
        return reference
    }

    /// What the `.` at `dot` is a member access of: a path of names, a value, or nothing (implicit).
    private static func receiverOfMember(at dot: Int, in tokens: [CodeToken]) -> CodeReference.Receiver {
        var path: [String] = []
        var cursor = dot - 1
        while cursor >= 0 {
            var token = tokens[cursor]
            if token.text == ">", let open = matchingAngle(from: cursor, in: tokens, step: -1), open > 0,
                tokens[open - 1].kind == .identifier
            {
                cursor = open - 1
                token = tokens[cursor]
            }
            if token.kind == .identifier, !keywordsBeforeExpression.contains(token.text) {
                path.insert(token.text, at: 0)
                if cursor > 0, tokens[cursor - 1].text == "." {
                    cursor -= 2
                    continue
                }
                return .path(path)
            }
            if token.kind == .closer || token.kind == .literal || token.text == "?" || token.text == "!" {
                return .value
            }
            return path.isEmpty ? .implicit : .value
        }
        return path.isEmpty ? .implicit : .path(path)
    }

    /// The type an implicit member's context names: `Date` in `let d: Date = .init()`, `now: Date = .now`,
    /// `-> Date { .init() }` and `-> Date { return .init() }`.
    private static func contextualType(ofImplicitMemberAt dot: Int, in tokens: [CodeToken]) -> String? {
        var cursor = dot - 1
        if cursor >= 0, tokens[cursor].text == "return" { cursor -= 1 }
        guard cursor >= 1 else { return nil }
        let opener = tokens[cursor].text
        guard opener == "=" || opener == "{" else { return nil }
        var typeIndex = cursor - 1
        while typeIndex >= 0, tokens[typeIndex].text == "?" || tokens[typeIndex].text == "!" { typeIndex -= 1 }
        guard typeIndex >= 1, tokens[typeIndex].kind == .identifier else { return nil }
        var start = typeIndex
        while start >= 2, tokens[start - 1].text == ".", tokens[start - 2].kind == .identifier { start -= 2 }
        guard start >= 1 else { return nil }
        let introducer = tokens[start - 1].text
        let fits = opener == "=" ? introducer == ":" : introducer == "->"
        return fits ? tokens[typeIndex].text : nil
    }

    /// The labels of the arguments in the parentheses opening at `open`: `["timeIntervalSinceNow"]`,
    /// `["_", "using"]`, `[]`.
    private static func argumentLabels(from open: Int, in tokens: [CodeToken]) -> [String] {
        var labels: [String] = []
        var depth = 0
        var argumentStart = true
        var cursor = open
        var sawArgument = false
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .opener {
                depth += 1
                if depth == 1 {
                    cursor += 1
                    continue
                }
            } else if token.kind == .closer {
                depth -= 1
                if depth == 0 { break }
            }
            if depth == 1, token.text == "," {
                argumentStart = true
                cursor += 1
                continue
            }
            if depth == 1, argumentStart {
                argumentStart = false
                sawArgument = true
                if token.kind == .identifier, cursor + 1 < tokens.count, tokens[cursor + 1].text == ":" {
                    labels.append(token.text)
                } else {
                    labels.append("_")
                }
            }
            cursor += 1
        }
        return sawArgument ? labels : []
    }

    /// The `>` closing the `<` at `open` (or, with `step` -1, the `<` opening the `>` at `open`);
    /// nil where a bracket, `=` or `;` comes first: then the `<` was a comparison.
    private static func matchingAngle(from open: Int, in tokens: [CodeToken], step: Int = 1) -> Int? {
        let (opener, closer) = step > 0 ? ("<", ">") : (">", "<")
        var depth = 0
        var cursor = open
        while tokens.indices.contains(cursor) {
            switch tokens[cursor].text {
            case opener: depth += 1
            case closer:
                depth -= 1
                if depth == 0 { return cursor }
            case "(", ")", "{", "}", "=", ";": return nil
            default: break
            }
            cursor += step
        }
        return nil
    }
}

/// One token of code: a name, a literal, a bracket or a punctuation character.
package struct CodeToken: Sendable {
    enum Kind: Sendable { case identifier, literal, opener, closer, punctuation }
    var kind: Kind
    var text: String
    var offset: Int
}

/// The tokens of code whose comments and string contents are blanked (`SwiftSource.code`). A
/// string literal's quotes stay, so a literal is one `"` token standing for a value.
package struct CodeTokens {
    var tokens: [CodeToken] = []

    init(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if SwiftSource.isBlank(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "`") {
                var end = index + 1
                while end < bytes.count, SwiftSource.isIdentifierByte(bytes[end]) { end += 1 }
                tokens.append(
                    CodeToken(kind: .identifier, text: String(decoding: bytes[(index + 1)..<end], as: UTF8.self), offset: index + 1))
                index = end < bytes.count && bytes[end] == UInt8(ascii: "`") ? end + 1 : end
            } else if SwiftSource.isIdentifierByte(byte) {
                var end = index
                while end < bytes.count, SwiftSource.isIdentifierByte(bytes[end]) { end += 1 }
                let isNumber = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                tokens.append(
                    CodeToken(
                        kind: isNumber ? .literal : .identifier, text: String(decoding: bytes[index..<end], as: UTF8.self), offset: index))
                index = end
            } else {
                let text = String(decoding: [byte], as: UTF8.self)
                let kind: CodeToken.Kind =
                    switch byte {
                    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): .opener
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): .closer
                    case UInt8(ascii: "\""): .literal
                    default: .punctuation
                    }
                // `->` is one token, so a return type is told from a comparison.
                if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                    tokens.append(CodeToken(kind: .punctuation, text: "->", offset: index))
                    index += 2
                    continue
                }
                tokens.append(CodeToken(kind: kind, text: text, offset: index))
                index += 1
            }
        }
    }
}
