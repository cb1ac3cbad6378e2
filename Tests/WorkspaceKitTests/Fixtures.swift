import Foundation

@testable import WorkspaceBase
@testable import WorkspaceScaffolding

/// A small workspace in the shape of the real one: two features, the twenty modules of entries, the shared modules, the app,
/// a system library, tests and an end-to-end target, as `swift package dump-package` prints it.
enum Fixtures {
    static func target(
        _ name: String, _ type: String, path: String, byName: [String] = [], target: [String] = [],
        pkgConfig: String? = nil, upcoming: Bool = true
    ) -> String {
        let dependencies = byName.map { #"{"byName": ["\#($0)", null]}"# } + target.map { #"{"target": ["\#($0)", null]}"# }
        let settings = upcoming ? #"[{"kind": {"enableUpcomingFeature": {"_0": "ExistentialAny"}}, "tool": "swift"}]"# : "[]"
        let config = pkgConfig.map { #", "pkgConfig": "\#($0)""# } ?? ""
        return
            #"{"name": "\#(name)", "type": "\#(type)", "path": "\#(path)", "dependencies": [\#(dependencies.joined(separator: ", "))], "exclude": [], "resources": [], "settings": \#(settings)\#(config)}"#
    }

    static let manifestJSON = """
        {
          "name": "Cookbook",
          "toolsVersion": {"_version": "6.0.0"},
          "platforms": [{"platformName": "macos", "version": "15.0", "options": []}],
          "products": [],
          "targets": [
            \(target("Core", "regular", path: "Core/Core")),
            \(target("CoreTesting", "regular", path: "Core/CoreTesting", byName: ["Core"])),
            \(target("SandboxSupport", "regular", path: "Sandboxes/SandboxSupport", byName: ["Core", "CoreTesting"])),
            \(target("CSQLite", "system", path: "App/CSQLite", pkgConfig: "sqlite3", upcoming: false)),
            \(target("App", "regular", path: "App/App", byName: ["Core", "CSQLite"], target: entriesModules)),
            \(target("cookbook", "executable", path: "App/cookbook", byName: ["App"])),
            \(target("CoreTests", "test", path: "Tests/CoreTests", target: ["Core", "CoreTesting"])),
            \(target("AppTests", "test", path: "Tests/AppTests", target: ["App", "Core", "CoreTesting"])),
            \(target("EndToEndTests", "test", path: "Tests/EndToEndTests", byName: ["Core"])),
            \(target("Feed", "regular", path: "Features/Feed", byName: ["Core"])),
            \(target("FeedSandbox", "executable", path: "Sandboxes/FeedSandbox", byName: ["Core", "CoreTesting", "SandboxSupport"], target: ["Feed"])),
            \(target("FeedTests", "test", path: "Tests/FeedTests", target: ["Feed", "Core", "CoreTesting"])),
            \(target("Favorites", "regular", path: "Features/Favorites", byName: ["Core"])),
            \(target("FavoritesSandbox", "executable", path: "Sandboxes/FavoritesSandbox", byName: ["Core", "CoreTesting", "SandboxSupport"], target: ["Favorites"])),
            \(target("FavoritesTests", "test", path: "Tests/FavoritesTests", target: ["Favorites", "Core", "CoreTesting"])),
            \(entriesParts(features: ["Feed", "Favorites"]))
          ]
        }
        """

    /// `EntriesPart01` … `EntriesPart20`, what App depends on.
    static let entriesModules = (1...Conventions.partCount).map(Conventions.entriesModule(ofPart:))

    /// The twenty modules of entries as Package.swift's `entriesPart` declares them: each depends on
    /// Core and the features of its part, or on nothing.
    static func entriesParts(features: [String]) -> String {
        (1...Conventions.partCount).map { number in
            let members = features.filter { Conventions.part(of: $0) == number }
            let module = Conventions.entriesModule(ofPart: number)
            return target(module, "regular", path: "App/Entries/\(module)", byName: members.isEmpty ? [] : ["Core"], target: members)
        }.joined(separator: ",\n    ")
    }

    static func manifest() throws -> Manifest {
        try Manifest.decode(json: manifestJSON)
    }

    /// The manifest as SwiftPM reads it once `new-feature` has added `features`: each one's three
    /// targets, and its part's module of entries' dependency on it.
    static func manifestJSON(adding features: [String]) -> String {
        let targets = features.map { name in
            """
            ,
                \(target(name, "regular", path: "Features/\(name)", byName: ["Core"])),
                \(target("\(name)Sandbox", "executable", path: "Sandboxes/\(name)Sandbox", byName: ["Core", "CoreTesting", "SandboxSupport"], target: [name])),
                \(target("\(name)Tests", "test", path: "Tests/\(name)Tests", target: [name, "Core", "CoreTesting"]))
            """
        }.joined()
        return
            manifestJSON
            .replacingOccurrences(
                of: entriesParts(features: ["Feed", "Favorites"]), with: entriesParts(features: ["Feed", "Favorites"] + features)
            )
            .replacingOccurrences(of: "\n  ]\n}", with: "\(targets)\n  ]\n}")
    }

    // MARK: Anchor files

    static let packageSwift = #"""
        // swift-tools-version: 6.0
        import PackageDescription

        /// Every feature module.
        let features = """
            Feed
            Favorites
            """.split(whereSeparator: \.isWhitespace).map(String.init)

        let package = Package(name: "Cookbook", targets: [])

        """#

    static let descriptorSwift = """
        public protocol Descriptor: Sendable {
            associatedtype Output
            @MainActor func resolve(with resolver: any Resolver, in environment: any Environment) -> Output
        }

        /// One builder per descriptor. Adding a descriptor adds a requirement here { so }.
        public protocol Resolver: Screens.Builders, Sendable {
            @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter
            /// The builders of each part of `Screens`.
        \(partLines { "    @MainActor var part\($0): ScreensPart\($0)Slot { get }" })
        }

        public protocol PlaceholderBuilding: AnyObject {}

        """

    static let screensSwift = """
        /// Every screen descriptor, as members: a new member of an existing type recompiles no feature.
        public enum Screens {
            /// The home feed.
            public struct Feed: ScreenDescriptor {
                public static let kind = ScreenKind.feed
                public static let linkPath = "feed"

                public init() {}

                public init(linkValues: [String: String]) throws(DeepLinkError) {
                    self.init()
                }

                public var linkValues: [String: String] { [:] }

                public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
                    resolver.buildFeed(self, in: environment)
                }
            }

            /// The user's saved recipes.
            public struct Favorites: ScreenDescriptor {
                public static let kind = ScreenKind.favorites
                public static let linkPath = "favorites"

                public init() {}

                public init(linkValues: [String: String]) throws(DeepLinkError) {
                    self.init()
                }

                public var linkValues: [String: String] { [:] }

                public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
                    resolver.buildFavorites(self, in: environment)
                }
            }
        }

        """

    static let stubResolverSwift = """
        import Core

        /// The resolver of tests and sandboxes: the screens of the parts are placeholders.
        public final class StubResolver: Resolver, PlaceholderBuilding {
            let recorder: Recorder

            public init(recorder: Recorder) {
                self.recorder = recorder
            }

            @MainActor public func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
                recorder.record(resolved: descriptor)
                return RecordingExporter(format: descriptor.format)
            }

            public func placeholder<D: ScreenDescriptor>(for descriptor: D, in environment: any Environment) -> any Screen {
                PlaceholderScreen(for: descriptor)
            }
        }

        """

    static let appResolverSwift = """
        import Core
        import EntriesPart03
        import EntriesPart18
        #if canImport(FoundationEssentials)
            import FoundationEssentials
        #else
            import Foundation
        #endif

        /// One builder per descriptor.
        struct AppResolver: Resolver {
            let exportDirectory: URL

            @MainActor func buildFeed(_ descriptor: Screens.Feed, in environment: any Environment) -> any Screen {
                FeedEntry.makeScreen(descriptor, environment: environment)
            }

            @MainActor
            func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen {
                FavoritesEntry.makeScreen(descriptor, environment: environment)
            }

            @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
                FileRecipeExporter(directory: exportDirectory, format: descriptor.format)
            }
        }

        """

    static let testDoublesSwift = """
        import Core
        import CoreTesting

        /// A resolver that records which of its builders ran. Not `struct Fake: Resolver {`.
        final class RecordingResolver: Sendable, Core.Resolver {
            let label = "class RecordingResolver: Resolver { }"

            @MainActor func buildFeed(_ descriptor: Screens.Feed, in environment: any Environment) -> any Screen { screen(descriptor, environment) }
            @MainActor func buildFavorites(_ descriptor: Screens.Favorites, in environment: any Environment) -> any Screen { screen(descriptor, environment) }

            @MainActor private func screen(_ descriptor: some ScreenDescriptor, _ environment: any Environment) -> any Screen {
                LabelledScreen(String(describing: descriptor))
            }

            @MainActor func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
                RecordingExporter(format: .markdown)
            }
        }

        """

    /// Core's allowed top-level declarations: exactly what the fixture's Core declares.
    static let coreTopLevelDeclarations = """
        # Core's top-level declarations.
        protocol Descriptor
        protocol Resolver
        protocol PlaceholderBuilding
        enum Screens
        extension Screens
        extension Screens.Builders
        enum ScreenKind
        \((1...ScreensParts.count).flatMap { ScreensParts.topLevelDeclarations(ScreensParts.part($0, in: "")) }.joined(separator: "\n"))
        protocol Screen
        struct Recipe

        """

    /// The registries of a workspace without screens of `new-feature`'s: the app's own two, which no
    /// entry makes (the fixture's entries have no `makeScreen`).
    static let emptyRegistry = ScreenRegistry(
        screens: [], partsFolder: "Core/Core/Descriptors", appResolver: nil,
        ownScreens: [ScreenRegistry.OwnScreen(name: "Feed"), ScreenRegistry.OwnScreen(name: "Favorites")])

    /// One line per part of `Screens` (`ScreensParts.count` of them), `line` given the part's digits.
    static func partLines(separator: String = "\n", _ line: (String) -> String) -> String {
        (1...ScreensParts.count).map { line(ScreensParts.part($0, in: "").digits) }.joined(separator: separator)
    }

    /// Every part of `Screens`, empty.
    static var emptyParts: [String: String] {
        Dictionary(
            uniqueKeysWithValues: (1...ScreensParts.count).map { number in
                let part = ScreensParts.part(number, in: "Core/Core/Descriptors")
                return (part.path, emptyRegistry.partText(part, screens: []))
            })
    }

    /// Every module of entries' own generated file.
    static var entriesPartFiles: [String: String] {
        Dictionary(uniqueKeysWithValues: (1...Conventions.partCount).map(emptyRegistry.entriesPartFile).map { ($0.path, $0.text) })
    }

    /// The anchor files, and one source per other target, in memory.
    static func files() -> InMemoryFileSystem {
        InMemoryFileSystem(
            emptyParts.merging(entriesPartFiles) { _, entries in entries }.merging([
                "Package.swift": packageSwift,
                "Core/Core/Descriptors/Descriptor.swift": descriptorSwift,
                "Core/Core/Descriptors/Screens.swift": screensSwift,
                "Core/Core/Descriptors/ScreenKind.swift": emptyRegistry.screenKindText(),
                "Core/Core/Descriptors/Screens+Builders.swift": emptyRegistry.ownBuildersText(),
                "App/App/Composition/AppResolver+Screens.swift": emptyRegistry.appBuildersText(
                    ResolverConformer(path: "App/App/Composition/AppResolver.swift", typeName: "AppResolver", line: 11)),
                "Core/Core/Screen.swift": "public protocol Screen: AnyObject {}\npublic struct Recipe {}\n",
                "Core/CoreTesting/StubResolver.swift": stubResolverSwift,
                "Core/CoreTesting/PlaceholderScreen.swift": "import Core\n\npublic final class PlaceholderScreen: Screen {}\n",
                "Sandboxes/SandboxSupport/Sandbox.swift": "import Core\nimport CoreTesting\n\npublic enum Sandbox {}\n",
                "App/App/Composition/AppResolver.swift": appResolverSwift,
                "App/cookbook/main.swift": "import App\n",
                "Tests/CoreTests/TestDoubles.swift": testDoublesSwift,
                "Tests/AppTests/AppTests.swift": "import App\nimport Core\nimport CoreTesting\nimport Testing\n",
                "Tests/EndToEndTests/EndToEndTests.swift": "import Core\nimport Foundation\nimport Testing\n\nlet app = \"cookbook\"\n",
                "App/App/Storage.swift": "import CSQLite\n\nfinal class Storage {}\n",
                "Core/top-level-declarations.txt": coreTopLevelDeclarations,
                "Features/Feed/FeedFeature.swift": "import Core\n\npublic enum FeedFeature {}\n",
                "Features/Favorites/FavoritesFeature.swift": "import Core\n\npublic enum FavoritesFeature {}\n",
                "App/Entries/EntriesPart18/FeedEntry.swift": "import Core\ninternal import Feed\n\npublic enum FeedEntry {}\n",
                "App/Entries/EntriesPart03/FavoritesEntry.swift":
                    "import Core\ninternal import Favorites\n\npublic enum FavoritesEntry {}\n",
                "Sandboxes/FeedSandbox/main.swift": "import Core\nimport CoreTesting\nimport Feed\nimport SandboxSupport\n",
                "Sandboxes/FavoritesSandbox/main.swift": "import Core\nimport CoreTesting\nimport Favorites\nimport SandboxSupport\n",
                "Tests/FeedTests/FeedTests.swift": "import Core\nimport CoreTesting\n@testable import Feed\nimport Testing\n",
                "Tests/FavoritesTests/FavoritesTests.swift":
                    "import Core\nimport CoreTesting\n@testable import Favorites\nimport Testing\n",
            ]) { _, anchor in anchor })
    }
}

/// A package folder on disk with an empty folder for every target of `Fixtures.manifest()`, where
/// a command can write its focused package (which links real folders); removed on deinit.
final class FocusOnDisk {
    let root: URL
    let focus: Focus

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("focus-\(UUID().uuidString)")
        for target in try Fixtures.manifest().targets {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(target.path), withIntermediateDirectories: true)
        }
        focus = Focus(packageRoot: root.path, folder: root.appendingPathComponent(".build/focus").path)
    }

    /// The command line of a build in the focus, as `ScriptedRunner` records it (its targets aside).
    var build: String { (["env", ScriptedRunner.focusPrefix + "…", "swift"] + focus.buildArguments(for: [])).joined(separator: " ") }

    /// The command line running a program built in the focus.
    func program(_ name: String, _ arguments: String...) -> String {
        ([focus.programs(for: []) + "/" + name] + arguments).joined(separator: " ")
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

/// Answers commands from a script; records what was asked.
final class ScriptedRunner: CommandRunning {
    var answers: [String: CommandResult]
    private(set) var calls: [String] = []
    /// The targets each focused command named (`env COOKBOOK_FOCUS=A,B swift …`), in order; its
    /// line in `calls` and in `answers` reads `env COOKBOOK_FOCUS=… swift …`.
    private(set) var focuses: [[String]] = []
    /// What a command leaves on disk besides its answer, by its line (SwiftPM's build database).
    var effects: [String: () throws -> Void] = [:]

    /// `answers` by the command line joined with spaces (`git rev-parse --show-toplevel`);
    /// anything else fails with status 128.
    init(_ answers: [String: CommandResult] = [:]) {
        self.answers = answers
    }

    static let focusPrefix = Focus.variable + "="

    /// The line a command is known by; a focus's targets are kept aside.
    func line(_ program: String, _ arguments: [String]) -> String {
        var arguments = arguments
        // `env -i PATH=… COOKBOOK_FOCUS=… swift …` (a build's cleared environment) is known as `env COOKBOOK_FOCUS=… swift …`.
        if program == "env", let index = arguments.firstIndex(where: { $0.hasPrefix(Self.focusPrefix) }),
            arguments[..<index].allSatisfy({ $0 == "-i" || $0.contains("=") })
        {
            focuses.append(arguments[index].dropFirst(Self.focusPrefix.count).split(separator: ",").map(String.init))
            arguments.removeSubrange(..<index)
            arguments[0] = Self.focusPrefix + "…"
        }
        return ([program] + arguments).joined(separator: " ")
    }

    func capture(_ program: String, _ arguments: [String], in directory: String) throws -> CommandResult {
        let line = line(program, arguments)
        calls.append(line)
        try effects[line]?()
        return answers[line] ?? CommandResult(status: 128, errorOutput: "fatal: not scripted: \(line)")
    }

    func stream(_ program: String, _ arguments: [String], in directory: String) throws -> Int32 {
        calls.append(line(program, arguments))
        return 0
    }
}
