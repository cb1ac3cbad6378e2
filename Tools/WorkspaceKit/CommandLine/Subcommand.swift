import WorkspaceBase

/// One subcommand of `workspace`: its name, its entry in `workspace help`, its options, its
/// usage text, the checks of its command line (in `init`) and its run. Each lives in one file
/// of Subcommands/ and is listed once, in `WorkspaceCommand.subcommands`.
protocol Subcommand {
    /// The word after `workspace`.
    static var name: String { get }
    /// What follows the name in `workspace help`: `test MODULE… [--filter REGEX]`.
    static var synopsis: String { get }
    /// What it does, for `workspace help`: lines of at most 88 characters, not indented.
    static var summary: String { get }
    /// `workspace NAME --help`; by default the synopsis, the summary and the shared options.
    static var usage: String { get }
    static var options: CommandLineSyntax { get }

    /// Checks the command line; a `CommandLineError` for one that is wrong.
    init(_ arguments: ParsedArguments) throws(CommandLineError)

    func run(_ environment: CommandEnvironment) throws -> ExitStatus
}

extension Subcommand {
    static var usage: String {
        """
        usage: workspace \(synopsis)

        \(summary)

        options:
          --package-path DIR, --scratch-path DIR   as for every command (`workspace help`)

        exit status: 0 success, 1 rule broken or command failed, 2 bad command line
        """
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
