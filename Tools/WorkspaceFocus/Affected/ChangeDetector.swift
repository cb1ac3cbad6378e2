import Foundation
import WorkspaceBase

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
/// The base is `--base REF` if given; a REF git does not know is an error, not a reason to guess.
/// Otherwise it is the merge base of HEAD and the main branch (`origin/main`, else `main`): what
/// a pull request or a branch changes, every commit of it. On the main branch itself the merge
/// base is HEAD, and the change is what is not committed yet; CI on a push passes the commit the
/// push started from (`--base <before>`). Compared with the base are the committed, staged and
/// unstaged changes and the untracked files (not ignored). A missing git, a repository without
/// commits or without a main branch leaves the change set unknown, and everything runs.
public struct ChangeDetector {
    public let packageRoot: String
    public let runner: any CommandRunning

    public init(packageRoot: String, runner: any CommandRunning) {
        self.packageRoot = packageRoot
        self.runner = runner
    }

    /// `--base` names no commit git knows.
    public struct UnknownBase: Error, Equatable, CustomStringConvertible {
        public var base: String

        public var description: String {
            "git knows no commit “\(base)” to compare with; give a branch, tag or commit (such as origin/main), or leave out --base to compare with the merge base of HEAD and the main branch"
        }
    }

    /// The main branch, in the order they are tried.
    public static let mainBranches = ["origin/main", "main", "origin/master", "master"]

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

    func mergeBase(_ first: String, _ second: String) -> String? {
        git(["merge-base", first, second]).map { $0.output.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    public func changes(base requested: String?) throws(UnknownBase) -> ChangeSet {
        guard git(["rev-parse", "--show-toplevel"]) != nil else {
            if let requested { throw UnknownBase(base: requested) }
            return ChangeSet(files: [], description: "", unknownBecause: "this is not a git work tree (or git is missing)")
        }
        guard let head = commit("HEAD") else {
            if let requested { throw UnknownBase(base: requested) }
            return ChangeSet(files: [], description: "", unknownBecause: "the repository has no commits yet")
        }
        let base: String
        let description: String
        if let requested {
            guard let ref = commit(requested) else { throw UnknownBase(base: requested) }
            let common = mergeBase(head, ref)
            base = common ?? ref
            description = common == nil || common == ref ? requested : "\(requested) (merge base \(base.prefix(10)))"
        } else if let (branch, tip) = Self.mainBranches.lazy.compactMap({ name in self.commit(name).map { (name, $0) } }).first,
            let common = mergeBase(head, tip)
        {
            base = common
            description = common == head ? "\(branch), which HEAD is on" : "\(branch) (merge base \(common.prefix(10)))"
        } else {
            return ChangeSet(
                files: [], description: "",
                unknownBecause: "there is no main branch (\(Self.mainBranches.joined(separator: ", "))) to compare with; give --base REF")
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
