import Foundation
import WorkspaceBase
import WorkspaceInsights

/// The app's build without SwiftPM, while SwiftPM's plan holds (Linux): llbuild's own program,
/// `swift-build-tool`, runs SwiftPM's build manifest (`DirectBuildManifest`) on SwiftPM's database.
///
/// Why: every `swift build` loads the package graph, decodes its saved plan and parses the build
/// manifest before it compiles anything, whatever it compiles. For the app that grows with the
/// workspace: about 2 s at a thousand features, against 0.3 s at five. llbuild alone, on the same
/// manifest, starts in 0.2 s at a thousand features and compiles a Feed edit in 0.5 s.
///
/// SwiftPM plans again when the command line or its environment, Package.swift, a file of the
/// closure's folders, or the compiler changes, though only the closure's declarations in
/// Package.swift can change its plan. So after each build SwiftPM ran, the tool keeps
/// what that plan was made from (`PlanRecord`); a build whose inputs are the same runs directly,
/// anything else through SwiftPM, which plans again and is recorded in turn. A direct build that
/// fails is run again through SwiftPM, which prints the compiler's errors as it always does.
///
/// A direct build checks only what can have changed: the modules whose files changed since the
/// line's last successful build, and every module that depends on one (`DirectBuildManifest.narrowed`).
extension Focus {
    /// What SwiftPM's plan for one command line was made from, and the build manifest it wrote.
    package struct PlanRecord: Codable, Equatable {
        /// The closure's declarations in Package.swift, the compiler and the names of the closure's files, stamped.
        var plan: String
        /// SwiftPM's `debug.yaml` as its build left it: another plan in the folder rewrites it.
        var buildManifest: String
        /// Each target of the closure → its files, stamped, as the last successful build of the
        /// line found them (`sourceStamps`); nil until one has.
        var sources: [String: String]? = nil
    }

    /// `direct-builds.json` in the focus's folder: command line (hashed) → its plan's record.
    var planRecords: StampRecord<PlanRecord> { StampRecord(folder + "/direct-builds.json") }

    #if os(Linux)
        /// What SwiftPM's plan of `targets` depends on, now: what Package.swift declares for them and
        /// for the package (`Manifest.declarations(of:)`; its stamp when that is not known), the
        /// compiler's and `swift-build-tool`'s stamps (in `toolchain`, the toolchain's programs), and
        /// every file of the targets' folders by name (an edit keeps the plan; a new file does not).
        ///
        /// The focus's Package.swift declares the closure's targets alone (`COOKBOOK_FOCUS`), so a
        /// change to another target (another feature's tests gaining a dependency) leaves SwiftPM's
        /// plan of this closure as it would plan it again: at a thousand features that plan took 12 s.
        func planInputs(of targets: Set<String>, in manifest: Manifest, listing: ClosureListing, toolchain: String?) -> String? {
            guard let toolchain else { return nil }
            var text: String
            if let declarations = manifest.declarations(of: targets) {
                text = "declarations \(declarations)\n"
            } else if let package = FileStatus(path: packageRoot + "/Package.swift")?.stamp {
                text = "Package.swift \(package)\n"
            } else {
                return nil
            }
            for program in ["swift-frontend", "swift-build-tool"] {
                guard let stamp = FileStatus(path: toolchain + "/" + program)?.stamp else { return nil }
                text += "\(program) \(stamp)\n"
            }
            for target in manifest.targets where targets.contains(target.name) {
                guard let files = listing.files[target.name] ?? nil else { return nil }
                text += "\(target.name) \(target.path)\n" + files.map { $0.path + "\n" }.joined()
            }
            return stableHash(text)
        }

        /// Each target of `targets` → its files, stamped, as `listing` found them.
        func sourceStamps(of targets: Set<String>, listing: ClosureListing) -> [String: String] {
            var stamps: [String: String] = [:]
            for target in targets {
                guard let files = listing.files[target] ?? nil else { continue }
                stamps[target] = stableHash(files.map { "\($0.path) \($0.status.stamp)\n" }.joined())
            }
            return stamps
        }

        /// Builds `program`'s module by `swift-build-tool` when SwiftPM's last build of `line`
        /// planned from what is there now (`plan`); nil when it did not, or the tool or the manifest
        /// cannot be used, and SwiftPM builds. `listing` is the closure's files now.
        func directBuild(
            _ program: String, line: [String], plan: String?, toolchain: String?, closure targets: Set<String>,
            of manifest: Manifest, listing: ClosureListing, runner: any CommandRunning, recorder: BuildRecorder?
        ) throws -> CommandResult? {
            let scratch = scratch(for: targets)
            let buildManifest = scratch + "/debug.yaml"
            let key = FocusBuildStamps.key(line)
            guard let plan, let toolchain, let recorded = planRecords.read()[key], recorded.plan == plan,
                let manifestStamp = FileStatus(path: buildManifest)?.stamp, recorded.buildManifest == manifestStamp
            else { return nil }
            let tool = toolchain + "/swift-build-tool"
            guard FileManager.default.isExecutableFile(atPath: tool),
                let direct = try directManifest(from: buildManifest, stamp: manifestStamp, program: program)
            else { return nil }
            // SwiftPM's own lock on the folder: a `swift build` there meanwhile waits, as for another SwiftPM.
            let lock = try FileLock(path: scratch + "/.lock") {
                FileHandle.standardError.write(Data("workspace: waiting for another SwiftPM command building in \(scratch)…\n".utf8))
            }
            defer { lock.unlock() }
            let sources = sourceStamps(of: targets, listing: listing)
            let built = try recorded.sources.flatMap { last in
                try narrowedManifest(
                    direct, program: program, closure: targets, of: manifest,
                    changed: targets.filter { sources[$0] == nil || last[$0] != sources[$0] })
            }
            var output = DirectBuildOutput { path in self.module(of: path, in: manifest, among: targets) }
            // The environment SwiftPM's builds get (`buildCommand`), so the compiler runs as it would there.
            let environment = ["-i"] + Self.buildEnvironment(from: ProcessInfo.processInfo.environment)
            let arguments = [tool, "-f", built ?? direct.path, "--db", scratch + "/build.db", direct.target]
            let result = try runner.showingProgress("env", environment + arguments, in: packageRoot) { line in
                let read = output.read(line)
                for recorded in read.recorded { _ = BuildRecorder.pass(recorded, to: recorder) }
                return read.shown.isEmpty ? nil : read.shown.joined(separator: "\n")
            }
            if result.succeeded {
                planRecords.update(
                    key, to: PlanRecord(plan: plan, buildManifest: manifestStamp, sources: sources), keepingAtMost: FocusBuildStamps.bound)
            }
            return result
        }

        /// The direct manifest narrowed to the modules `changed` and those that depend on them, in
        /// `direct-build-narrowed.yaml` beside it; nil when that would be the whole closure. Made
        /// again only when the modules or the direct manifest differ from what it was made from
        /// (kept beside it): one edit after another reads none of the 6.5 MB at a thousand features.
        private func narrowedManifest(
            _ direct: (path: String, target: String), program: String, closure targets: Set<String>, of manifest: Manifest,
            changed: [String]
        ) throws -> String? {
            let modules = Set(ModuleGraph(manifest: manifest).reverseClosure(of: changed)).intersection(targets).union([program])
            guard modules.count < targets.count, let stamp = FileStatus(path: direct.path)?.stamp else { return nil }
            let path = URL(fileURLWithPath: direct.path).deletingLastPathComponent().path + "/direct-build-narrowed.yaml"
            let madeFrom = stableHash(([stamp, direct.target] + modules.sorted()).joined(separator: "\n"))
            if (try? String(contentsOfFile: path + ".made-from", encoding: .utf8)) == madeFrom,
                FileManager.default.fileExists(atPath: path)
            {
                return path
            }
            guard let whole = FileManager.default.contents(atPath: direct.path),
                let narrowed = DirectBuildManifest.narrowed(whole, to: modules, program: program, target: direct.target)
            else { return nil }
            try narrowed.write(to: URL(fileURLWithPath: path), options: .atomic)
            try madeFrom.write(toFile: path + ".made-from", atomically: true, encoding: .utf8)
            return path
        }

        /// Records that SwiftPM's build of `line` succeeded, planned from `plan`, from the closure's
        /// files as `listing` found them before it.
        func recordPlan(of line: [String], plan: String?, closure targets: Set<String>, listing: ClosureListing) {
            let written = FileStatus(path: scratch(for: targets) + "/debug.yaml")?.stamp
            let sources = sourceStamps(of: targets, listing: listing)
            let record = plan.flatMap { plan in written.map { PlanRecord(plan: plan, buildManifest: $0, sources: sources) } }
            planRecords.update(FocusBuildStamps.key(line), to: record, keepingAtMost: FocusBuildStamps.bound)
        }

        /// The manifest `swift-build-tool` runs and `program`'s target in it, made from SwiftPM's when
        /// that changed. What it was made from and the target are kept beside it, so that SwiftPM's
        /// manifest (8.5 MB at a thousand features, read again by the split link) is read only then.
        private func directManifest(from buildManifest: String, stamp: String, program: String) throws -> (path: String, target: String)? {
            let path = URL(fileURLWithPath: buildManifest).deletingLastPathComponent().path + "/direct-build.yaml"
            let madeFrom = path + ".made-from"
            let kept = ((try? String(contentsOfFile: madeFrom, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if kept.count == 3, kept[0] == stamp, kept[1] == program, FileManager.default.fileExists(atPath: path) {
                return (path, kept[2])
            }
            guard let source = FileManager.default.contents(atPath: buildManifest),
                let target = DirectBuildManifest.moduleTarget(of: program, in: source),
                let rewritten = DirectBuildManifest.rewrite(source)
            else { return nil }
            try rewritten.write(to: URL(fileURLWithPath: path), options: .atomic)
            try [stamp, program, target].joined(separator: "\n").write(toFile: madeFrom, atomically: true, encoding: .utf8)
            return (path, target)
        }

        /// The closure's module whose folder holds `path` (absolute), for the build insights.
        private func module(of path: String, in manifest: Manifest, among targets: Set<String>) -> String? {
            guard path.hasPrefix(packageRoot + "/") else { return nil }
            let relative = path.dropFirst(packageRoot.count + 1)
            return manifest.targets.first { targets.contains($0.name) && relative.hasPrefix($0.path + "/") }?.name
        }
    #endif
}
