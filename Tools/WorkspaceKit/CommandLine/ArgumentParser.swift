import WorkspaceBase

/// What a subcommand's command line may hold, which the one parser reads, and the synopsis and
/// the usage show: its options, which of them exclude each other, and what it does with words
/// that are not options.
struct CommandLineSyntax: Sendable {
    /// What the words that are not options are.
    enum Arguments: Sendable {
        /// None: a word is a usage error.
        case none
        /// Any number, in order (`test Feed Favorites`).
        case list
        /// Any number; everything after a `--` belongs to the program the subcommand starts
        /// (`watch Feed -- --replay x.json`).
        case listThenProgramAfterDoubleDash
        /// The first word names a program, and everything after it is that program's, options
        /// included (`run Feed --scenario empty`); a `--` right after the name is dropped.
        case programAfterFirst
        /// The subcommand reads its whole command line itself, `--help` included: all of it is
        /// passed on as `programArguments`.
        case unparsed
    }

    var options: [CommandLineOption] = []
    /// Options of which a command line may give one at most, shown as `[--json | --markdown]`.
    var exclusive: [CommandLineOption] = []
    var arguments: Arguments = .none
    /// What an unknown option is told, when a subcommand knows better than “has no option”.
    var unknownOption: (@Sendable (_ option: String) -> String)?

    /// Every subcommand takes these: which package, and where SwiftPM builds.
    static let packageOptions = [CommandLineOption.packagePath, .scratchPath]

    /// The option called `name`, the package's included.
    func option(named name: String) -> CommandLineOption? {
        (exclusive + options + Self.packageOptions).first { $0.name == name }
    }

    /// The options as the synopsis shows them: `[--base REF] [--run | --json]`, the exclusive ones
    /// last, a required one without brackets.
    var synopsis: [String] {
        let group = exclusive.isEmpty ? [] : ["[" + exclusive.map(\.form).joined(separator: " | ") + "]"]
        return options.map { $0.isRequired ? $0.form : "[\($0.form)]" } + group
    }

    /// The usage's list of options: each one's form and, beside it, its help.
    var optionLines: [String] {
        let shown = options + exclusive
        let column = (shown.map(\.form.count).max() ?? 0) + 2
        return shown.flatMap { option in
            option.help.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                (index == 0 ? option.form : "").padding(toLength: column, withPad: " ", startingAt: 0) + line
            }
        }
    }
}

/// The command line a subcommand is given, parsed against its `CommandLineSyntax`.
struct ParsedArguments: Equatable, Sendable {
    /// `-h` or `--help` came before anything the subcommand would pass on.
    var help = false
    var positional: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]
    /// The values of repeatable options, in the order given.
    var repeated: [String: [String]] = [:]
    /// What goes to the program the subcommand starts (`run`, `watch`).
    var programArguments: [String] = []

    var package: PackageOptions {
        PackageOptions(packagePath: value(.packagePath), scratchPath: value(.scratchPath))
    }

    /// Whether the flag `option` was given.
    func has(_ option: CommandLineOption) -> Bool { flags.contains(option.name) }

    /// The value given to `option`, nil when it was not given.
    func value(_ option: CommandLineOption) -> String? { values[option.name] }

    /// Every value given to the repeatable `option`, in order; nil when it was not given.
    func repeatedValues(_ option: CommandLineOption) -> [String]? { repeated[option.name] }
}

/// The one parser of the tool's command lines. Options may come anywhere among the words (before
/// a program's own); `--name value` and `--name=value` are the same; a value may not start with
/// `--`, so a forgotten value is not read as the next option.
enum ArgumentParser {
    static func parse(_ arguments: [String], command: String, syntax: CommandLineSyntax) throws(CommandLineError) -> ParsedArguments {
        var parsed = ParsedArguments()
        if syntax.arguments == .unparsed {
            parsed.programArguments = arguments
            return parsed
        }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" {
                parsed.help = true
                return parsed
            }
            if argument == "--", syntax.arguments == .listThenProgramAfterDoubleDash {
                parsed.programArguments = Array(remaining)
                return parsed
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                switch syntax.arguments {
                case .none:
                    throw CommandLineError("\(command) takes no argument “\(argument)”")
                case .list, .listThenProgramAfterDoubleDash:
                    parsed.positional.append(argument)
                case .programAfterFirst, .unparsed:
                    parsed.positional = [argument]
                    parsed.programArguments = Array(remaining.first == "--" ? remaining.dropFirst() : remaining)
                    return parsed
                }
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count == 2 ? parts[1] : nil
            guard let option = syntax.option(named: name) else {
                throw CommandLineError(syntax.unknownOption?(name) ?? "\(command) has no option \(name)")
            }
            if option.takesValue {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                        throw CommandLineError("\(command): \(name) needs a value")
                    }
                    value = next
                }
                if case .repeatable = option.kind {
                    parsed.repeated[name, default: []].append(value)
                } else {
                    parsed.values[name] = value
                }
            } else {
                guard inline == nil else { throw CommandLineError("\(command): \(name) takes no value") }
                parsed.flags.insert(name)
            }
        }
        let given = syntax.exclusive.filter { parsed.has($0) || parsed.value($0) != nil || parsed.repeatedValues($0) != nil }
        if given.count > 1 {
            throw CommandLineError("\(command) takes \(given.map(\.name).joined(separator: " or ")), not both")
        }
        return parsed
    }
}
