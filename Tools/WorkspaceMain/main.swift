import Foundation
import WorkspaceKit

// `Tools/workspace <command>` (or `swift run workspace <command>`): see `WorkspaceCommand.usage`.
var command = WorkspaceCommand.launched()
exit(command.run(Array(CommandLine.arguments.dropFirst())))
