/// A node of the Swift driver's dependency graph as its remarks print it, as a person would name
/// it: `interface of type '4Core7ScreensO'` → `Screens` in Core, `interface of top-level name
/// 'Screens'` → `Screens`, `interface of member 'feed' of '4Core7ScreensO'` → `Screens.feed`,
/// `interface of source file from Core` → the module Core as a whole.
struct DeclarationName: Equatable {
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
    /// mangled name, each its length then itself, kinds between. Anything else stays as it is.
    static func demangle(_ mangled: Substring) -> (name: String, module: String?) {
        var identifiers: [String] = []
        var rest = mangled[...]
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isNumber)
            guard let length = Int(digits), length > 0 else {
                // A kind (O enum, V struct, C class, P protocol…) between identifiers, or the end.
                guard rest.first?.isLetter == true, identifiers.count > 0 else { return (String(mangled), nil) }
                rest = rest.dropFirst()
                continue
            }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= length else { return (String(mangled), nil) }
            identifiers.append(String(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        guard identifiers.count >= 2, let module = identifiers.first else { return (String(mangled), nil) }
        return (identifiers.dropFirst().joined(separator: "."), module)
    }
}
