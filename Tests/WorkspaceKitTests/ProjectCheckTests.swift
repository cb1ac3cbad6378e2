import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceSpec

@Suite("spec --verify: the project XcodeGen generated against the manifest")
struct ProjectCheckTests {
    /// Core; CSQLite (a system library); Feed on Core and CSQLite; FeedTests on Feed and Core.
    static let manifest = Manifest(
        name: "Cookbook", toolsVersion: "6.0",
        targets: [
            Target(name: "Core", kind: .regular, path: "Core/Core"),
            Target(name: "CSQLite", kind: .system, path: "App/CSQLite", pkgConfig: "sqlite3"),
            Target(name: "Feed", kind: .regular, path: "Features/Feed", dependencies: [Dependency("Core"), Dependency("CSQLite")]),
            Target(name: "FeedTests", kind: .test, path: "Tests/FeedTests", dependencies: [Dependency("Feed"), Dependency("Core")]),
        ])

    /// A project.pbxproj in XcodeGen's shape, with `feedDependencies` (target ids) and Feed's libraries.
    static func projectFile(feedDependencies: [String] = ["D1"], linksSQLite: Bool = true, extraTarget: Bool = false) -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		T1 /* Core */ = {isa = PBXNativeTarget; name = Core; dependencies = (); buildPhases = (); };
        		T2 /* Feed */ = {isa = PBXNativeTarget; name = Feed; dependencies = (\(feedDependencies.joined(separator: ", "))); buildPhases = (F1); };
        		T3 /* FeedTests */ = {isa = PBXNativeTarget; name = FeedTests; dependencies = (D2, D3); buildPhases = (); };
        		\(extraTarget ? "T4 = {isa = PBXNativeTarget; name = Legacy; dependencies = (); buildPhases = (); };" : "")
        		D1 = {isa = PBXTargetDependency; target = T1; };
        		D2 = {isa = PBXTargetDependency; target = T2; };
        		D3 = {isa = PBXTargetDependency; target = T1; };
        		D4 = {isa = PBXTargetDependency; target = T3; };
        		F1 = {isa = PBXFrameworksBuildPhase; files = (\(linksSQLite ? "B1" : "")); };
        		B1 = {isa = PBXBuildFile; fileRef = R1; };
        		R1 /* libsqlite3.tbd */ = {isa = PBXFileReference; name = libsqlite3.tbd; path = usr/lib/libsqlite3.tbd; sourceTree = SDKROOT; };
        	};
        	rootObject = P1;
        }
        """
    }

    /// The reference to target `name` that each entry of a scheme holds, as XcodeGen writes it.
    static func reference(_ name: String) -> String {
        """
                    <BuildableReference
                       BuildableIdentifier = "primary"
                       BlueprintName = "\(name)"
                       ReferencedContainer = "container:Cookbook.xcodeproj">
                    </BuildableReference>
        """
    }

    /// An entry of a scheme (`BuildActionEntry`, `TestableReference`, …) holding the reference to `name`.
    static func entry(_ tag: String, _ attributes: String, _ name: String) -> String {
        """
                 <\(tag) \(attributes)>
        \(reference(name))
                 </\(tag)>
        """
    }

    /// A scheme as XcodeGen writes it: build entries for `built` (for testing), testables `tested`.
    static func scheme(built: [String] = ["Feed", "FeedTests"], tested: [String] = ["FeedTests"]) -> String {
        let entries = built.map { name in
            entry("BuildActionEntry", #"buildForTesting = "YES" buildForRunning = "\#(name.hasSuffix("Tests") ? "NO" : "YES")""#, name)
        }
        let testables = tested.map { entry("TestableReference", #"skipped = "NO""#, $0) }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "1430" version = "1.7">
               <BuildAction parallelizeBuildables = "YES" buildImplicitDependencies = "YES">
                  <BuildActionEntries>
            \(entries.joined(separator: "\n"))
                  </BuildActionEntries>
               </BuildAction>
               <TestAction buildConfiguration = "Debug">
                  <MacroExpansion>
                     <BuildableReference BuildableIdentifier = "primary" BlueprintName = "Feed" ReferencedContainer = "container:Cookbook.xcodeproj">
                     </BuildableReference>
                  </MacroExpansion>
                  <Testables>
            \(testables.joined(separator: "\n"))
                  </Testables>
               </TestAction>
               <LaunchAction buildConfiguration = "Debug">
               </LaunchAction>
            </Scheme>
            """
    }

    /// A program's scheme as XcodeGen writes it: the run action starts `runs` (nothing if nil).
    static func runScheme(runs: String?) -> String {
        let runnable = runs.map { entry("BuildableProductRunnable", #"runnableDebuggingMode = "0""#, $0) }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "1430" version = "1.7">
               <LaunchAction buildConfiguration = "Debug" launchStyle = "0">
            \(runnable ?? "")
               </LaunchAction>
            </Scheme>
            """
    }

    func problems(_ projectFile: String = projectFile(), schemes: [String: String] = ["Feed": scheme()]) throws -> [String] {
        try ProjectCheck(manifest: Self.manifest, projectFile: projectFile, schemes: schemes).problems()
    }

    @Test func aProjectThatMatchesTheManifestHasNoProblems() throws {
        #expect(try problems() == [])
    }

    @Test func aMissingDependencyOrLibraryOrAnExtraTargetIsNamed() throws {
        #expect(
            try problems(Self.projectFile(feedDependencies: [])) == [
                "target Feed depends on nothing in the project, on Core in Package.swift (missing: Core)"
            ])
        #expect(
            try problems(Self.projectFile(linksSQLite: false)) == [
                "target Feed depends on the system library CSQLite but does not link libsqlite3.tbd"
            ])
        #expect(
            try problems(Self.projectFile(extraTarget: true)) == ["the project has a target Legacy that Package.swift does not declare"])
        #expect(
            try problems(Self.projectFile(feedDependencies: ["D1", "D4"])) == [
                "target Feed depends on Core, FeedTests in the project, on Core in Package.swift (extra: FeedTests)"
            ])
    }

    @Test func eachModuleNeedsASchemeTestingOnlyItsTests() throws {
        #expect(try problems(schemes: [:]) == ["no shared scheme Feed for the tests of Feed (FeedTests)"])
        #expect(
            try problems(schemes: ["Feed": Self.scheme(tested: ["FeedTests", "CoreTests"])]) == [
                "scheme Feed tests FeedTests, CoreTests; it should test FeedTests only"
            ])
        #expect(
            try problems(schemes: ["Feed": Self.scheme(built: ["Feed", "FeedTests", "App"])]) == [
                "scheme Feed builds App for testing, outside the dependency closure of FeedTests"
            ])
    }

    @Test("each program needs a scheme whose run action starts it")
    func eachProgramNeedsARunScheme() throws {
        var manifest = Self.manifest
        manifest.targets.append(Target(name: "cookbook", kind: .executable, path: "App/cookbook", dependencies: [Dependency("Feed")]))
        let projectFile = Self.projectFile().replacingOccurrences(
            of: "\t\tD1 = ", with: "\t\tT5 = {isa = PBXNativeTarget; name = cookbook; dependencies = (D2); buildPhases = (); };\n\t\tD1 = ")
        func problems(_ schemes: [String: String]) throws -> [String] {
            try ProjectCheck(manifest: manifest, projectFile: projectFile, schemes: schemes.merging(["Feed": Self.scheme()]) { $1 })
                .problems()
        }
        #expect(try problems(["cookbook": Self.runScheme(runs: "cookbook")]) == [])
        #expect(try problems([:]) == ["no shared scheme cookbook to run the program cookbook"])
        #expect(try problems(["cookbook": Self.runScheme(runs: nil)]) == ["scheme cookbook runs nothing; it should run cookbook"])
        #expect(try problems(["cookbook": Self.runScheme(runs: "Feed")]) == ["scheme cookbook runs Feed; it should run cookbook"])
    }

    @Test func whatIsNotAProjectFileIsSaidInWords() {
        #expect(throws: CommandError.self) {
            try ProjectCheck(manifest: Self.manifest, projectFile: "{ not a plist", schemes: [:]).problems()
        }
    }

    @Test func theGeneratedSpecHasOneSchemePerModuleWithTests() throws {
        let spec = SpecGenerator(manifest: try Fixtures.manifest()).generate()
        // The golden spec (SpecGeneratorTests) shows a module's scheme; the end-to-end one also builds the executables.
        #expect(spec.contains("  EndToEnd:\n    build:\n      targets:\n        EndToEndTests: [test]\n        cookbook: [test]\n"))
        #expect(spec.components(separatedBy: "\n    test:\n      targets:\n        - ").count - 1 == 1)
        #expect(spec.components(separatedBy: "}}, test: {targets: [").count - 1 == 4)
    }
}
