import WorkspaceBase

/// `workspace help [COMMAND]`: the list of subcommands, or one subcommand's usage.
struct HelpCommand: Subcommand {
    static let name = "help"
    static let operands = "[COMMAND]"
    static let summary = """
        show this text, or what COMMAND does and takes (as `workspace COMMAND --help`)
        """
    static let options = CommandLineSyntax(arguments: .list)

    /// Nil: every subcommand.
    var command: (any Subcommand.Type)?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard let name = arguments.positional.first else { return }
        if let extra = arguments.positional.dropFirst().first {
            throw CommandLineError("help takes one COMMAND, not also “\(extra)”")
        }
        guard let command = WorkspaceCommand.subcommand(named: name) else { throw WorkspaceCommand.unknownCommand(name) }
        self.command = command
    }

    func run(_ environment: CommandEnvironment) -> ExitStatus {
        environment.write(command?.usage ?? WorkspaceCommand.usage)
        return .success
    }
}
