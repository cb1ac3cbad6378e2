import Foundation
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
    func analysis(_ files: InMemoryFileSystem = Fixtures.files(), manifest: Manifest? = nil) throws -> AffectedAnalysis {
        AffectedAnalysis(manifest: try manifest ?? Fixtures.manifest(), files: files)
    }

    /// The fixture with the tooling's library and tests, which depend on nothing of the app.
    static func manifestWithTooling() throws -> Manifest {
        var manifest = try Fixtures.manifest()
        manifest.targets += [
            Target(name: "WorkspaceKit", kind: .regular, path: "Tools/WorkspaceKit"),
            Target(name: "workspace", kind: .executable, path: "Tools/WorkspaceMain", dependencies: [Dependency("WorkspaceKit")]),
            Target(name: "WorkspaceKitTests", kind: .test, path: "Tests/WorkspaceKitTests", dependencies: [Dependency("WorkspaceKit")]),
        ]
        return manifest
    }

    @Test func filesMapToTheTargetWhoseFolderHoldsThem() throws {
        let analysis = try analysis()
        #expect(analysis.target(of: "Features/Feed/FeedScreen.swift") == "Feed")
        #expect(analysis.target(of: "Features/FeedExtra/X.swift") == nil)
        #expect(analysis.target(of: "Sandboxes/SandboxSupport/Sandbox.swift") == "SandboxSupport")
        #expect(analysis.target(of: "Sandboxes/FeedSandbox/main.swift") == "FeedSandbox")
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
        #expect(AffectedAnalysis.testArguments(for: result) == ["test", "App", "EndToEnd", "Feed"])
    }

    @Test func aCoreChangeRunsWhatDependsOnCoreAndNotTheToolingTests() throws {
        let result = try analysis(manifest: try Self.manifestWithTooling()).analyze(["Core/Core/Screen.swift"])

        #expect(!result.runsEverything)
        #expect(result.testTargets == ["CoreTests", "AppTests", "EndToEndTests", "FeedTests", "FavoritesTests"])
        #expect(!result.affectedTargets.contains("WorkspaceKit"))
    }

    @Test func aChangeToWhatSandboxesShareReachesEverySandboxAndNoFeature() throws {
        let result = try analysis().analyze(["Sandboxes/SandboxSupport/Sandbox.swift"])

        #expect(result.affectedTargets == ["SandboxSupport", "FeedSandbox", "FavoritesSandbox"])
        #expect(!result.affectedTargets.contains("Feed"))
    }

    @Test func onlyAToolingChangeRunsTheToolingTests() throws {
        let result = try analysis(manifest: try Self.manifestWithTooling()).analyze(["Tools/WorkspaceKit/Check.swift"])
        #expect(result.affectedTargets == ["WorkspaceKit", "workspace", "WorkspaceKitTests"])
        #expect(result.testTargets == ["WorkspaceKitTests"])
    }

    @Test func aSandboxChangeRunsOnlyTheEndToEndSuitesThatStartThatSandbox() throws {
        let files = Fixtures.files()
        try files.write(
            """
            import Testing

            @Suite struct AppEndToEndTests {
                let app = ProductProcess(name: "cookbook")
                @Test func starts() {}
            }

            @Suite struct FavoritesSandboxEndToEndTests {
                @Test(arguments: ["FavoritesSandbox"]) func runs(_ name: String) {}
            }

            @Suite struct FeedSandboxEndToEndTests {
                let feed = ProductProcess(name: "FeedSandbox")
                @Test func starts() {}
            }

            /// Names no program: it might start any, so it always runs.
            @Suite struct TerminalTests {
                @Test func starts() {}
            }

            /// Not a suite: it runs nothing by itself.
            struct Helper {
                let name = "FeedSandbox"
            }
            """, to: "Tests/EndToEndTests/Suites.swift")
        let analysis = try analysis(files)
        #expect(
            analysis.endToEndSuites["EndToEndTests"]?.map(\.name) == [
                "AppEndToEndTests", "FavoritesSandboxEndToEndTests", "FeedSandboxEndToEndTests", "TerminalTests",
            ])

        let result = analysis.analyze(["Sandboxes/FavoritesSandbox/main.swift"])

        #expect(result.affectedTargets == ["EndToEndTests", "FavoritesSandbox"])
        #expect(result.selections == [TestSelection("EndToEndTests", suites: ["FavoritesSandboxEndToEndTests", "TerminalTests"])])
        #expect(
            AffectedAnalysis.testArguments(for: result) == [
                "test", "EndToEnd", "--filter", #"^(EndToEndTests\.(FavoritesSandboxEndToEndTests|TerminalTests)/)"#,
            ])

        // A change to the end-to-end tests themselves, or to what they import, runs them all.
        #expect(analysis.analyze(["Tests/EndToEndTests/Suites.swift"]).selections == [TestSelection("EndToEndTests")])
        #expect(
            analysis.analyze(["Core/Core/Screen.swift"]).selections.last { $0.testTarget == "EndToEndTests" }
                == TestSelection("EndToEndTests"))
    }

    @Test func aTestOnlyChangeRunsThatTestTarget() throws {
        let result = try analysis().analyze(["Tests/FeedTests/FeedTests.swift"])
        #expect(result.testTargets == ["FeedTests"])
    }

    @Test func aDocumentationChangeRunsNothingAndSaysWhy() throws {
        let files = ["README.md", "docs/benchmarks.md", "docs/benchmarks/scale.svg", "Tools/README.md", "Features/Feed/NOTES.md"]
        let result = try analysis().analyze(files)

        #expect(!result.runsEverything)
        #expect(result.selections.isEmpty)
        #expect(result.documentation == files.sorted())
        #expect(result.files.first { $0.path == "Features/Feed/NOTES.md" }?.role == "documentation (no test reads it)")
        #expect(AffectedAnalysis.testArguments(for: result) == nil)
    }

    @Test func markdownThatATargetDeclaresAsAResourceIsNotDocumentation() throws {
        var manifest = try Fixtures.manifest()
        let app = try #require(manifest.targets.firstIndex { $0.name == "App" })
        manifest.targets[app].resources = [Target.Resource(rule: "copy", path: "Resources")]
        let result = try analysis(manifest: manifest).analyze(["App/App/Resources/help.md"])
        #expect(result.testTargets == ["AppTests", "EndToEndTests"])
    }

    @Test(arguments: [
        ("Package.swift", "Package.swift is the package manifest"),
        (".ci/run", ".ci/run belongs to no target and is not documentation"),
        ("Features/Gone/Deleted.swift", "Features/Gone/Deleted.swift belongs to no target and is not documentation"),
    ])
    func theManifestOrAnUnmappedFileRunsEverything(_ file: String, _ reason: String) throws {
        let result = try analysis().analyze(["Features/Feed/FeedScreen.swift", file])

        #expect(result.reasonsToRunEverything == [reason])
        #expect(result.testTargets == ["CoreTests", "AppTests", "EndToEndTests", "FeedTests", "FavoritesTests"])
        #expect(AffectedAnalysis.testArguments(for: result) == ["test", "Core", "App", "EndToEnd", "Feed", "Favorites"])
    }

    @Test func noChangeRunsNothing() throws {
        let result = try analysis().analyze([])
        #expect(result.affectedTargets.isEmpty)
        #expect(AffectedAnalysis.testArguments(for: result) == nil)
        #expect(AffectedAnalysis.matrix(for: result) == #"{"include": []}"#)
    }

    @Test func theMatrixHasOneEntryPerTestTargetWithItsCommand() throws {
        let files = Fixtures.files()
        try files.write(
            "@Suite struct FavoritesRuns { @Test func f() { ProductProcess(name: \"FavoritesSandbox\") } }\n@Suite struct AppRuns { @Test func f() { ProductProcess(name: \"cookbook\") } }\n",
            to: "Tests/EndToEndTests/Suites.swift")
        let result = try analysis(files).analyze(["Sandboxes/FavoritesSandbox/main.swift", "Tests/FavoritesTests/FavoritesTests.swift"])

        let json = AffectedAnalysis.matrix(for: result)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: String]]])
        #expect(
            object["include"] == [
                [
                    "module": "EndToEnd", "testTarget": "EndToEndTests", "filter": #"^(EndToEndTests\.(FavoritesRuns)/)"#,
                    "command": #"Tools/workspace test EndToEnd --filter '^(EndToEndTests\.(FavoritesRuns)/)'"#,
                ],
                ["module": "Favorites", "testTarget": "FavoritesTests", "command": "Tools/workspace test Favorites"],
            ])
    }

    @Test func testTargetsThatStartAProgramTheyNameDependOnIt() throws {
        let manifest = try Fixtures.manifest()
        let files = Fixtures.files()
        try files.write("import Testing\nlet product = \"FeedSandbox\"\n", to: "Tests/FeedTests/Launch.swift")
        // Naming a program is not running it.
        #expect(Set(AffectedAnalysis.endToEndEdges(manifest: manifest, files: files).map(\.from)) == ["EndToEndTests"])

        try files.write("import Foundation\nlet process = Process()\n", to: "Tests/FeedTests/Start.swift")
        let edges = AffectedAnalysis.endToEndEdges(manifest: manifest, files: files)

        #expect(Set(edges.map(\.from)) == ["EndToEndTests", "FeedTests"])
        #expect(edges.filter { $0.from == "FeedTests" }.map(\.to) == ["FeedSandbox"])
        // The end-to-end target names only the app.
        #expect(edges.filter { $0.from == "EndToEndTests" }.map(\.to) == ["cookbook"])
    }

    @Test func aScanLimitedToSomeTestTargetsKeepsTheirEdgesOnly() throws {
        let manifest = try Fixtures.manifest()
        let files = Fixtures.files()
        try files.write("import Foundation\nlet process = Process()\nlet name = \"FeedSandbox\"\n", to: "Tests/FeedTests/Start.swift")
        // A process started only in a comment or a string is not a start.
        try files.write("// Process() \nlet text = \"executableURL FavoritesSandbox\"\n", to: "Tests/FavoritesTests/Words.swift")

        let feed = AffectedAnalysis.endToEndEdges(manifest: manifest, files: files, testTargets: ["FeedTests", "FavoritesTests"])

        #expect(feed.map(\.from) == ["FeedTests"])
        #expect(feed.map(\.to) == ["FeedSandbox"])
        let all = AffectedAnalysis.endToEndEdges(manifest: manifest, files: files)
        #expect(Set(all.map(\.from)) == ["EndToEndTests", "FeedTests"])
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
