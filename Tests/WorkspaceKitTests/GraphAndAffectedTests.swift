import Testing

@testable import WorkspaceKit

@Suite("Module graph")
struct ModuleGraphTests {
    @Test func dependenciesAndDependentsFollowTheManifest() throws {
        let graph = ModuleGraph(manifest: try Fixtures.manifest())

        #expect(graph.dependencies(of: "App") == ["Core", "CSQLite", "Feed", "Favorites"])
        #expect(graph.dependents(of: "Feed") == ["App", "FeedSandbox", "FeedTests"])
        #expect(graph.dependents(of: "cookbook") == [])
        #expect(graph.cycle == nil)
    }

    @Test func reverseClosureIsTransitiveAndInManifestOrder() throws {
        let graph = ModuleGraph(manifest: try Fixtures.manifest())

        #expect(graph.reverseClosure(of: ["Feed"]) == ["App", "cookbook", "AppTests", "Feed", "FeedSandbox", "FeedTests"])
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
                  FeedSandbox --> Core & CoreTesting & SandboxSupport & Feed
                  FavoritesSandbox --> Core & CoreTesting & SandboxSupport & Favorites
                  SandboxSupport --> Core & CoreTesting
                  App --> Core & CSQLite[(CSQLite)] & Feed & Favorites
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
        #expect(dot.contains("  \"App\" -> \"Feed\";\n"))
        #expect(dot.contains("  \"AppTests\" -> \"App\";\n"))
        #expect(dot.components(separatedBy: " -> ").count - 1 == ModuleGraph(manifest: try Fixtures.manifest()).edges.count)
        #expect(dot.hasSuffix("}\n"))
    }
}

@Suite("Affected targets")
struct AffectedTests {
    func analysis() throws -> AffectedAnalysis {
        let manifest = try Fixtures.manifest()
        return AffectedAnalysis(
            manifest: manifest, endToEndEdges: AffectedAnalysis.endToEndEdges(manifest: manifest, files: Fixtures.files()))
    }

    @Test func filesMapToTheTargetWhoseFolderHoldsThem() throws {
        let analysis = try analysis()
        #expect(analysis.target(of: "Features/Feed/FeedScreen.swift") == "Feed")
        #expect(analysis.target(of: "Features/FeedExtra/X.swift") == nil)
        #expect(analysis.target(of: "App/CSQLite/module.modulemap") == "CSQLite")
        #expect(analysis.target(of: "Tests/FeedTests/Deep/X.swift") == "FeedTests")
        #expect(analysis.target(of: "README.md") == nil)
    }

    @Test func aFeatureChangeRunsItsTestsTheAppsAndEndToEndOnly() throws {
        let result = try analysis().analyze(["Features/Feed/FeedScreen.swift"])

        #expect(!result.runsEverything)
        #expect(result.affectedTargets == ["App", "cookbook", "AppTests", "EndToEndTests", "Feed", "FeedSandbox", "FeedTests"])
        #expect(result.testTargets == ["AppTests", "EndToEndTests", "FeedTests"])
        #expect(!result.affectedTargets.contains("Favorites"))
        #expect(AffectedAnalysis.testArguments(for: result) == ["test", "--filter", #"^(AppTests|EndToEndTests|FeedTests)\."#])
    }

    @Test func aSandboxChangeRunsTheEndToEndTests() throws {
        let result = try analysis().analyze(["Sandboxes/FavoritesSandbox/main.swift"])
        #expect(result.affectedTargets == ["EndToEndTests", "FavoritesSandbox"])
        #expect(result.testTargets == ["EndToEndTests"])
    }

    @Test func aTestOnlyChangeRunsThatTestTarget() throws {
        let result = try analysis().analyze(["Tests/FeedTests/FeedTests.swift"])
        #expect(result.testTargets == ["FeedTests"])
    }

    @Test(arguments: [
        ("Package.swift", "Package.swift is the package manifest"),
        ("Core/Core/Screen.swift", "Core/Core/Screen.swift is in Core, which every test uses"),
        ("Core/CoreTesting/StubResolver.swift", "Core/CoreTesting/StubResolver.swift is in CoreTesting, which every test uses"),
        ("Core/SandboxSupport/Sandbox.swift", "Core/SandboxSupport/Sandbox.swift is in SandboxSupport, which every test uses"),
        (".ci/run", ".ci/run belongs to no target"),
        ("Features/Gone/Deleted.swift", "Features/Gone/Deleted.swift belongs to no target"),
    ])
    func sharedOrUnmappedChangesRunEverything(_ file: String, _ reason: String) throws {
        let result = try analysis().analyze(["Features/Feed/FeedScreen.swift", file])

        #expect(result.reasonsToRunEverything == [reason])
        #expect(result.testTargets == ["CoreTests", "AppTests", "EndToEndTests", "FeedTests", "FavoritesTests"])
        #expect(AffectedAnalysis.testArguments(for: result) == ["test"])
    }

    @Test func noChangeRunsNothing() throws {
        let result = try analysis().analyze([])
        #expect(result.affectedTargets.isEmpty)
        #expect(AffectedAnalysis.testArguments(for: result) == nil)
    }

    @Test func testTargetsThatNameAnExecutableRunEveryExecutable() throws {
        let manifest = try Fixtures.manifest()
        let files = Fixtures.files()
        try files.write("import Testing\nlet product = \"FeedSandbox\"\n", to: "Tests/FeedTests/Launch.swift")
        // Naming a program is not running it.
        #expect(Set(AffectedAnalysis.endToEndEdges(manifest: manifest, files: files).map(\.from)) == ["EndToEndTests"])

        try files.write("import Foundation\nlet process = Process()\n", to: "Tests/FeedTests/Start.swift")
        let edges = AffectedAnalysis.endToEndEdges(manifest: manifest, files: files)

        #expect(Set(edges.map(\.from)) == ["EndToEndTests", "FeedTests"])
        #expect(edges.filter { $0.from == "FeedTests" }.map(\.to) == ["cookbook", "FeedSandbox", "FavoritesSandbox"])
    }
}

@Suite("Change detection with git")
struct ChangeDetectorTests {
    static let head = "1111111111111111111111111111111111111111"
    static let parent = "2222222222222222222222222222222222222222"
    static let origin = "3333333333333333333333333333333333333333"

    func runner(origin: String? = Self.origin, mergeBase: String = Self.origin) -> ScriptedRunner {
        var answers: [String: CommandResult] = [
            "git rev-parse --show-toplevel": CommandResult(status: 0, output: "/repo\n"),
            "git rev-parse --verify --quiet HEAD^{commit}": CommandResult(status: 0, output: Self.head + "\n"),
            "git rev-parse --verify --quiet HEAD~1^{commit}": CommandResult(status: 0, output: Self.parent + "\n"),
            "git ls-files --others --exclude-standard": CommandResult(status: 0, output: "Features/Feed/New.swift\n"),
        ]
        if let origin {
            answers["git rev-parse --verify --quiet origin/main^{commit}"] = CommandResult(status: 0, output: origin + "\n")
            answers["git merge-base \(Self.head) \(origin)"] = CommandResult(status: 0, output: mergeBase + "\n")
        }
        for base in [Self.origin, Self.parent] {
            answers["git diff --name-only --no-renames --relative \(base)"] = CommandResult(
                status: 0, output: "Package.swift\nFeatures/Feed/New.swift\n")
        }
        return ScriptedRunner(answers)
    }

    @Test func theDefaultBaseIsTheMergeBaseWithOriginMain() {
        let runner = runner()
        let changes = ChangeDetector(packageRoot: "/repo", runner: runner).changes(base: nil)

        #expect(changes.unknownBecause == nil)
        #expect(changes.files == ["Features/Feed/New.swift", "Package.swift"])
        #expect(changes.description == "origin/main (merge base 3333333333), plus uncommitted and untracked files")
        #expect(runner.calls.contains("git diff --name-only --no-renames --relative \(Self.origin)"))
    }

    @Test func onOriginMainOrWithoutItTheBaseIsTheLastCommit() {
        for runner in [runner(origin: nil), runner(mergeBase: Self.head)] {
            let changes = ChangeDetector(packageRoot: "/repo", runner: runner).changes(base: nil)
            #expect(changes.description == "HEAD~1 (the last commit), plus uncommitted and untracked files")
            #expect(runner.calls.contains("git diff --name-only --no-renames --relative \(Self.parent)"))
        }
    }

    @Test func aBadRefOrNoGitLeavesTheChangesUnknown() {
        let badRef = ChangeDetector(packageRoot: "/repo", runner: runner()).changes(base: "no-such-branch")
        #expect(badRef.unknownBecause == "git does not know the base “no-such-branch”")

        let noGit = ChangeDetector(packageRoot: "/repo", runner: ScriptedRunner()).changes(base: nil)
        #expect(noGit.unknownBecause == "this is not a git work tree (or git is missing)")
    }
}
