import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceRules
@testable import WorkspaceSpec

@Suite("project-spec.yml generation")
struct SpecGeneratorTests {
    static let smallManifestJSON = """
        {
          "name": "Tiny",
          "toolsVersion": {"_version": "6.0.0"},
          "platforms": [{"platformName": "macos", "version": "15.0", "options": []}],
          "targets": [
            \(Fixtures.target("Core", "regular", path: "Core/Core")),
            \(Fixtures.target("CoreTesting", "regular", path: "Core/CoreTesting", byName: ["Core"])),
            \(Fixtures.target("TerminalRunner", "regular", path: "Platform/TerminalRunner", byName: ["Core"])),
            \(Fixtures.target("SandboxSupport", "regular", path: "Sandboxes/SandboxSupport", byName: ["Core", "CoreTesting"])),
            \(Fixtures.target("CSQLite", "system", path: "App/CSQLite", pkgConfig: "sqlite3", upcoming: false)),
            \(Fixtures.target("App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: ["Feed"])),
            \(Fixtures.target("tiny", "executable", path: "App/tiny", byName: ["App"])),
            \(Fixtures.target("CoreTests", "test", path: "Tests/CoreTests", target: ["Core", "CoreTesting"])),
            \(Fixtures.target("Feed", "regular", path: "Features/Feed", byName: ["Core"])),
            \(Fixtures.target("FeedSandbox", "executable", path: "Sandboxes/FeedSandbox", byName: ["Core", "CoreTesting", "SandboxSupport"], target: ["Feed"])),
            \(Fixtures.target("FeedTests", "test", path: "Tests/FeedTests", target: ["Feed", "Core", "CoreTesting"])),
            {"name": "Lint", "type": "regular", "path": "Tools/Lint", "dependencies": [], "settings": [
              {"kind": {"enableUpcomingFeature": {"_0": "ExistentialAny"}}, "tool": "swift"},
              {"kind": {"define": {"_0": "LINT"}}, "tool": "swift"},
              {"kind": {"interoperabilityMode": {"_0": "Cxx"}}, "tool": "swift"}
            ]}
          ]
        }
        """

    static let golden = """
        # XcodeGen project spec for macOS users: `xcodegen generate --spec project-spec.yml`.
        # Generated from Package.swift by `Tools/workspace spec`; do not edit it by hand:
        # `Tools/workspace check` fails when it is stale. Package.swift stays the source of truth.
        #
        # XcodeGen has no system-library target. Each SwiftPM system library is linked from the SDK
        # by the targets that declare it, and its folder is on SWIFT_INCLUDE_PATHS for its module map:
        #   CSQLite (App/CSQLite, pkg-config sqlite3) → sdk: libsqlite3.tbd
        name: Tiny
        options:
          bundleIdPrefix: dev.tiny
          deploymentTarget:
            macOS: "15.0"
          createIntermediateGroups: true
        settings:
          base:
            SWIFT_VERSION: "6.0"
            SWIFT_STRICT_CONCURRENCY: complete
            SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY: "YES"
            SWIFT_INCLUDE_PATHS: "$(inherited) $(SRCROOT)/App/CSQLite"
        targetTemplates:
          # What features import, and the stub environment of tests and sandboxes: modules under Core/.
          CoreModule:
            type: framework
            platform: macOS
            sources:
              - path: Core/${target_name}
          # The runtime the app injects, which no feature sees: modules under Platform/.
          PlatformModule:
            type: framework
            platform: macOS
            sources:
              - path: Platform/${target_name}
          # A feature: depends on Core only; reaches other features through descriptors.
          FeatureModule:
            type: framework
            platform: macOS
            sources:
              - path: Features/${target_name}
            settings:
              base:
                PRODUCT_BUNDLE_IDENTIFIER: dev.tiny.feature.${target_name}
            dependencies:
              - target: Core
          # A mini app running one feature (attribute `feature`) alone on the stub environment.
          Sandbox:
            type: tool
            platform: macOS
            sources:
              - path: Sandboxes/${target_name}
            dependencies:
              - target: Core
              - target: CoreTesting
              - target: SandboxSupport
              - target: ${feature}
          # The tests of one module (attribute `module`); other dependencies are listed per target.
          UnitTests:
            type: bundle.unit-test
            platform: macOS
            sources:
              - path: Tests/${target_name}
            dependencies:
              - target: ${module}
        targets:
          Core: {templates: [CoreModule]}
          CoreTesting: {templates: [CoreModule], dependencies: [{target: Core}]}
          TerminalRunner: {templates: [PlatformModule], dependencies: [{target: Core}]}
          SandboxSupport:
            type: framework
            platform: macOS
            sources:
              - path: Sandboxes/SandboxSupport
            dependencies:
              - target: Core
              - target: CoreTesting
          App:
            type: framework
            platform: macOS
            sources:
              - path: App/App
            dependencies:
              - target: Core
              - sdk: libsqlite3.tbd
              - target: Feed
          tiny:
            type: tool
            platform: macOS
            sources:
              - path: App/tiny
            dependencies:
              - target: App
          CoreTests: {templates: [UnitTests], templateAttributes: {module: Core}, dependencies: [{target: CoreTesting}]}
          Feed: {templates: [FeatureModule]}
          FeedSandbox: {templates: [Sandbox], templateAttributes: {feature: Feed}}
          FeedTests: {templates: [UnitTests], templateAttributes: {module: Feed}, dependencies: [{target: Core}, {target: CoreTesting}]}
          Lint:
            type: framework
            platform: macOS
            sources:
              - path: Tools/Lint
            settings:
              base:
                SWIFT_ACTIVE_COMPILATION_CONDITIONS: "$(inherited) LINT"
            # not mirrored from Package.swift: interoperabilityMode(Cxx)
        # One scheme per module with tests (as `Tools/workspace test <Module>`): its test action holds
        # only that module's tests, so Xcode builds their dependency closure and nothing else.
        # One scheme per program (the app, each sandbox): Product > Run builds it and starts it.
        schemes:
          Core: {build: {targets: {Core: all, CoreTests: [test]}}, test: {targets: [CoreTests]}}
          Feed: {build: {targets: {Feed: all, FeedTests: [test]}}, test: {targets: [FeedTests]}}
          tiny: {build: {targets: {tiny: all}}, run: {executable: tiny}}
          FeedSandbox: {build: {targets: {FeedSandbox: all}}, run: {executable: FeedSandbox}}

        """

    @Test func aSmallManifestGivesTheGoldenSpec() throws {
        let spec = SpecGenerator(manifest: try Manifest.decode(json: Self.smallManifestJSON)).generate()
        #expect(spec == Self.golden)
        if spec != Self.golden {
            let got = spec.split(separator: "\n", omittingEmptySubsequences: false)
            let want = Self.golden.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
            Issue.record(
                "first difference at line \(line + 1): got “\(line < got.count ? got[line] : "")”, want “\(line < want.count ? want[line] : "")”"
            )
        }
    }

    @Test func theOutputIsDeterministic() throws {
        let manifest = try Manifest.decode(json: Self.smallManifestJSON)
        #expect(
            SpecGenerator(manifest: manifest).generate()
                == SpecGenerator(manifest: try Manifest.decode(json: Self.smallManifestJSON)).generate())
    }

    @Test func onlyUsedTemplatesAreWritten() {
        let manifest = Manifest(
            name: "Solo", toolsVersion: "5.10", targets: [Target(name: "Solo", kind: .executable, path: "Sources/Solo")])
        let spec = SpecGenerator(manifest: manifest).generate()
        #expect(!spec.contains("targetTemplates:"))
        #expect(spec.contains("    SWIFT_VERSION: \"5.10\"\n"))
        #expect(!spec.contains("SWIFT_STRICT_CONCURRENCY"))
        #expect(
            spec.hasSuffix(
                "targets:\n  Solo:\n    type: tool\n    platform: macOS\n    sources:\n      - path: Sources/Solo\n"
                    + "# One scheme per module with tests (as `Tools/workspace test <Module>`): its test action holds\n"
                    + "# only that module's tests, so Xcode builds their dependency closure and nothing else.\n"
                    + "# One scheme per program (the app, each sandbox): Product > Run builds it and starts it.\n"
                    + "schemes:\n  Solo: {build: {targets: {Solo: all}}, run: {executable: Solo}}\n"))
    }

    /// A scheme that builds `program` and whose run action starts it: one line, as a feature's lines
    /// are, so that two branches each adding a feature merge without a conflict.
    static func runScheme(_ program: String) -> String {
        "\n  \(program): {build: {targets: {\(program): all}}, run: {executable: \(program)}}\n"
    }

    @Test("the app and every sandbox get a scheme that builds and runs them; a new feature's sandbox gets one from the manifest alone")
    func everyProgramHasARunScheme() throws {
        let spec = SpecGenerator(manifest: try Fixtures.manifest()).generate()
        for program in ["cookbook", "FeedSandbox", "FavoritesSandbox"] {
            #expect(spec.contains(Self.runScheme(program)), "no scheme runs \(program)")
        }
        #expect(!spec.contains("PantrySandbox"))
        let withPantry = SpecGenerator(manifest: try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry"]))).generate()
        #expect(withPantry.contains(Self.runScheme("PantrySandbox")))
    }

    @Test("the workspace tool gets no run scheme; a program with tests runs from its module's scheme")
    func runSchemesOfToolsAndTestedPrograms() {
        let manifest = Manifest(
            name: "Solo", toolsVersion: "6.0",
            targets: [
                Target(name: "Solo", kind: .executable, path: "Sources/Solo"),
                Target(name: "SoloTests", kind: .test, path: "Tests/SoloTests", dependencies: [Dependency("Solo")]),
                Target(name: "workspace", kind: .executable, path: "Tools/WorkspaceMain"),
            ])
        let spec = SpecGenerator(manifest: manifest).generate()
        #expect(
            spec.hasSuffix(
                "schemes:\n  Solo: {build: {targets: {Solo: all, SoloTests: [test]}}, test: {targets: [SoloTests]}, run: {executable: Solo}}\n"
            ))
        #expect(!spec.contains("executable: workspace"))
    }

    @Test func aTargetThatBreaksItsTemplateIsWrittenInFull() throws {
        // A sandbox without SandboxSupport is not a `Sandbox`; the check reports it, the spec stays true.
        let json = Self.smallManifestJSON.replacingOccurrences(
            of: Fixtures.target(
                "FeedSandbox", "executable", path: "Sandboxes/FeedSandbox", byName: ["Core", "CoreTesting", "SandboxSupport"],
                target: ["Feed"]),
            with: Fixtures.target(
                "FeedSandbox", "executable", path: "Sandboxes/FeedSandbox", byName: ["Core", "CoreTesting"], target: ["Feed"])
        )
        #expect(json != Self.smallManifestJSON)
        let spec = SpecGenerator(manifest: try Manifest.decode(json: json)).generate()
        #expect(
            spec.contains(
                "  FeedSandbox:\n    type: tool\n    platform: macOS\n    sources:\n      - path: Sandboxes/FeedSandbox\n    dependencies:\n      - target: Core\n      - target: CoreTesting\n      - target: Feed\n"
            ))
    }

    @Test func theStatusSaysWhereTheSpecIsStale() throws {
        let manifest = try Manifest.decode(json: Self.smallManifestJSON)
        let files = InMemoryFileSystem()
        #expect(SpecStatus(manifest: manifest, files: files).staleness?.message == "project-spec.yml is missing")

        try files.write(Self.golden, to: "project-spec.yml")
        #expect(SpecStatus(manifest: manifest, files: files).staleness == nil)

        try files.write(Self.golden.replacingOccurrences(of: "name: Tiny", with: "name: Old"), to: "project-spec.yml")
        let stale = try #require(SpecStatus(manifest: manifest, files: files).staleness)
        #expect(stale.line == 8)
        #expect(stale.message == "project-spec.yml is stale: line 8 should be “name: Tiny”")
    }
}
