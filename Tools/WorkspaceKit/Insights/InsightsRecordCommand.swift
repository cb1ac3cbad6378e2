import Foundation

extension WorkspaceCommand {
    static let insightsRecordUsage = """
        usage: workspace insights record [--package-path DIR] [--scratch-path DIR] -- COMMAND [ARGUMENT…]

        Runs COMMAND (swift build, swift test…) in the current folder, passing its output through,
        and records it in the build insights like the builds of run, test, watch and gallery: its
        time, what it compiled and, when the Swift driver's remarks are in its output
        (-Xswiftc -driver-show-incremental), why. A command that fails is recorded as failed.
        COOKBOOK_INSIGHTS=off runs it unrecorded.

        exit status: COMMAND's (127 when it cannot be started), 2 bad command line
        """

    /// `workspace insights record [options] -- COMMAND…`.
    func insightsRecord(_ arguments: [String]) throws -> Int32 {
        var contextArguments = Arguments()
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            if argument == "-h" || argument == "--help" {
                write(Self.insightsRecordUsage)
                return ExitStatus.success.rawValue
            }
            guard ["--package-path", "--scratch-path"].contains(parts[0]) else {
                throw UsageError(message: "insights record runs what follows `--`: workspace insights record -- swift build")
            }
            if parts.count == 2 {
                contextArguments.values[parts[0]] = parts[1]
            } else {
                guard index + 1 < arguments.count else { throw UsageError(message: "\(argument) needs a value") }
                index += 1
                contextArguments.values[parts[0]] = arguments[index]
            }
            index += 1
        }
        let command = Array(arguments.dropFirst(index + 1))
        guard let program = command.first else {
            throw UsageError(message: "insights record needs a command after `--`, such as: workspace insights record -- swift build")
        }
        let context = try Context(contextArguments, currentDirectory: currentDirectory, defaultRoot: defaultPackageRoot, runner: runner)
        // Only a reading of the manifest already kept: recording never waits for SwiftPM to read it.
        let manifest =
            !recordsBuilds
            ? nil
            : try? Manifest.loadCached(
                packageRoot: context.root, swiftOptions: context.swiftOptions, runner: NoCommands(), cacheFile: context.focus.manifestCache)
        let recorder = recorder(
            "record", loop: .other, target: Self.builtTarget(in: command), arguments: command, context: context, manifest: manifest)
        let status: Int32
        do {
            status = try runner.run(program, Array(command.dropFirst()), in: currentDirectory) { line in
                _ = recorder?.take(line)
                write(line)
            }
        } catch {
            writeError("workspace insights record: \(error)")
            status = 127
        }
        recorder?.finish(exitStatus: status)
        return status
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
