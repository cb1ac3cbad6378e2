import Foundation
import WorkspaceBase

extension InsightsCommand {
    static let recordUsage = """
        usage: workspace insights record [--package-path DIR] [--scratch-path DIR] -- COMMAND [ARGUMENT…]

        Runs COMMAND (swift build, swift test…) in the current folder, passing its output through,
        and records it in the build insights like the builds of run, test, watch and gallery: its
        time, what it compiled and, when the Swift driver's remarks are in its output
        (-Xswiftc -driver-show-incremental), why. A command that fails is recorded as failed.
        COOKBOOK_INSIGHTS=off runs it unrecorded.

        exit status: COMMAND's (127 when it cannot be started), 2 bad command line
        """

    /// `workspace insights record [options] -- COMMAND…`.
    func record(_ command: [String], _ environment: CommandEnvironment) throws -> ExitStatus {
        guard let program = command.first else { return .usage }
        let workspace = try environment.workspace(package)
        // Only a reading of the manifest already kept: recording never waits for SwiftPM to read it.
        let manifest =
            !environment.recordsBuilds
            ? nil
            : try? Manifest.loadCached(
                packageRoot: workspace.root, swiftOptions: workspace.swiftOptions, runner: NoCommands(),
                cacheFile: workspace.focus.manifestCache)
        let recorder = environment.recorder(
            "record", loop: .other, target: Self.builtTarget(in: command), arguments: command, workspace: workspace, manifest: manifest)
        let status: Int32
        do {
            status = try environment.runner.run(program, Array(command.dropFirst()), in: environment.currentDirectory) { line in
                _ = recorder?.take(line)
                environment.write(line)
            }
        } catch {
            environment.writeError("workspace insights record: \(error)")
            status = 127
        }
        recorder?.finish(exitStatus: status)
        return ExitStatus(status)
    }

    /// What a SwiftPM command line builds: `--product X`, `--target X` or `--filter X`.
    static func builtTarget(in command: [String]) -> String? {
        for option in ["--product", "--target", "--filter"] {
            if let at = command.firstIndex(of: option), at + 1 < command.count { return command[at + 1] }
            if let joined = command.first(where: { $0.hasPrefix(option + "=") }) { return String(joined.dropFirst(option.count + 1)) }
        }
        return nil
    }
}

/// A runner that runs nothing: `Manifest.loadCached` with it only reads what is kept.
private struct NoCommands: CommandRunning {
    func capture(_ program: String, _ arguments: [String], in directory: String) throws -> CommandResult {
        throw CommandError("not run: \(program)")
    }

    func stream(_ program: String, _ arguments: [String], in directory: String) throws -> Int32 {
        throw CommandError("not run: \(program)")
    }
}
