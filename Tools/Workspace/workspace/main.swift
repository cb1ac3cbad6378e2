import Foundation
import WorkspaceKit

// `swift run workspace <command>`: see `WorkspaceCommand.usage`.
exit(WorkspaceCommand().run(Array(CommandLine.arguments.dropFirst())))
