import Foundation

extension WorkspaceCommand {
    /// `workspace insights …`: `record -- COMMAND…` records a command (`insightsRecord`); everything
    /// else is the report's (`insightsReport`). It reads its own command line: `record` passes what
    /// follows `--` on to a program.
    func insights(_ arguments: [String]) throws -> Int32 {
        if arguments.first == "record" { return try insightsRecord(Array(arguments.dropFirst())) }
        return try insightsReport(arguments)
    }
}
