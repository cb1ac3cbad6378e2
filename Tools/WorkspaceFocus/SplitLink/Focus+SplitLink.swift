import Foundation
import WorkspaceBase
import WorkspaceInsights

/// How a focused build of the app ends on Linux: the split link (`SplitLink`) after SwiftPM built
/// the app's target alone.
extension Focus {
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
        func splitLink(
            _ program: String, closure targets: Set<String>, of manifest: Manifest, runner: any CommandRunning, buildManifest: String,
            listing: ClosureListing, linkedWhole: Bool
        ) throws -> CommandResult {
            let programs = programs(for: targets)
            // Each library the app opens at run time → the stamp of what its last build was made from.
            let libraries = StampRecord<String>(programs + "/\(program).split-link/libraries-built.json")
            var built = libraries.read()
            for library in manifest.dynamicLibraries where !library.targets.isEmpty && library.targets.allSatisfy(targets.contains) {
                let inputs = libraryInputs(library, of: manifest, listing: listing)
                let file = programs + "/lib\(library.name).so"
                // After a whole build SwiftPM made it from what is there now.
                if linkedWhole || FileStatus(path: file) == nil || built[library.name] != inputs {
                    if !linkedWhole {
                        let command = buildCommand(for: targets, of: manifest, part: ["--product", library.name])
                        let result = try runner.showingProgress(command.program, command.arguments, in: packageRoot) { line in
                            BuildRecorder.pass(line, to: nil)
                        }
                        guard result.succeeded else { return result }
                    }
                    built[library.name] = inputs
                    libraries.write(built)
                }
            }
            guard let plan = splitLinkPlan(of: program, buildManifest: buildManifest, manifest: manifest, programs: programs) else {
                if linkedWhole { return CommandResult(status: 0) }
                let whole = buildCommand(for: targets, of: manifest)
                return try runner.showingProgress(whole.program, whole.arguments, in: packageRoot) { BuildRecorder.pass($0, to: nil) }
            }
            let terminal = ProgressTerminal.standardError() != nil
            return try SplitLink(plan: plan, programs: programs).link(runner: runner) { line in
                if terminal { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            }
        }

        /// The split link's plan of `program`: as last recorded while SwiftPM's manifest is the same
        /// (`SplitLinkPlanRecord`), else read from it and recorded.
        private func splitLinkPlan(of program: String, buildManifest: String, manifest: Manifest, programs: String) -> SplitLinkPlan? {
            let record = SplitLinkPlanRecord(path: programs + "/\(program).split-link/plan")
            guard let stamp = FileStatus(path: buildManifest)?.stamp else { return nil }
            if let recorded = record.read(program: program, stamp: stamp) { return recorded }
            guard let data = FileManager.default.contents(atPath: buildManifest),
                let plan = SplitLinkPlan.plan(program: program, buildManifest: data, manifest: manifest)
            else { return nil }
            record.write(plan, stamp: stamp)
            return plan
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
