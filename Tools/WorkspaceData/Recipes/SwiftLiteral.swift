/// Swift source for plain values, written as the project's style (.swift-format) wants them.
package enum SwiftLiteral {
    /// The longest line swift-format allows (`lineLength` in .swift-format).
    static let lineLength = 140
    /// How much of a long string one line of a multi-line literal holds, its trailing space included:
    /// short enough that the line, indented, stays well inside `lineLength`.
    static let wrapWidth = 100

    /// `1200`, and `1_200_000` from seven digits on (the GroupNumericLiterals rule).
    static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 6 else { return String(value) }
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: "_")
    }

    /// `400` for a whole number, else the shortest text that reads back the same (`0.5`, `1.2`).
    static func number(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 { return integer(Int(value)) }
        return String(value)
    }

    /// `"text"`, escaped.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The lines of `label` and `text` followed by a comma, at `indent`: one line when it fits in
    /// `lineLength`, else a multi-line literal whose lines join with `\` into the same text.
    static func string(_ text: String, indent: Int, label: String = "") -> String {
        let pad = String(repeating: " ", count: indent)
        let single = pad + label + quoted(text) + ","
        let words = escaped(text).split(separator: " ", omittingEmptySubsequences: false)
        // Only plain prose wraps: a space at an end or two together would be lost or look wrong at a break.
        guard single.count > lineLength, words.count > 1, !words.contains(where: \.isEmpty) else { return single }
        // The text's lines sit where the closing quotes do: one level in for an argument, level with an element.
        let inner = label.isEmpty ? pad : pad + "    "
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count + 1 <= wrapWidth {
                line += " " + word
            } else {
                lines.append(inner + line + " \\")
                line = String(word)
            }
        }
        lines.append(inner + line)
        return ([pad + label + "\"\"\""] + lines + [inner + "\"\"\","]).joined(separator: "\n")
    }
}
