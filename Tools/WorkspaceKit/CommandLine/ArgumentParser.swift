import WorkspaceBase

/// What a subcommand's command line may hold, which the one parser reads: its flags, its options
/// that take a value, and what it does with words that are not options.
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

    var flags: Set<String> = []
    var values: Set<String> = []
    /// Options that take a value and may be given more than once (`--store A --store B`).
    var repeatable: Set<String> = []
    var arguments: Arguments = .none
    /// What an unknown option is told, when a subcommand knows better than “has no option”.
    var unknownOption: (@Sendable (_ option: String) -> String)?

    /// Every subcommand takes these: which package, and where SwiftPM builds.
    static let packageOptions: Set<String> = ["--package-path", "--scratch-path"]
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
        PackageOptions(packagePath: values["--package-path"], scratchPath: values["--scratch-path"])
    }
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
            if syntax.values.contains(name) || syntax.repeatable.contains(name) || CommandLineSyntax.packageOptions.contains(name) {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                        throw CommandLineError("\(command): \(name) needs a value")
                    }
                    value = next
                }
                if syntax.repeatable.contains(name) {
                    parsed.repeated[name, default: []].append(value)
                } else {
                    parsed.values[name] = value
                }
            } else if syntax.flags.contains(name) {
                guard inline == nil else { throw CommandLineError("\(command): \(name) takes no value") }
                parsed.flags.insert(name)
            } else {
                throw CommandLineError(syntax.unknownOption?(name) ?? "\(command) has no option \(name)")
            }
        }
        return parsed
    }
}
