import Foundation
import WorkspaceBase
import WorkspaceInsights

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension WorkspaceCommand {
    /// The command as `Tools/workspace` (or `swift run workspace`) starts it, from this process's
    /// environment. The launcher names the workspace it belongs to; the programs this one starts do
    /// not inherit that. The tool reads the whole manifest and names each build's focus itself: a
    /// focus left in the shell's environment would narrow Package.swift under it.
    public static func launched() -> WorkspaceCommand {
        let launcherRoot = ProcessInfo.processInfo.environment["WORKSPACE_PACKAGE_ROOT"]
        unsetenv("WORKSPACE_PACKAGE_ROOT")
        unsetenv(Focus.variable)
        var command = WorkspaceCommand(defaultPackageRoot: launcherRoot, progressTerminal: ProgressTerminal.standardError())
        command.recordsBuilds = BuildRecorder.Settings.enabledByEnvironment
        return command
    }
}
