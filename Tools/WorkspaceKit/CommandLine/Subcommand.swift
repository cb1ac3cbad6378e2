import WorkspaceBase

/// One subcommand of `workspace`: its name, its entry in `workspace help`, its options, its
/// usage text, the checks of its command line (in `init`) and its run. Each lives in one file
/// of Subcommands/ and is listed once, in `WorkspaceCommand.subcommands`. Each option is declared
/// once (`CommandLineOption`): the parser, the synopsis and the usage are made from `options`.
protocol Subcommand {
    /// The word after `workspace`.
    static var name: String { get }
    /// The words that are not options, as the synopsis shows them before the options:
    /// `MODULE…`, `FEATURE|PROGRAM [PROGRAM-OPTIONS…]`; empty for none.
    static var operands: String { get }
    /// What the synopsis shows after the options: `[-- SANDBOX-OPTIONS…]`.
    static var trailingOperands: String { get }
    /// What it does, for `workspace help`: lines of at most 88 characters, not indented.
    static var summary: String { get }
    /// What it does, for its usage; by default the summary.
    static var details: String { get }
    /// What its exit statuses mean, for its usage.
    static var exitStatus: String { get }
    /// `workspace NAME --help`; by default the synopsis, the details, the options and the exit status.
    static var usage: String { get }
    static var options: CommandLineSyntax { get }

    /// Checks the command line; a `CommandLineError` for one that is wrong.
    init(_ arguments: ParsedArguments) throws(CommandLineError)

    func run(_ environment: CommandEnvironment) throws -> ExitStatus
}

extension Subcommand {
    static var operands: String { "" }
    static var trailingOperands: String { "" }
    static var details: String { summary }
    static var exitStatus: String { "0 success, 1 rule broken or command failed, 2 bad command line" }

    /// The name, the operands and the options, as `workspace help` and the usage show them.
    static var synopsis: String {
        ([name, operands] + options.synopsis + [trailingOperands]).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The synopsis in lines of at most 96 characters, a long one continued under its first option.
    static func synopsisLines(after prefix: String) -> [String] {
        let head = ([name, operands]).filter { !$0.isEmpty }.joined(separator: " ")
        let indent = String(repeating: " ", count: prefix.count + head.count + 1)
        var lines = [prefix + head]
        for part in options.synopsis + [trailingOperands] where !part.isEmpty {
            if lines[lines.count - 1].count + 1 + part.count > 96 {
                lines.append(indent + part)
            } else {
                lines[lines.count - 1] += " " + part
            }
        }
        return lines
    }

    static var usage: String { standardUsage }

    /// The synopsis, the details, every option with its help, and the exit status.
    static var standardUsage: String {
        let lines =
            synopsisLines(after: "usage: workspace ") + ["", details, "", "options:"] + options.optionLines.map { "  " + $0 }
            + ["  --package-path DIR, --scratch-path DIR   as for every command (`workspace help`)", "", "exit status: " + exitStatus]
        return lines.joined(separator: "\n")
    }

    /// The subcommand `arguments` (what follows its name) ask for; nil when they ask for its usage.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Self? {
        let parsed = try ArgumentParser.parse(arguments, command: name, syntax: options)
        return parsed.help ? nil : try Self(parsed)
    }
}

/// A command line that is wrong: exit status 2, with the message and a pointer to the usage.
struct CommandLineError: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
