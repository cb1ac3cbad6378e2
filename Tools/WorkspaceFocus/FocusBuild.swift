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
    /// linked as a small executable over one shared library per Entries part.
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
        var build = try runner.showingProgress(command.program, command.arguments, in: packageRoot) { line in
            BuildRecorder.pass(line, to: recorder)
        }
        recorder?.finish(exitStatus: build.status)
        if build.succeeded, firstInFolder, FileManager.default.fileExists(atPath: database) {
            build = try runner.showingProgress(command.program, command.arguments, in: packageRoot) { line in
                BuildRecorder.pass(line, to: nil)
            }
        }
        #if os(Linux)
            if build.succeeded, let splitProgram {
                build = try splitLink(
                    splitProgram, closure: targets, of: manifest, runner: runner, buildManifest: buildManifest, listing: listing,
                    linkedWhole: onlyTarget == nil)
            }
        #endif
        if build.succeeded, let inputs, let outputs = FocusBuildStamps.outputs(in: programs(for: targets), executables: executables) {
            stamps.record(line, .init(inputs: inputs, outputs: outputs))
        }
        return build
    }

    /// Whether `program` is linked by `SplitLink`: the app (a program whose closure holds Entries
    /// parts) on Linux. Elsewhere, and for sandboxes, SwiftPM links.
    func splitsLink(of program: String, closure: Set<String>, manifest: Manifest) -> Bool {
        #if os(Linux)
            return manifest.entries.contains { closure.contains($0.name) }
        #else
            return false
        #endif
    }

    #if os(Linux)
        /// After SwiftPM built `program`'s target: the dynamic libraries of the closure that changed
        /// since SwiftPM last made them (`swift build --product`), then the split link. A build
        /// manifest the split link cannot read leaves the program as SwiftPM links it: as it is when
        /// SwiftPM built the whole closure (`linkedWhole`), else by a build of the whole closure.
        private func splitLink(
            _ program: String, closure targets: Set<String>, of manifest: Manifest, runner: any CommandRunning, buildManifest: String,
            listing: ClosureListing, linkedWhole: Bool
        ) throws -> CommandResult {
            let programs = programs(for: targets)
            let libraries = LibraryBuilds(record: programs + "/\(program).split-link/libraries-built.json")
            for library in manifest.dynamicLibraries where !library.targets.isEmpty && library.targets.allSatisfy(targets.contains) {
                let inputs = libraryInputs(library, of: manifest, listing: listing)
                let file = programs + "/lib\(library.name).so"
                // After a whole build SwiftPM made it from what is there now.
                if linkedWhole || FileStatus(path: file) == nil || libraries.last(of: library.name) != inputs {
                    if !linkedWhole {
                        let command = buildCommand(for: targets, of: manifest, part: ["--product", library.name])
                        let built = try runner.showingProgress(command.program, command.arguments, in: packageRoot) { line in
                            BuildRecorder.pass(line, to: nil)
                        }
                        guard built.succeeded else { return built }
                    }
                    libraries.record(library.name, inputs)
                }
            }
            guard let data = FileManager.default.contents(atPath: buildManifest),
                let plan = SplitLinkPlan.plan(program: program, buildManifest: data, manifest: manifest)
            else {
                if linkedWhole { return CommandResult(status: 0) }
                let whole = buildCommand(for: targets, of: manifest)
                return try runner.showingProgress(whole.program, whole.arguments, in: packageRoot) { BuildRecorder.pass($0, to: nil) }
            }
            let terminal = ProgressTerminal.standardError() != nil
            return try SplitLink(plan: plan, programs: programs).link(runner: runner) { line in
                if terminal { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            }
        }

        /// What a dynamic library is made from, stamped: the declarations of the targets it is built
        /// from, as Package.swift reads, and their files (`listing`'s). Not Package.swift itself: a
        /// new feature changes it, and would build the library again for nothing.
        private func libraryInputs(_ library: Manifest.DynamicLibrary, of manifest: Manifest, listing: ClosureListing) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            var text = ""
            for name in ModuleGraph(manifest: manifest).closure(of: library.targets).sorted() {
                let declaration = manifest.target(named: name).flatMap { try? encoder.encode($0) } ?? Data()
                text += name + " " + String(decoding: declaration, as: UTF8.self) + "\n"
                for file in (listing.files[name] ?? nil) ?? [] { text += "\(file.path) \(file.status.stamp)\n" }
            }
            return stableHash(text)
        }
    #endif
}
