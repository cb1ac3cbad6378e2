import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceFocus

@Suite("Module graph")
struct ModuleGraphTests {
    @Test func dependenciesAndDependentsFollowTheManifest() throws {
        let graph = ModuleGraph(manifest: try Fixtures.manifest())

        #expect(graph.dependencies(of: "App") == ["Core", "CSQLite"] + Fixtures.entriesModules)
        #expect(graph.dependents(of: "Feed") == ["FeedSandbox", "FeedTests", "EntriesPart18"])
        #expect(graph.dependents(of: "cookbook") == [])
        #expect(graph.cycle == nil)
    }

    @Test func reverseClosureIsTransitiveAndInManifestOrder() throws {
        let graph = ModuleGraph(manifest: try Fixtures.manifest())

        #expect(graph.reverseClosure(of: ["Feed"]) == ["App", "cookbook", "AppTests", "Feed", "FeedSandbox", "FeedTests", "EntriesPart18"])
        #expect(graph.reverseClosure(of: ["SandboxSupport"]) == ["SandboxSupport", "FeedSandbox", "FavoritesSandbox"])
        #expect(graph.closure(of: ["FeedSandbox"]) == ["Core", "CoreTesting", "SandboxSupport", "Feed", "FeedSandbox"])
    }

    @Test func extraEdgesJoinTheGraph() throws {
        let graph = ModuleGraph(manifest: try Fixtures.manifest(), extraEdges: [("EndToEndTests", "cookbook"), ("Nope", "cookbook")])

        #expect(graph.dependencies(of: "EndToEndTests") == ["Core", "cookbook"])
        #expect(graph.reverseClosure(of: ["App"]).contains("EndToEndTests"))
    }

    @Test func aCycleIsFound() {
        let manifest = Manifest(
            name: "X", toolsVersion: "6.0",
            targets: [
                Target(name: "A", kind: .regular, dependencies: [Dependency("B")]),
                Target(name: "B", kind: .regular, dependencies: [Dependency("C")]),
                Target(name: "C", kind: .regular, dependencies: [Dependency("A")]),
            ])
        #expect(ModuleGraph(manifest: manifest).cycle == ["A", "B", "C", "A"])
    }

    @Test func mermaidIsTopDownOneLineATarget() throws {
        let mermaid = GraphRenderer(manifest: try Fixtures.manifest()).render(.mermaid)

        #expect(
            mermaid == """
                graph TD
                  cookbook --> App
                  App --> Core & CSQLite[(CSQLite)] & \(Fixtures.entriesModules.joined(separator: " & "))
                  FeedSandbox --> Core & CoreTesting & SandboxSupport & Feed
                  FavoritesSandbox --> Core & CoreTesting & SandboxSupport & Favorites
                  SandboxSupport --> Core & CoreTesting
                  EntriesPart03 --> Core & Favorites
                  EntriesPart18 --> Core & Feed
                  CoreTesting --> Core
                  Feed --> Core
                  Favorites --> Core

                """)
    }

    @Test func dotListsEveryEdgeAndShapesByKind() throws {
        let dot = GraphRenderer(manifest: try Fixtures.manifest(), includeTests: true).render(.dot)

        #expect(dot.hasPrefix("digraph \"Cookbook\" {\n  rankdir=TB;\n  node [shape=box];\n"))
        #expect(dot.contains("  \"CSQLite\" [shape=cylinder];\n"))
        #expect(dot.contains("  \"cookbook\" [shape=ellipse];\n"))
        #expect(dot.contains("  \"FeedTests\" [shape=note];\n"))
        #expect(dot.contains("  \"App\" -> \"EntriesPart18\";\n"))
        #expect(dot.contains("  \"EntriesPart18\" -> \"Feed\";\n"))
        #expect(dot.contains("  \"AppTests\" -> \"App\";\n"))
        #expect(dot.components(separatedBy: " -> ").count - 1 == ModuleGraph(manifest: try Fixtures.manifest()).edges.count)
        #expect(dot.hasSuffix("}\n"))
    }
}

@Suite("Change detection with git")
struct ChangeDetectorTests {
    static let head = "1111111111111111111111111111111111111111"
    static let parent = "2222222222222222222222222222222222222222"
    static let origin = "3333333333333333333333333333333333333333"

    func runner(origin: String? = Self.origin, mergeBase: String = Self.origin, localMain: Bool = false) -> ScriptedRunner {
        var answers: [String: CommandResult] = [
            "git rev-parse --show-toplevel": CommandResult(status: 0, output: "/repo\n"),
            "git rev-parse --verify --quiet HEAD^{commit}": CommandResult(status: 0, output: Self.head + "\n"),
            "git rev-parse --verify --quiet HEAD~1^{commit}": CommandResult(status: 0, output: Self.parent + "\n"),
            "git ls-files --others --exclude-standard": CommandResult(status: 0, output: "Features/Feed/New.swift\n"),
        ]
        if let origin {
            answers[localMain ? "git rev-parse --verify --quiet main^{commit}" : "git rev-parse --verify --quiet origin/main^{commit}"] =
                CommandResult(status: 0, output: origin + "\n")
            answers["git merge-base \(Self.head) \(origin)"] = CommandResult(status: 0, output: mergeBase + "\n")
        }
        for base in [Self.origin, Self.parent, Self.head] {
            answers["git diff --name-only --no-renames --relative \(base)"] = CommandResult(
                status: 0, output: "Package.swift\nFeatures/Feed/New.swift\n")
        }
        return ScriptedRunner(answers)
    }

    @Test func theDefaultBaseIsTheMergeBaseWithOriginMain() throws {
        let runner = runner()
        let changes = try ChangeDetector(packageRoot: "/repo", runner: runner).changes(base: nil)

        #expect(changes.unknownBecause == nil)
        #expect(changes.files == ["Features/Feed/New.swift", "Package.swift"])
        #expect(changes.description == "origin/main (merge base 3333333333), plus uncommitted and untracked files")
        #expect(runner.calls.contains("git diff --name-only --no-renames --relative \(Self.origin)"))
    }

    @Test func withoutOriginMainTheLocalMainBranchIsTheBase() throws {
        let runner = runner(localMain: true)
        let changes = try ChangeDetector(packageRoot: "/repo", runner: runner).changes(base: nil)
        #expect(changes.description == "main (merge base 3333333333), plus uncommitted and untracked files")
    }

    @Test func onTheMainBranchTheChangeIsWhatIsNotCommittedNeverTheLastCommit() throws {
        let runner = runner(mergeBase: Self.head)
        let changes = try ChangeDetector(packageRoot: "/repo", runner: runner).changes(base: nil)

        #expect(changes.description == "origin/main, which HEAD is on, plus uncommitted and untracked files")
        #expect(runner.calls.contains("git diff --name-only --no-renames --relative \(Self.head)"))
        #expect(!runner.calls.contains { $0.contains("HEAD~1") })
    }

    @Test func aMultiCommitBranchIsComparedWithItsBaseNotItsParent() throws {
        let runner = runner()
        _ = try ChangeDetector(packageRoot: "/repo", runner: runner).changes(base: nil)
        #expect(!runner.calls.contains("git diff --name-only --no-renames --relative \(Self.parent)"))
    }

    @Test func anUnknownBaseIsAnErrorNotARunOfEverything() {
        #expect(throws: ChangeDetector.UnknownBase(base: "no-such-branch")) {
            try ChangeDetector(packageRoot: "/repo", runner: runner()).changes(base: "no-such-branch")
        }
        #expect(throws: ChangeDetector.UnknownBase(base: "main")) {
            try ChangeDetector(packageRoot: "/repo", runner: ScriptedRunner()).changes(base: "main")
        }
    }

    @Test func withoutGitOrAMainBranchTheChangesAreUnknown() throws {
        let noGit = try ChangeDetector(packageRoot: "/repo", runner: ScriptedRunner()).changes(base: nil)
        #expect(noGit.unknownBecause == "this is not a git work tree (or git is missing)")

        let noMain = try ChangeDetector(packageRoot: "/repo", runner: runner(origin: nil)).changes(base: nil)
        #expect(noMain.unknownBecause?.hasPrefix("there is no main branch (origin/main, main, origin/master, master)") == true)
    }
}
