import Foundation

/// Which targets a change affects and which test targets must run for it.
///
/// Files map to the target whose folder holds them; the affected targets are those and
/// everything that depends on them (reverse dependencies, transitively). It errs toward
/// running more: a change to the manifest, to shared test support (Core, CoreTesting,
/// SandboxSupport), or to a file no target holds runs everything, and so does a change set
/// that could not be read.
public struct AffectedAnalysis: Sendable {
    public let manifest: Manifest
    public let graph: ModuleGraph

    /// `endToEndEdges`: test targets that run built executables, and those executables.
    public init(manifest: Manifest, endToEndEdges: [(from: String, to: String)] = []) {
        self.manifest = manifest
        self.graph = ModuleGraph(manifest: manifest, extraEdges: endToEndEdges)
    }

    /// The target whose folder holds `file` (the deepest one, if folders nest).
    public func target(of file: String) -> String? {
        manifest.targets
            .filter { file.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
            .max { $0.path.count < $1.path.count }?
            .name
    }

    public struct Result: Sendable, Equatable {
        /// Every changed file and its target, if any.
        public var files: [FileChange]
        /// Why everything runs; empty when only the affected targets do.
        public var reasonsToRunEverything: [String]
        /// The changed targets and their reverse dependencies, in manifest order.
        public var affectedTargets: [String]
        /// The test targets to run, in manifest order.
        public var testTargets: [String]

        public var runsEverything: Bool { !reasonsToRunEverything.isEmpty }
    }

    public struct FileChange: Sendable, Equatable {
        public var path: String
        public var target: String?

        public init(path: String, target: String?) {
            self.path = path
            self.target = target
        }
    }

    /// What changed files affect. `files` are relative to the package root.
    public func analyze(_ files: [String]) -> Result {
        var reasons: [String] = []
        var changes: [FileChange] = []
        var changedTargets: [String] = []
        for file in files.sorted() {
            let target = self.target(of: file)
            changes.append(FileChange(path: file, target: target))
            if let target {
                changedTargets.append(target)
                if Conventions.sharedTestSupport.contains(target) {
                    reasons.append("\(file) is in \(target), which every test uses")
                }
            } else if Conventions.manifestFiles.contains(file) {
                reasons.append("\(file) is the package manifest")
            } else {
                reasons.append("\(file) belongs to no target")
            }
        }
        let allTests = manifest.targets.filter { $0.kind == .test }.map(\.name)
        if !reasons.isEmpty {
            return Result(files: changes, reasonsToRunEverything: reasons, affectedTargets: manifest.targetNames, testTargets: allTests)
        }
        let affected = graph.reverseClosure(of: changedTargets)
        let tests = affected.filter { manifest.target(named: $0)?.kind == .test }
        return Result(files: changes, reasonsToRunEverything: [], affectedTargets: affected, testTargets: tests)
    }

    /// The `swift test` arguments that run these test targets: one filter joining them.
    /// Everything runs without a filter.
    public static func testArguments(for result: Result) -> [String]? {
        if result.runsEverything { return ["test"] }
        guard !result.testTargets.isEmpty else { return nil }
        return ["test", "--filter", testFilter(result.testTargets)]
    }

    /// `^(AppTests|FeedTests)\.`: a test's identifier starts with its module's name and a dot.
    public static func testFilter(_ testTargets: [String]) -> String {
        "^(\(testTargets.joined(separator: "|")))\\."
    }

    /// Test targets that run the package's executables rather than importing them: the
    /// conventional end-to-end targets, and any test target whose sources start processes
    /// (`Process()`, `executableURL`) and name an executable in a string literal
    /// (`ProductProcess(name: "cookbook")`). They depend on every executable. A test that only
    /// names a program (AppTests' fuzzer drives each sandbox's screens in process) does not.
    public static func endToEndEdges(manifest: Manifest, files: any FileSystem) -> [(from: String, to: String)] {
        let executables = manifest.targets.filter { $0.kind == .executable }.map(\.name)
        var edges: [(from: String, to: String)] = []
        for test in manifest.targets where test.kind == .test {
            var runsExecutables = Conventions.endToEndTestTargets.contains(test.name)
            if !runsExecutables {
                let sources = files.swiftFiles(under: test.path).compactMap { try? files.read($0) }
                let startsProcesses = sources.contains { text in
                    let code = SwiftSource(text).code
                    return code.contains("Process()") || code.contains("executableURL")
                }
                runsExecutables = startsProcesses && sources.contains { text in executables.contains { text.contains("\"\($0)\"") } }
            }
            if runsExecutables { edges += executables.map { (from: test.name, to: $0) } }
        }
        return edges
    }
}

/// What changed in the working copy since a base commit, by git.
public struct ChangeSet: Sendable, Equatable {
    /// Changed, added, deleted and untracked files, relative to the package root.
    public var files: [String]
    /// What the files were compared with, in words.
    public var description: String
    /// Set when the changes could not be read: then everything must run.
    public var unknownBecause: String?

    public init(files: [String], description: String, unknownBecause: String? = nil) {
        self.files = files
        self.description = description
        self.unknownBecause = unknownBecause
    }
}

/// Reads the change set with git.
///
/// The base is `--base REF` if given. Otherwise it is `origin/main`: the merge base of HEAD and
/// origin/main, i.e. what a pull request would change. When HEAD is already on origin/main
/// (nothing to push) or there is no origin/main, the base is `HEAD~1`, the last commit. Compared
/// with the base are the committed, staged and unstaged changes and the untracked files (not
/// ignored). A missing git, a bad ref or a repository without commits leaves the change set
/// unknown, and everything runs.
public struct ChangeDetector {
    public let packageRoot: String
    public let runner: any CommandRunning

    public init(packageRoot: String, runner: any CommandRunning) {
        self.packageRoot = packageRoot
        self.runner = runner
    }

    func git(_ arguments: [String]) -> CommandResult? {
        guard let result = try? runner.capture("git", arguments, in: packageRoot), result.succeeded else { return nil }
        return result
    }

    func commit(_ ref: String) -> String? {
        git(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])?.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func lines(_ result: CommandResult) -> [String] {
        result.output.split(separator: "\n").map { String($0) }.filter { !$0.isEmpty }
    }

    public func changes(base requested: String?) -> ChangeSet {
        guard git(["rev-parse", "--show-toplevel"]) != nil else {
            return ChangeSet(files: [], description: "", unknownBecause: "this is not a git work tree (or git is missing)")
        }
        guard let head = commit("HEAD") else {
            return ChangeSet(files: [], description: "", unknownBecause: "the repository has no commits yet")
        }
        let base: String
        let description: String
        if let requested {
            guard let ref = commit(requested) else {
                return ChangeSet(files: [], description: "", unknownBecause: "git does not know the base “\(requested)”")
            }
            let mergeBase = git(["merge-base", head, ref]).map { $0.output.trimmingCharacters(in: .whitespacesAndNewlines) }
            base = mergeBase ?? ref
            description = mergeBase == nil || mergeBase == ref ? requested : "\(requested) (merge base \(base.prefix(10)))"
        } else if let upstream = commit("origin/main"),
            let mergeBase = git(["merge-base", head, upstream]).map({ $0.output.trimmingCharacters(in: .whitespacesAndNewlines) }),
            mergeBase != head
        {
            base = mergeBase
            description = "origin/main (merge base \(mergeBase.prefix(10)))"
        } else if let parent = commit("HEAD~1") {
            base = parent
            description = "HEAD~1 (the last commit)"
        } else {
            return ChangeSet(files: [], description: "", unknownBecause: "HEAD has no parent and there is no origin/main to compare with")
        }
        // The working tree against the base: committed, staged and unstaged changes. `--relative`
        // keeps paths relative to the package root (and leaves out files outside it).
        guard let diff = git(["diff", "--name-only", "--no-renames", "--relative", base]),
            let untracked = git(["ls-files", "--others", "--exclude-standard"])
        else {
            return ChangeSet(files: [], description: description, unknownBecause: "git diff against \(description) failed")
        }
        let files = Array(Set(lines(diff) + lines(untracked))).sorted()
        return ChangeSet(files: files, description: description + ", plus uncommitted and untracked files")
    }
}
