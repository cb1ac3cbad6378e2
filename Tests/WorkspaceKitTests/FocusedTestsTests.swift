import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceFocus
@testable import WorkspaceSpec

@Suite("a package generated from the manifest (the tool's own)")
struct ManifestWriterTests {
    /// Writes `manifest`'s `targets`, each at `Targets/<name>`.
    struct Writer {
        let manifest: Manifest

        func manifestText(for targets: Set<String>) throws(ManifestWriter.Failure) -> String {
            try ManifestWriter.manifestText(of: manifest, for: targets, header: []) { "Targets/\($0.name)" }
        }
    }

    func focus(_ manifest: Manifest) -> Writer {
        Writer(manifest: manifest)
    }

    @Test func theFocusedManifestDeclaresOnlyTheChosenTargetsAtTheirLinks() throws {
        let text = try focus(try Fixtures.manifest()).manifestText(for: ["Core", "CoreTesting", "Feed", "FeedTests"])

        #expect(text.hasPrefix("// swift-tools-version: 6.0\n"))
        #expect(text.contains(#"    name: "Cookbook","#))
        #expect(text.contains(#"    platforms: [.macOS("15.0")],"#))
        #expect(
            text.contains(
                #"        .target(name: "Feed", dependencies: [.target(name: "Core")], path: "Targets/Feed", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),"#
            ))
        #expect(
            text.contains(
                #".testTarget(name: "FeedTests", dependencies: [.target(name: "Feed"), .target(name: "Core"), .target(name: "CoreTesting")], path: "Targets/FeedTests""#
            ))
        #expect(!text.contains("Favorites"))
        #expect(!text.contains("App"))
    }

    @Test func systemLibrariesResourcesAndExclusionsAreCopied() throws {
        var manifest = try Fixtures.manifest()
        let appIndex = try #require(manifest.targets.firstIndex { $0.name == "App" })
        manifest.targets[appIndex].resources = [Target.Resource(rule: "copy", path: "Resources/recipes.json")]
        manifest.targets[appIndex].exclude = ["Notes"]
        let systemIndex = try #require(manifest.targets.firstIndex { $0.name == "CSQLite" })
        manifest.targets[systemIndex].providers = [Target.Provider(manager: "apt", packages: ["libsqlite3-dev"])]
        let closure = ModuleGraph(manifest: manifest).closure(of: ["AppTests"])

        let text = try focus(manifest).manifestText(for: Set(closure))

        #expect(
            text.contains(
                #".systemLibrary(name: "CSQLite", path: "Targets/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])])"#))
        #expect(text.contains(#"path: "Targets/App", exclude: ["Notes"], resources: [.copy("Resources/recipes.json")]"#))
        #expect(text.contains(#".target(name: "Favorites""#))
    }

    @Test func whatCannotBeCopiedFaithfullyIsRefusedInWords() throws {
        var manifest = try Fixtures.manifest()
        let feedIndex = try #require(manifest.targets.firstIndex { $0.name == "Feed" })
        manifest.targets[feedIndex].unmodelled = ["the c setting define"]
        #expect(throws: ManifestWriter.Failure.self) {
            try focus(manifest).manifestText(for: ["Core", "Feed"])
        }
        do {
            _ = try focus(manifest).manifestText(for: ["Core", "Feed"])
        } catch {
            #expect(error.message == "target Feed declares the c setting define, which a generated package cannot copy")
        }
        // A closure that is not closed is a bug of the caller, said plainly.
        #expect(throws: ManifestWriter.Failure("target Feed depends on Core, which is not among the package's targets")) {
            try focus(try Fixtures.manifest()).manifestText(for: ["Feed"])
        }
    }

    @Test func theManifestDecoderKeepsWhatAGeneratedPackageNeeds() throws {
        let entries = Fixtures.entriesModules.map { #"{"target": ["\#($0)", null]}"# }.joined(separator: ", ")
        let json = Fixtures.manifestJSON.replacingOccurrences(
            of:
                #"{"name": "App", "type": "regular", "path": "App/App", "dependencies": [{"byName": ["Core", null]}, {"byName": ["CSQLite", null]}, \#(entries)], "exclude": [], "resources": []"#,
            with:
                #"{"name": "App", "type": "regular", "path": "App/App", "dependencies": [{"byName": ["Core", null]}, {"byName": ["CSQLite", {"platformNames": ["linux"]}]}, \#(entries)], "exclude": ["Old"], "resources": [{"path": "Resources/recipes.json", "rule": {"copy": {}}}]"#
        )
        #expect(json != Fixtures.manifestJSON)
        let app = try #require(try Manifest.decode(json: json).target(named: "App"))
        #expect(app.resources == [Target.Resource(rule: "copy", path: "Resources/recipes.json")])
        #expect(app.exclude == ["Old"])
        // A condition on platforms is modelled, and copied (below); any other condition is not.
        #expect(app.unmodelled == [])
        #expect(app.dependencies.map(\.platforms) == [[], ["linux"]] + Fixtures.entriesModules.map { _ in [] })
        let traits = json.replacingOccurrences(of: #"{"platformNames": ["linux"]}"#, with: #"{"traits": ["Fast"]}"#)
        #expect(try Manifest.decode(json: traits).target(named: "App")?.unmodelled == ["a condition on its byName dependency CSQLite"])
    }

    @Test func platformConditionsAndDynamicLibrariesAreCopied() throws {
        var manifest = try Fixtures.manifest()
        let appIndex = try #require(manifest.targets.firstIndex { $0.name == "App" })
        manifest.targets[appIndex].dependencies[1].platforms = ["macos", "ios"]
        manifest.dynamicLibraries = [Manifest.DynamicLibrary(name: "Net", targets: ["Feed"])]

        let text = try focus(manifest).manifestText(for: Set(ModuleGraph(manifest: manifest).closure(of: ["AppTests"])))
        #expect(text.contains(#".target(name: "CSQLite", condition: .when(platforms: [.macOS, .iOS]))"#))
        #expect(text.contains(#"    products: [.library(name: "Net", type: .dynamic, targets: ["Feed"])],"#))
        // A library whose targets are not all focused is left out.
        #expect(!(try focus(manifest).manifestText(for: ["Core"])).contains("products:"))
    }
}

@Suite("workspace test: selection and results")
struct FocusedTestRunTests {
    @Test func modulesAreNamedWithOrWithoutTheTestsSuffix() throws {
        let manifest = try Fixtures.manifest()
        #expect(
            try FocusedTests.testTargets(named: ["Feed", "FeedTests", "EndToEnd"], in: manifest).get() == ["FeedTests", "EndToEndTests"])
        #expect(FocusedTests.validNames(in: manifest) == ["Core", "App", "EndToEnd", "Feed", "Favorites"])
    }

    @Test(arguments: [
        ("Fed", "unknown module “Fed”. Modules with tests: Core, App, EndToEnd, Feed, Favorites"),
        ("feed", "unknown module “feed” (did you mean Feed?). Modules with tests: Core, App, EndToEnd, Feed, Favorites"),
        ("FeedSandbox", "unknown module “FeedSandbox”: FeedSandbox is a target without a test target of its own. Modules with tests:"),
    ])
    func anUnknownModuleIsNamedWithTheValidOnes(_ name: String, _ message: String) throws {
        let result = FocusedTests.testTargets(named: ["Feed", name], in: try Fixtures.manifest())
        guard case .failure(let error) = result else {
            Issue.record("“\(name)” was accepted")
            return
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func theClosureOfAFeatureTestIsItsModuleCoreAndCoreTesting() throws {
        let tests = FocusedTests(
            manifest: try Fixtures.manifest(), files: Fixtures.files(), focus: Focus(packageRoot: "/repo", folder: "/repo/.build/focus"),
            runner: ScriptedRunner(), write: { _ in }, writeError: { _ in })
        #expect(tests.closure(of: [TestSelection("FeedTests")]) == ["Core", "CoreTesting", "Feed", "FeedTests"])
        // End-to-end tests start the executables they name, so their closure holds those.
        let endToEnd = tests.closure(of: [TestSelection("EndToEndTests")])
        #expect(endToEnd == ["Core", "CSQLite", "App", "cookbook", "EndToEndTests", "Feed", "Favorites"] + Fixtures.entriesModules)
    }

    @Test func suitesBecomeAnAnchoredFilter() {
        #expect(TestSelection.filter(for: [TestSelection("FeedTests"), TestSelection("AppTests")]) == nil)
        #expect(
            TestSelection.filter(for: [TestSelection("FeedTests"), TestSelection("EndToEndTests", suites: ["SandboxTests", "FuzzTests"])])
                == #"^(FeedTests\.|EndToEndTests\.(SandboxTests|FuzzTests)/)"#)
    }

    static let xUnit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="TestResults" errors="0" tests="4" failures="1" skipped="1" time="0.01">
            <testcase classname="FeedTests.FeedScreenTests" name="loads()" time="0.008" />
            <testcase classname="FeedTests.FeedScreenTests" name="retries()" time="0.008">
              <failure message="Expectation failed: 1 == 2" />
            </testcase>
            <testcase classname="FeedTests.FeedScreenTests" name="later()" time="0">
              <skipped />
            </testcase>
            <testcase classname="CoreTests.DeepLinkTests" name="parses()" time="0.001"/>
          </testsuite>
        </testsuites>
        """

    @Test func xUnitReportsAreCountedPerTestTarget() {
        var results = TestResults()
        results.add(xUnit: Self.xUnit)
        #expect(results.byTarget["FeedTests"] == TestResults.Counts(passed: 1, failed: 1, skipped: 1))
        #expect(results.byTarget["CoreTests"] == TestResults.Counts(passed: 1))
        #expect(results.total == TestResults.Counts(passed: 2, failed: 1, skipped: 1))
        #expect(results.total.run == 3)
    }

    func report(_ results: TestResults, _ targets: [String], status: Int32 = 0, filtered: Bool = false) throws -> (
        status: Int32, output: [String], errors: [String]
    ) {
        var output: [String] = []
        var errors: [String] = []
        let tests = FocusedTests(
            manifest: try Fixtures.manifest(), files: Fixtures.files(), focus: Focus(packageRoot: "/repo", folder: "/repo/.build/focus"),
            runner: ScriptedRunner(), write: { output.append($0) }, writeError: { errors.append($0) })
        let code = tests.report(results, of: targets, status: status, filtered: filtered, wroteReports: !results.byTarget.isEmpty)
        return (code, output, errors)
    }

    @Test func passingTestsArePrintedWithTheClosingCountLine() throws {
        let result = try report(TestResults(byTarget: ["FeedTests": .init(passed: 21)]), ["FeedTests"])
        #expect(result.status == 0)
        #expect(result.output == ["FeedTests: 21 run, 21 passed, 0 failed, 0 skipped", "tests: 21 passed, 0 failed, 0 skipped"])
        #expect(result.errors.isEmpty)
    }

    @Test func aFailureFailsTheRun() throws {
        let result = try report(TestResults(byTarget: ["FeedTests": .init(passed: 20, failed: 1)]), ["FeedTests"], status: 1)
        #expect(result.status == 1)
        #expect(result.errors == ["workspace test: 1 test failed (see above)"])
    }

    @Test func zeroTestsIsAFailureNotASuccess() throws {
        let none = try report(TestResults(), ["FeedTests"])
        #expect(none.status == 1)
        #expect(none.errors.first?.contains("no test ran: FeedTests declares no test") == true)

        let filteredAway = try report(TestResults(), ["FeedTests"], filtered: true)
        #expect(filteredAway.status == 1)
        #expect(filteredAway.errors.first?.contains("the filter matched no test") == true)

        // Two modules, one of them without tests: the empty one is named.
        let oneEmpty = try report(TestResults(byTarget: ["FeedTests": .init(passed: 3)]), ["FeedTests", "FavoritesTests"])
        #expect(oneEmpty.status == 1)
        #expect(oneEmpty.errors == ["workspace test: FavoritesTests ran no test; a test target without tests tests nothing"])
    }

    @Test func aBuildFailureWithoutResultsIsSaidSo() throws {
        let result = try report(TestResults(), ["FeedTests"], status: 1)
        #expect(result.status == 1)
        #expect(result.errors.first?.contains("before any test result was written (did the build fail?)") == true)
    }

    @Test func swiftTestRunsOnTheWorkspacesPackageWithABuildFolderPerSanitizer() throws {
        let tests = FocusedTests(
            manifest: try Fixtures.manifest(), files: Fixtures.files(), focus: Focus(packageRoot: "/repo", folder: "/repo/.build/focus"),
            runner: ScriptedRunner(), write: { _ in }, writeError: { _ in })
        #expect(
            tests.swiftTestArguments(filter: nil, sanitizer: nil, xUnitPath: "/tmp/r.xml") == [
                "test", "--package-path", "/repo", "--scratch-path", "/repo/.build", "--xunit-output", "/tmp/r.xml", "-Xswiftc",
                "-driver-show-incremental",
            ])
        #expect(
            tests.swiftTestArguments(filter: "loads", sanitizer: "thread", xUnitPath: "/tmp/r.xml").suffix(3) == [
                "--filter", "loads", "--sanitize=thread",
            ])
        #expect(tests.swiftTestArguments(filter: nil, sanitizer: "thread", xUnitPath: "/x")[4] == "/repo/.build/sanitize-thread")
    }
}

@Suite("workspace test: what it saves on every run")
struct FocusedTestsOverheadTests {
    @Test func theManifestIsReadAgainOnlyWhenPackageSwiftChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = DiskFileSystem(root: folder)
        try disk.write(Fixtures.packageSwift, to: "Package.swift")
        let runner = ScriptedRunner(["swift package dump-package": CommandResult(status: 0, output: Fixtures.manifestJSON)])
        let cache = folder.appendingPathComponent(".build/focus/manifest-cache").path
        func load() throws -> Manifest {
            try Manifest.loadCached(packageRoot: folder.path, runner: runner, cacheFile: cache)
        }

        #expect(try load() == (try Fixtures.manifest()))
        #expect(try load() == (try Fixtures.manifest()))
        #expect(runner.calls == ["swift package dump-package"])

        try disk.write(Fixtures.packageSwift + "// a new line\n", to: "Package.swift")
        _ = try load()
        #expect(runner.calls.count == 2)
    }

    @Test func theManifestsCacheKeepsEveryFieldAndRefusesAWordThatWouldBreakALine() throws {
        var manifest = try Fixtures.manifest()
        manifest.platforms = [.init(name: "macos", version: "15.0")]
        manifest.dynamicLibraries = [.init(name: "URLSessionHTTP", targets: ["URLSessionHTTP"])]
        manifest.targets.append(
            Target(
                name: "Odd", kind: .system, path: "Sources/Odd",
                dependencies: [
                    Dependency("Core"), Dependency("Crypto", isProduct: true), Dependency("Glue", platforms: ["macos", "linux"]),
                ],
                pkgConfig: "sqlite3", swiftSettings: [SwiftSetting("define", ["ODD"]), SwiftSetting("unsafeFlags", [""])],
                resources: [.init(rule: "copy", path: "a.json")], exclude: ["notes.md", ""], sources: [],
                providers: [.init(manager: "apt", packages: ["libsqlite3-dev"])], unmodelled: ["a condition on its Swift setting define"]))
        manifest.targets.append(Target(name: "Listed", kind: .regular, sources: ["A.swift", "B.swift"]))
        let data = try #require(ManifestCacheText.encode(manifest, key: "Package.swift's text"))
        #expect(ManifestCacheText.decode(data, key: "Package.swift's text") == manifest)
        #expect(ManifestCacheText.decode(data, key: "another text") == nil, "read from another Package.swift")
        #expect(ManifestCacheText.decode(Data("D Core\u{1F}0\n".utf8), key: "x") == nil, "not a cache")

        var broken = manifest
        broken.targets[0].exclude = ["two\nlines"]
        #expect(ManifestCacheText.encode(broken, key: "k") == nil, "a line break in a word")
        broken.targets[0].exclude = ["a\u{1F}b"]
        #expect(ManifestCacheText.encode(broken, key: "k") == nil, "a separator in a word")
    }

    @Test func eachTargetsDeclarationIsHashedApartFromTheOthers() throws {
        let before = try Fixtures.manifest()
        let after = try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry"]))
        let part = Conventions.entriesModule(of: "Pantry")
        #expect(before.packageDeclaration != nil && before.targetDeclarations.count == before.targets.count)
        #expect(after.targetDeclarations["Feed"] == before.targetDeclarations["Feed"])
        #expect(after.targetDeclarations[part] != before.targetDeclarations[part], "the part's module gained a dependency")
        #expect(after.declarations(of: ["Core", "Feed"]) == before.declarations(of: ["Core", "Feed"]))
        #expect(after.declarations(of: ["Core", part]) != before.declarations(of: ["Core", part]))
        #expect(after.declarations(of: ["Core", "Nowhere"]) == nil)
    }

    @Test func theTargetsListIsFoundInSwiftPMsTextWhateverItsStringsHold() throws {
        let json = #"{"products":[{"targets":["A"]}],"name":"x \"targets\" ]}","targets":[{"name":"A","path":"a]}"},{"name":"B"}],"z":1}"#
        let data = Data(json.utf8)
        let found = try #require(data.withUnsafeBytes { ManifestDeclarations.targetObjects(in: $0) })
        let texts = found.objects.map { String(decoding: data[$0], as: UTF8.self) }
        #expect(texts == [#"{"name":"A","path":"a]}"}"#, #"{"name":"B"}"#])
        #expect(String(decoding: data[found.list], as: UTF8.self) == "[" + texts.joined(separator: ",") + "]")
        let read = try #require(ManifestDeclarations.read(json: data, targetNames: ["A", "B"]))
        #expect(read.targets["A"] != read.targets["B"])
        #expect(ManifestDeclarations.read(json: data, targetNames: ["A"]) == nil, "one object for each target, or nothing")
    }

    @Test func aNewReadingTakesTheTargetsWhoseDeclarationIsUnchangedFromTheLast() throws {
        let last = try Fixtures.manifest()
        let grown = Fixtures.manifestJSON(adding: ["Pantry"])
        #expect(try Manifest.decode(json: grown, reusing: last) == (try Manifest.decode(json: grown)))
        #expect(try Manifest.decode(json: Fixtures.manifestJSON, reusing: last) == last)

        // Taken, not read again: a target marked in the last reading comes back as it was marked.
        var marked = last
        let feed = try #require(marked.targets.firstIndex { $0.name == "Feed" })
        marked.targets[feed].exclude = ["marked"]
        let read = try Manifest.decode(json: grown, reusing: marked)
        #expect(read.target(named: "Feed")?.exclude == ["marked"])
        #expect(read.target(named: "Pantry") != nil, "a new target is read")

        var anotherPackage = marked
        anotherPackage.packageDeclaration = "another package"
        #expect(try Manifest.decode(json: grown, reusing: anotherPackage) == (try Manifest.decode(json: grown)), "read whole")
    }

    @Test func xcTestIsSkippedOnlyWhenNoSelectedTestImportsIt() throws {
        let files = Fixtures.files()
        let tests = FocusedTests(
            manifest: try Fixtures.manifest(), files: files, focus: Focus(packageRoot: "/repo", folder: "/repo/.build/focus"),
            runner: ScriptedRunner(), write: { _ in }, writeError: { _ in })
        #expect(!tests.usesXCTest(["FeedTests", "CoreTests"]))
        try files.write("import XCTest\n\nfinal class OldTests: XCTestCase {}\n", to: "Tests/FeedTests/OldTests.swift")
        #expect(tests.usesXCTest(["FeedTests"]))
        #expect(!tests.usesXCTest(["CoreTests"]))
        #expect(tests.swiftTestArguments(filter: nil, sanitizer: nil, xUnitPath: "/x", xcTest: false).last == "--disable-xctest")
        #expect(!tests.swiftTestArguments(filter: nil, sanitizer: nil, xUnitPath: "/x", xcTest: true).contains("--disable-xctest"))
    }
}
