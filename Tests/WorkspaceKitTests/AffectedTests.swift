import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceFocus
@testable import WorkspaceRules

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

    @Test func aFileInNestedTargetFoldersMapsToTheDeepest() throws {
        var manifest = try Fixtures.manifest()
        manifest.targets += [
            Target(name: "Outer", kind: .regular, path: "Lib"), Target(name: "Inner", kind: .regular, path: "Lib/Inner/"),
            Target(name: "Twin", kind: .regular, path: "Lib/Inner"),
        ]
        let analysis = AffectedAnalysis(manifest: manifest)
        #expect(analysis.target(of: "Lib/Inner/Deeper/X.swift") == "Inner")
        #expect(analysis.target(of: "Lib/Inner/X.swift") == "Inner")
        #expect(analysis.target(of: "Lib/InnerX/X.swift") == "Outer")
        #expect(analysis.target(of: "Lib/X.swift") == "Outer")
        #expect(analysis.target(of: "Lib") == nil)
        #expect(analysis.target(of: "Library/X.swift") == nil)
    }

    @Test func aFeatureChangeRunsItsTestsTheAppsAndEndToEndOnly() throws {
        let result = try analysis().analyze(["Features/Feed/FeedScreen.swift"])

        #expect(!result.runsEverything)
        #expect(
            result.affectedTargets == ["App", "cookbook", "AppTests", "EndToEndTests", "Feed", "FeedSandbox", "FeedTests", "EntriesPart18"])
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

            /// Names no program and starts none: only a change to what it imports runs it.
            @Suite struct TerminalTests {
                @Test func parses() {}
            }
            """, to: "Tests/EndToEndTests/Suites.swift")
        let analysis = try analysis(files)
        #expect(
            analysis.suites["EndToEndTests"]?.map(\.name) == [
                "AppEndToEndTests", "FavoritesSandboxEndToEndTests", "FeedSandboxEndToEndTests", "TerminalTests",
            ])

        let result = analysis.analyze(["Sandboxes/FavoritesSandbox/main.swift"])

        #expect(result.affectedTargets == ["EndToEndTests", "FavoritesSandbox"])
        #expect(result.selections == [TestSelection("EndToEndTests", suites: ["FavoritesSandboxEndToEndTests"])])
        #expect(
            AffectedAnalysis.testArguments(for: result) == [
                "test", "EndToEnd", "--filter", #"^(EndToEndTests\.(FavoritesSandboxEndToEndTests)/)"#,
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

    @Test func aDocumentationChangeNoSuiteReadsRunsNothingAndSaysWhy() throws {
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

    // MARK: What suites read

    /// The fixture with the tooling, whose tests and end-to-end suites say what they read the way
    /// this repository's do: the programs they start, and `RepositoryFiles(reading: …)`.
    static func readingWorkspace() throws -> (manifest: Manifest, files: InMemoryFileSystem) {
        let files = Fixtures.files()
        try files.write("import Core\nimport Foundation\nimport Testing\n", to: "Tests/EndToEndTests/EndToEndTests.swift")
        try files.write(
            """
            @Suite struct AppEndToEndTests {
                @Test func starts() async throws { _ = try await ProductProcess(name: "cookbook").run() }
            }
            @Suite struct FeedSandboxEndToEndTests {
                @Test func starts() async throws { _ = try await ProductProcess(name: "FeedSandbox").run() }
            }
            @Suite struct FavoritesSandboxEndToEndTests {
                @Test func starts() async throws { _ = try await ProductProcess(name: "FavoritesSandbox").run() }
            }
            @Suite struct ReadmeCommandsTests {
                static let repository = RepositoryFiles(reading: "README.md")
                @Test func runs() async throws { _ = try await ProductProcess(name: "FavoritesSandbox").run() }
            }
            @Suite struct ScreenTextTests {
                @Test func wraps() {}
            }
            """, to: "Tests/EndToEndTests/Suites.swift")
        try files.write(
            """
            import Foundation
            import Testing

            @Suite struct PlatformBranchesTests {
                static let repository = RepositoryFiles(reading: "Package.swift", "Core", "Features", "App", "docs/macos.md")
                @Test func guarded() {}
            }
            @Suite struct DocumentedCommandsTests {
                @Test func listed() throws { _ = try RepositoryFiles(reading: "README.md", "Tools/README.md").text("README.md") }
            }
            @Suite struct GalleryPagesTests {
                let pages = RepositoryFiles(reading: "docs/gallery/")
                @Test func current() {}
            }
            /// Names the app in a fixture and starts a browser: not the app.
            @Suite struct GraphFixtureTests {
                let programs = ["cookbook", "FeedSandbox"]
                @Test func drawn() {}
            }
            """, to: "Tests/WorkspaceKitTests/Suites.swift")
        try files.write(
            """
            import Foundation
            import Testing

            @Suite struct PageLayoutTests {
                @Test func laidOut() throws {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
                }
            }
            """, to: "Tests/WorkspaceKitTests/PageLayoutTests.swift")
        return (try Self.manifestWithTooling(), files)
    }

    @Test func aFeedChangeRunsTheSuitesThatStartTheAppOrTheSandboxOrReadFeatures() throws {
        let (manifest, files) = try Self.readingWorkspace()
        let result = try analysis(files, manifest: manifest).analyze(["Features/Feed/FeedTranslator.swift"])

        #expect(!result.runsEverything)
        #expect(
            result.selections == [
                TestSelection("AppTests"),
                TestSelection("EndToEndTests", suites: ["AppEndToEndTests", "FeedSandboxEndToEndTests"]),
                TestSelection("FeedTests"),
                TestSelection("WorkspaceKitTests", suites: ["PlatformBranchesTests"]),
            ])
        #expect(result.affectedTargets.contains("WorkspaceKitTests"))
        #expect(!result.affectedTargets.contains("WorkspaceKit"))
        // Naming a program in a fixture, or starting a browser, is not starting the app.
        #expect(try analysis(files, manifest: manifest).suites["WorkspaceKitTests"]?.allSatisfy(\.executables.isEmpty) == true)
    }

    @Test func aReadmeChangeRunsTheSuitesThatReadTheReadme() throws {
        let (manifest, files) = try Self.readingWorkspace()
        let result = try analysis(files, manifest: manifest).analyze(["README.md"])

        #expect(
            result.selections == [
                TestSelection("EndToEndTests", suites: ["ReadmeCommandsTests"]),
                TestSelection("WorkspaceKitTests", suites: ["DocumentedCommandsTests"]),
            ])
        #expect(result.files.map(\.role) == ["documentation, read by ReadmeCommandsTests, DocumentedCommandsTests"])
        #expect(
            AffectedAnalysis.testArguments(for: result) == [
                "test", "EndToEnd", "WorkspaceKit", "--filter",
                #"^(EndToEndTests\.(ReadmeCommandsTests)/|WorkspaceKitTests\.(DocumentedCommandsTests)/)"#,
            ])
    }

    @Test(arguments: [
        ("docs/macos.md", ["PlatformBranchesTests"]),
        ("Tools/README.md", ["DocumentedCommandsTests"]),
        ("docs/gallery/Feed.md", ["GalleryPagesTests"]),
        ("docs/gallery.md", []),
        ("docs/terminal.md", []),
    ])
    func aDocumentIsTestedByTheSuitesDeclaringIt(_ file: String, _ suites: [String]) throws {
        let (manifest, files) = try Self.readingWorkspace()
        let result = try analysis(files, manifest: manifest).analyze([file])
        #expect(result.selections == (suites.isEmpty ? [] : [TestSelection("WorkspaceKitTests", suites: suites)]))
    }

    @Test func whatAFileHoldsOutsideItsSuitesCountsForEachOfThem() throws {
        let (manifest, files) = try Self.readingWorkspace()
        // A helper type beside two suites reads the README; a shared helper file names the sandbox.
        try files.write(
            """
            @Suite struct FirstTests { @Test func one() {} }
            @Suite struct SecondTests { @Test func two() {} }
            struct Readme { let files = RepositoryFiles(reading: "README.md") }
            """, to: "Tests/EndToEndTests/Beside.swift")
        let beside = try analysis(files, manifest: manifest).analyze(["README.md"])
        #expect(beside.selections.first?.suites == ["FirstTests", "ReadmeCommandsTests", "SecondTests"])

        try files.write("enum Programs { static let feed = \"FeedSandbox\" }\n", to: "Tests/EndToEndTests/Programs.swift")
        let shared = try analysis(files, manifest: manifest).analyze(["Sandboxes/FeedSandbox/main.swift"])
        #expect(shared.selections == [TestSelection("EndToEndTests")])
    }

    @Test func aSuiteThatCannotBeReadRunsForAnyChange() throws {
        let (manifest, files) = try Self.readingWorkspace()
        // Paths that are not literals: what it reads cannot be told.
        try files.write(
            "@Suite struct AnyFileTests {\n    let files = RepositoryFiles(reading: name)\n    @Test func reads() {}\n}\n",
            to: "Tests/WorkspaceKitTests/AnyFile.swift")
        // An end-to-end suite that starts a program it does not name might start any.
        try files.write(
            "@Suite struct SomeProgramTests {\n    @Test func starts() async throws { _ = try await ProductProcess(name: program).run() }\n}\n",
            to: "Tests/EndToEndTests/SomeProgram.swift")
        let analysis = try analysis(files, manifest: manifest)

        #expect(analysis.analyze(["docs/terminal.md"]).selections == [TestSelection("WorkspaceKitTests", suites: ["AnyFileTests"])])
        #expect(
            analysis.analyze(["Sandboxes/FavoritesSandbox/main.swift"]).selections == [
                TestSelection("EndToEndTests", suites: ["FavoritesSandboxEndToEndTests", "ReadmeCommandsTests", "SomeProgramTests"]),
                TestSelection("WorkspaceKitTests", suites: ["AnyFileTests"]),
            ])
    }

    @Test func aChangeToWhatATestTargetImportsStillRunsItWhole() throws {
        let (manifest, files) = try Self.readingWorkspace()
        let analysis = try analysis(files, manifest: manifest)
        #expect(analysis.analyze(["Tools/WorkspaceKit/Check.swift"]).selections == [TestSelection("WorkspaceKitTests")])
        #expect(analysis.analyze(["Core/Core/Screen.swift"]).selections.contains(TestSelection("EndToEndTests")))
    }
}

/// The rule that keeps those declarations honest, and the helper that enforces them at run time.
@Suite("workspace check: repository-reads")
struct RepositoryReadsRuleTests {
    func violations(_ files: [String: String]) throws -> [String] {
        let manifest = try AffectedTests.manifestWithTooling()
        let fileSystem = Fixtures.files()
        for (path, text) in files { try fileSystem.write(text, to: path) }
        return ArchitectureCheck(manifest: manifest, files: fileSystem).repositoryReadsRule().map(\.description)
    }

    @Test func aTestThatFindsTheRepositoryItselfOrDeclaresWithoutLiteralsIsReported() throws {
        let found = try violations([
            "Tests/WorkspaceKitTests/RepositoryFiles.swift":
                "import Foundation\nstruct RepositoryFiles {\n    static let root = URL(fileURLWithPath: #filePath)\n}\n",
            "Tests/EndToEndTests/Docs.swift": "// #filePath in a comment is fine\nlet here = #file\nlet line = #fileID\n",
            "Tests/FeedTests/Readme.swift": "let readme = \"#filePath\"\nlet files = RepositoryFiles(reading: \"README.md\", other)\n",
            "Tests/AppTests/Fine.swift": "let files = RepositoryFiles(reading: \"README.md\",\n    \"docs/\")\n",
        ])
        #expect(
            found == [
                "Tests/EndToEndTests/Docs.swift:2: repository-reads: EndToEndTests finds the repository with #file, so `workspace affected` cannot tell what it reads — fix: read through RepositoryFiles(reading: \"path\", …) (Tests/EndToEndTests/RepositoryFiles.swift), naming each file or folder read",
                "Tests/FeedTests/Readme.swift:2: repository-reads: RepositoryFiles(…) declares what it reads with something other than string literals, so `workspace affected` cannot tell what it reads — fix: write each file or folder as a string literal: RepositoryFiles(reading: \"README.md\", \"docs/gallery\")",
            ])
        #expect(ArchitectureCheck.rules.contains("repository-reads"))
    }

    @Test func aReadOfAPathTheSuiteDidNotDeclareThrows() throws {
        // A folder no change touches: the declaration is what this suite reads.
        let repository = RepositoryFiles(reading: "Tools/README.md", "Tests/Fixtures/none/")
        #expect(try repository.url("Tests/Fixtures/none/a.md") == RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/none/a.md"))
        #expect(try repository.text("Tools/README.md").contains("affected"))
        #expect(throws: RepositoryFiles.Undeclared.self) { try repository.url("README.md") }
        #expect(throws: RepositoryFiles.Undeclared.self) { try repository.url("Tests/Fixtures/nonetheless.md") }
    }
}
