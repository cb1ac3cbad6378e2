/// The spellings of one UpperCamelCase name: `ShoppingList` is `shoppingList` as a property,
/// `shopping-list` in a link, `shopping_list` in a page view and "Shopping List" as a title.
public struct NameForms: Sendable, Equatable {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    /// The words of the name: `HTTPCache` → `HTTP`, `Cache`; `Recipe2Go` → `Recipe2`, `Go`.
    public var words: [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isUppercase, let previous, !current.isEmpty {
                let startsWord = previous.isLowercase || previous.isNumber || (previous.isUppercase && (next?.isLowercase ?? false))
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `shoppingList`, `httpCache`: a Swift property name.
    public var lowerCamel: String {
        guard let first = words.first else { return name }
        return first.lowercased() + words.dropFirst().joined()
    }

    /// `shopping-list`: a deep link path.
    public var kebab: String { words.map { $0.lowercased() }.joined(separator: "-") }

    /// `shopping_list`: a page view name.
    public var snake: String { words.map { $0.lowercased() }.joined(separator: "_") }

    /// `Shopping List`: the screen's title.
    public var title: String { words.joined(separator: " ") }
}
