import Foundation
import WorkspaceBase
import WorkspaceInsights

extension Focus {
    /// Builds `targets` (a closure of `manifest`) in the focus: waits while another command
    /// builds here (`waiting` is called once if so), runs `swift build` on the package narrowed to
    /// them with its progress shown at a terminal, and frees the focus. The build is recorded by
    /// the recorder `recorder` makes once the focus is this command's (none when recording is
    /// off). The one place `run` and `gallery` build; `test` builds through `swift test`
    /// (`FocusedTests.run`) and `watch` through a process it can stop (`WatchDriver`).
    ///
    /// When nothing the build reads or leaves changed since the last success of the same build,
    /// SwiftPM is not run (`FocusBuildStamps`), and nothing is recorded: no build happened.
    ///
    /// SwiftPM's first build in a folder leaves out of its database the node (`PackageStructure`)
    /// that every later build checks its saved plan against, so the second build plans again: 2.3 s
    /// for the app at 305 features, 13 s at 1,000, on the first edit after the first build. A build
    /// that made the folder's database is therefore run once more at once, compiling nothing, so
    /// that planning again happens while the person is already waiting for a first build.
    ///
    /// Given the `program` to run, the app's closure on Linux is linked by `SplitLink` rather
    /// than by SwiftPM: SwiftPM builds the program's target (`--target cookbook`, which compiles
    /// and links nothing else) and the dynamic libraries the program opens, and the program is
    /// linked as a small executable over one shared library per Entries part. While SwiftPM's plan
    /// holds, that target is built by llbuild alone, without SwiftPM (`directBuild`).
    public func build(
        _ targets: Set<String>, of manifest: Manifest, runner: any CommandRunning, recorder: () -> BuildRecorder? = { nil },
        program: String? = nil, waiting: () -> Void
    ) throws -> CommandResult {
        let (lock, listing) = try prepareListing(targets, of: manifest, waiting: waiting)
        defer { lock.unlock() }
        let splitProgram = program.flatMap { splitsLink(of: $0, closure: targets, manifest: manifest) ? $0 : nil }
        let buildManifest = scratch(for: targets) + "/debug.yaml"
        // The first build in a folder is a whole one: SwiftPM wraps every module for the debugger
        // and builds every library at once, and writes the plan the split link reads.
        let onlyTarget = splitProgram.flatMap { FileManager.default.fileExists(atPath: buildManifest) ? $0 : nil }
        let command = buildCommand(for: targets, of: manifest, part: onlyTarget.map { ["--target", $0] } ?? [])
        let line = [command.program] + command.arguments
        let stamps = FocusBuildStamps(record: folder + "/builds-done.json")
        let executables = manifest.targets.filter { targets.contains($0.name) && $0.kind == .executable }.map(\.name)
        let inputs = FocusBuildStamps.inputs(of: targets, in: manifest, command: line, packageRoot: packageRoot, listing: listing)
        if let inputs, let outputs = FocusBuildStamps.outputs(in: programs(for: targets), executables: executables),
            stamps.isCurrent(line, .init(inputs: inputs, outputs: outputs))
        {
            return CommandResult(status: 0)
        }
        stamps.record(line, nil)
        let database = scratch(for: targets) + "/build.db"
        let firstInFolder = !FileManager.default.fileExists(atPath: database)
        let recorder = recorder()
        recorder?.remarksAsked = !driverRemarks(for: targets).isEmpty
        #if os(Linux)
            let toolchain = onlyTarget == nil ? nil : toolchainPrograms
            let plan = onlyTarget.flatMap { _ in planInputs(of: targets, in: manifest, listing: listing, toolchain: toolchain) }
            let direct = try onlyTarget.flatMap { program in
                try directBuild(
                    program, line: line, plan: plan, toolchain: toolchain, closure: targets, of: manifest, listing: listing,
                    runner: runner, recorder: recorder)
            }
        #else
            let direct: CommandResult? = nil
        #endif
        var build: CommandResult
        if let direct, direct.succeeded {
            build = direct
        } else {
            // SwiftPM plans when the plan changed, and prints a failed direct build's errors as it always does.
            build = try runner.showingProgress(command.program, command.arguments, in: packageRoot) { line in
                BuildRecorder.pass(line, to: direct == nil ? recorder : nil)
            }
        }
        #if os(Linux)
            var swiftPMBuiltTheTarget = build.succeeded && onlyTarget != nil && direct?.succeeded != true
        #endif
        if build.succeeded, firstInFolder, FileManager.default.fileExists(atPath: database) {
            build = try runner.showingProgress(command.program, command.arguments, in: packageRoot) { line in
                BuildRecorder.pass(line, to: nil)
            }
        }
        #if os(Linux)
            if build.succeeded, let splitProgram {
                let link = {
                    try splitLink(
                        splitProgram, closure: targets, of: manifest, runner: runner, buildManifest: buildManifest, listing: listing,
                        linkedWhole: onlyTarget == nil)
                }
                build = try link()
                // A direct build checks only the modules whose files changed: an object removed by
                // hand since is SwiftPM's to make again, and the link's to retry.
                if !build.succeeded, direct?.succeeded == true {
                    build = try runner.showingProgress(command.program, command.arguments, in: packageRoot) {
                        BuildRecorder.pass($0, to: nil)
                    }
                    swiftPMBuiltTheTarget = build.succeeded
                    if build.succeeded { build = try link() }
                }
            }
            // After the libraries the split link builds by SwiftPM, which writes its manifest again.
            if build.succeeded, swiftPMBuiltTheTarget { recordPlan(of: line, plan: plan, closure: targets, listing: listing) }
        #endif
        // The link is part of the loop the record times, and a link that fails fails the build.
        recorder?.finish(exitStatus: build.status)
        if build.succeeded, let inputs, let outputs = FocusBuildStamps.outputs(in: programs(for: targets), executables: executables) {
            stamps.record(line, .init(inputs: inputs, outputs: outputs))
        }
        return build
    }
}
