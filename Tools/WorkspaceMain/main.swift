import Foundation
import WorkspaceKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `Tools/workspace <command>` (or `swift run workspace <command>`): see `WorkspaceCommand.usage`.
// The launcher names the workspace it belongs to; the programs this one starts do not inherit that.
let launcherRoot = ProcessInfo.processInfo.environment["WORKSPACE_PACKAGE_ROOT"]
unsetenv("WORKSPACE_PACKAGE_ROOT")
var command = WorkspaceCommand(defaultPackageRoot: launcherRoot)
command.recordsBuilds = BuildRecorder.Settings.enabledByEnvironment
exit(command.run(Array(CommandLine.arguments.dropFirst())))
