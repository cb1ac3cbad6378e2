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
// The tool reads the whole manifest and names each build's focus itself: a focus left in the
// shell's environment would narrow Package.swift under it.
unsetenv(Focus.variable)
var command = WorkspaceCommand(defaultPackageRoot: launcherRoot, progressTerminal: ProgressTerminal.standardError())
command.recordsBuilds = BuildRecorder.Settings.enabledByEnvironment
exit(command.run(Array(CommandLine.arguments.dropFirst())))
