/// Text written into the HTML pages the tool makes (the gallery, the build insights).
package enum HTML {
    /// `text` with the characters HTML gives a meaning to written as entities.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
