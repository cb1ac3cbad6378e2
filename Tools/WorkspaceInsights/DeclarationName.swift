/// A node of the Swift driver's dependency graph as its remarks print it, as a person would name
/// it: `interface of type '4Core7ScreensO'` → `Screens` in Core, `interface of top-level name
/// 'Screens'` → `Screens`, `interface of member 'feed' of '4Core7ScreensO'` → `Screens.feed`,
/// `interface of source file from Core` → the module Core as a whole.
package struct DeclarationName: Equatable {
    var name: String
    /// The module declaring it, when the node says (a mangled type name does).
    var module: String?
    /// A whole file or module rather than one declaration.
    var isWholeFile = false

    init(name: String, module: String?, isWholeFile: Bool = false) {
        self.name = name
        self.module = module
        self.isWholeFile = isWholeFile
    }

    init?(node: String) {
        var text = Substring(node)
        for aspect in ["interface of ", "implementation of "] where text.hasPrefix(aspect) { text = text.dropFirst(aspect.count) }
        // An edit inside the same module adds where the node was defined: `… in Screens.swift`.
        if let range = text.range(of: " in ", options: .backwards), text[range.upperBound...].hasSuffix(".swift") {
            text = text[..<range.lowerBound]
        }
        let quoted = text.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        if text.hasPrefix("source file from ") {
            let from = text.dropFirst("source file from ".count)
            if from.hasSuffix(".swiftdeps") {
                self.init(name: String(from.dropLast(".swiftdeps".count)) + ".swift", module: nil, isWholeFile: true)
            } else {
                self.init(name: String(from), module: String(from), isWholeFile: true)
            }
        } else if text.hasPrefix("top-level name "), let name = quoted.first {
            self.init(name: String(name), module: nil)
        } else if text.hasPrefix("type ") || text.hasPrefix("potential members of "), let mangled = quoted.first {
            let type = Self.demangle(mangled)
            self.init(name: type.name, module: type.module)
        } else if text.hasPrefix("member "), quoted.count == 2 {
            let type = Self.demangle(quoted[1])
            self.init(name: type.name + "." + quoted[0], module: type.module)
        } else if text.hasPrefix("dynamic lookup of "), let name = quoted.first {
            self.init(name: String(name), module: nil)
        } else {
            return nil
        }
    }

    /// `4Core7ScreensO6PantryV` → (`Screens.Pantry`, `Core`): the identifiers of a nominal type's
    /// mangled name, each its length then itself, kinds between. An identifier after `0` reuses
    /// words of earlier ones (`12WorkspaceKit0A7CommandV` → `WorkspaceCommand` in WorkspaceKit: a
    /// lower-case letter is a word and more follow, an upper-case one the last word), and a leading
    /// `s` is the module Swift. Anything else stays as it is.
    static func demangle(_ mangled: Substring) -> (name: String, module: String?) {
        var words = MangledWords()
        var identifiers: [String] = []
        var rest = mangled[...]
        if rest.first == "s" {
            identifiers.append("Swift")
            rest = rest.dropFirst()
        }
        while !rest.isEmpty {
            if rest.first == "0" {
                rest = rest.dropFirst()
                guard let identifier = words.identifier(substituting: &rest) else { return (String(mangled), nil) }
                identifiers.append(identifier)
                continue
            }
            guard let literal = words.literal(&rest) else {
                // A kind (O enum, V struct, C class, P protocol…) between identifiers, or the end.
                guard rest.first?.isLetter == true, identifiers.count > 0 else { return (String(mangled), nil) }
                rest = rest.dropFirst()
                continue
            }
            identifiers.append(literal)
        }
        guard identifiers.count >= 2, let module = identifiers.first else { return (String(mangled), nil) }
        return (identifiers.dropFirst().joined(separator: "."), module)
    }
}

/// The words a mangled name's identifiers have spelt so far, which a later identifier may reuse
/// by letter (`a` the first): a word starts at a letter and ends before an upper-case letter that
/// follows a lower-case one, or at `_`; only words of two characters or more count, 26 at most.
package struct MangledWords {
    private(set) var words: [String] = []

    /// A length and that many characters (`7Command`), its words remembered; nil when `text` does not start so.
    mutating func literal(_ text: inout Substring) -> String? {
        let digits = text.prefix(while: \.isNumber)
        guard let length = Int(digits), length > 0, text.count >= digits.count + length else { return nil }
        let literal = String(text.dropFirst(digits.count).prefix(length))
        text = text.dropFirst(digits.count + length)
        remember(literal)
        return literal
    }

    /// The parts after a `0`: word letters, then optionally a literal tail.
    mutating func identifier(substituting text: inout Substring) -> String? {
        var identifier = ""
        var more = true
        while more {
            while more, let letter = text.first, letter.isLetter, letter.isASCII {
                let isLast = letter.isUppercase
                let base: Character = isLast ? "A" : "a"
                guard let value = letter.asciiValue, let start = base.asciiValue else { return nil }
                let index = Int(value - start)
                guard words.indices.contains(index) else { return nil }
                identifier += words[index]
                text = text.dropFirst()
                if isLast { more = false }
            }
            if text.first == "0" {
                text = text.dropFirst()
                break
            }
            guard let tail = literal(&text) else { return more ? nil : identifier }
            identifier += tail
        }
        return identifier.isEmpty ? nil : identifier
    }

    private mutating func remember(_ literal: String) {
        let characters = Array(literal)
        var start: Int?
        for index in 0...characters.count {
            let character: Character? = index < characters.count ? characters[index] : nil
            if let begun = start {
                let previous = characters[index - 1]
                let ends = character == nil || character == "_" || (!previous.isUppercase && character?.isUppercase == true)
                if ends {
                    if index - begun >= 2 && words.count < 26 { words.append(String(characters[begun..<index])) }
                    start = nil
                }
            }
            if start == nil, let character, !character.isNumber, character != "_" { start = index }
        }
    }
}
