import Core

/// One command of the script language that drives the app and every sandbox, from a file
/// or piped input. See `ScriptCommand.reference` and docs/terminal.md.
public enum ScriptCommand: Equatable, Sendable {
    case tab(String)
    /// Types into the first text field and presses Enter.
    case type(String)
    /// Activates a link or button, flips a toggle: by number or by label.
    case select(String)
    case toggle(String)
    /// Chooses an option of a picker: `set "Category" Dessert`.
    case set(row: String, option: String)
    /// Removes a deletable row's item (a shopping-list item, a favorite).
    case delete(String)
    case back
    case retry
    /// Lets time pass until the screen has finished loading (in script mode a slow scenario's
    /// screens show their loading state until then).
    case wait
    /// Fails the script unless the screen's text contains this.
    case expect(String)
    /// Fails the script if the screen's text contains this.
    case expectNot(String)
    /// Prints screens from now on wrapped to this many columns; nil: unwrapped, as by default.
    case width(Int?)
    /// Prints the screen.
    case snapshot
    case help
    case quit

    /// Every form, as the help text and error messages show it.
    public static let reference: [(form: String, meaning: String)] = [
        ("tab NAME|N", "switch to a tab by name or number"),
        ("type TEXT", "type into the first text field ([✎]) and press Enter (alias: search)"),
        ("select ROW", "open a link, press a button or flip a toggle; ROW is its [number] or a label"),
        ("toggle ROW", "flip a toggle"),
        ("set ROW OPTION", "choose a picker option by name or number"),
        ("delete ROW", "remove an item (shopping-list items, favorites)"),
        ("back", "go back one screen"),
        ("retry", "retry what failed"),
        ("wait", "let time pass until the screen has loaded (a slow scenario's screens show their loading state until then)"),
        ("expect TEXT", "fail unless the screen shows TEXT"),
        ("expect-not TEXT", "fail if the screen shows TEXT"),
        (
            "width N|off",
            "print screens wrapped to N columns (\(ScreenWidth.range.lowerBound)–\(ScreenWidth.range.upperBound)); off: unwrapped again"
        ),
        ("snapshot", "print the screen (alias: show)"),
        ("help", "list these commands"),
        ("quit", "leave (alias: exit)"),
    ]

    public static var referenceText: String {
        let width = reference.map(\.form.count).max() ?? 0
        return reference.map { "  \($0.form.padded(toWidth: width))  \($0.meaning)" }
            .joined(separator: "\n")
    }

    /// The longest line a script may have, in bytes: room for a field's whole text
    /// (`ScreenElement.maximumFieldLength` characters, each up to 4 bytes) quoted and escaped.
    /// A longer line is refused without being kept (`ScriptLineReader`).
    public static let maximumLineBytes = 16 << 10

    /// Why a line is refused for its length alone, in words.
    static func tooLong(bytes: Int) -> String {
        "the line has \(bytes) bytes, and a script line may have at most \(maximumLineBytes) "
            + "(a text field holds at most \(ScreenElement.maximumFieldLength) characters)"
    }

    /// Parses one line. Blank lines and `#` comments give nil.
    /// Arguments may be quoted with "double quotes" (for labels with spaces or a leading number).
    public static func parse(_ line: String) throws(ScriptSyntaxError) -> ScriptCommand? {
        let words = try tokenize(line)
        guard let verb = words.first?.lowercased() else { return nil }
        let arguments = Array(words.dropFirst())
        let rest = arguments.joined(separator: " ")

        func one(_ form: String) throws(ScriptSyntaxError) -> String {
            guard !rest.isEmpty else { throw ScriptSyntaxError("`\(verb)` needs an argument: \(form)") }
            return rest
        }
        func none() throws(ScriptSyntaxError) {
            guard arguments.isEmpty else { throw ScriptSyntaxError("`\(verb)` takes no argument, got “\(rest)”") }
        }

        switch verb {
        case "tab": return .tab(try one("tab NAME|N"))
        case "type", "search": return .type(try one("type TEXT"))
        case "select", "open": return .select(try one("select ROW"))
        case "toggle": return .toggle(try one("toggle ROW"))
        case "set":
            guard arguments.count == 2 else {
                throw ScriptSyntaxError("`set` needs a row and an option: set ROW OPTION (quote labels with spaces)")
            }
            return .set(row: arguments[0], option: arguments[1])
        case "delete", "remove": return .delete(try one("delete ROW"))
        case "back":
            try none()
            return .back
        case "retry":
            try none()
            return .retry
        case "wait":
            try none()
            return .wait
        case "expect": return .expect(try one("expect TEXT"))
        case "expect-not": return .expectNot(try one("expect-not TEXT"))
        case "width":
            guard arguments.count == 1 else { throw ScriptSyntaxError("`width` needs one argument: width N (columns) or width off") }
            do {
                return .width(try ScreenWidth.parse(arguments[0]))
            } catch {
                throw ScriptSyntaxError("`width`: \(error.message)")
            }
        case "snapshot", "show":
            try none()
            return .snapshot
        case "help", "?":
            try none()
            return .help
        case "quit", "exit":
            try none()
            return .quit
        default:
            throw ScriptSyntaxError("unknown command “\(words[0])”; expected one of:\n\(referenceText)")
        }
    }

    /// Splits on spaces, keeping "quoted text" together; `\"` is a literal quote and `\\` a
    /// backslash. `#` at the start of a word, outside quotes, starts a comment.
    static func tokenize(_ line: String) throws(ScriptSyntaxError) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var hasWord = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\":
                // \" is a quote inside a word, \\ a backslash.
                escaped = true
                hasWord = true
            case "\"":
                inQuotes.toggle()
                hasWord = true
            case "#" where !inQuotes && !hasWord:
                return words
            case _ where character.isWhitespace && !inQuotes:
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            default:
                current.append(character)
                hasWord = true
            }
        }
        guard !inQuotes else { throw ScriptSyntaxError("a quote is not closed") }
        if escaped { current.append("\\") }
        if hasWord { words.append(current) }
        return words
    }
}

/// A line that is not a command.
public struct ScriptSyntaxError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The width script mode wraps screens to when asked (`--width N`, the `width N` command); by
/// default it wraps nothing, so its output is the same in any window.
public enum ScreenWidth {
    /// The widths a script may ask for.
    public static let range = 20...1000

    /// A number of columns in `range`, or nil for `off` (unwrapped).
    public static func parse(_ text: String) throws(UsageError) -> Int? {
        if ["off", "none"].contains(text.lowercased()) { return nil }
        guard let columns = Int(text), range.contains(columns) else {
            throw UsageError(
                "“\(text)” is not a width: give a number of columns from \(range.lowerBound) to \(range.upperBound), or off")
        }
        return columns
    }
}
