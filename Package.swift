// swift-tools-version: 6.0
// Cookbook: a multi-module feature workspace. This manifest is the single source of
// truth for modules; `project-spec.yml` mirrors it for XcodeGen users.
import PackageDescription

/// Every feature module, one name a line. Adding a feature is one line here; each name gets a
/// module (`Features/<Name>`), a sandbox (`Sandboxes/<Name>Sandbox`), tests (`Tests/<Name>Tests`)
/// and the app's entry to it, a file in its part's module (`App/Entries/EntriesPart07/<Name>Entry.swift`).
/// A string, not an array of string literals: SwiftPM compiles this file after every change to it,
/// and each literal of an array is code of its own (at a thousand features, 0.07 s more a compile).
let features = """
    RecipeSearch
    RecipeDetails
    Feed
    ShoppingList
    Favorites
    """.split(whereSeparator: \.isWhitespace).map(String.init)

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let applePlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]

/// Programs and test bundles link with lld in debug builds on Linux: every edit ends in a link, and
/// lld links the app's debug binary in about half of gold's time (the default linker there).
let debugLinking: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux], configuration: .debug))]

// MARK: - Target templates (mirrored by `targetTemplates` in project-spec.yml)

/// A feature: depends on Core and nothing else, reaches other features through descriptors.
func featureModule(_ name: String) -> Target {
    .target(name: name, dependencies: ["Core"], path: "Features/\(name)", swiftSettings: swiftSettings)
}

/// The part of `Screens` a feature's screen is in, and its entry's module: 1 through 20, by an
/// FNV-1a hash of its name (the workspace tool's `Conventions.part(of:)` computes the same). A
/// name's part never depends on the other names, so two branches that each add a feature agree.
func part(of feature: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in feature.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % 20) + 1
}

/// How the app builds the screens of the features of one part (`App/Entries/EntriesPart07`, one
/// `<Name>Entry.swift` each): App imports these twenty modules, never a feature, so an edit inside a
/// feature recompiles its entry's one file and not App's. Twenty, not one a feature, so that the
/// app's build plans and asks the compiler about a twentieth of the entries' targets.
func entriesPart(_ number: Int) -> Target {
    let name = "EntriesPart" + (number < 10 ? "0" : "") + String(number)
    let members = features.filter { part(of: $0) == number }
    // A part without features imports nothing, so that no change of Core compiles it again.
    return .target(
        name: name, dependencies: members.isEmpty ? [] : ["Core"] + members.map { .target(name: $0) },
        path: "App/Entries/\(name)", swiftSettings: swiftSettings)
}

let entriesParts = (1...20).map(entriesPart)

/// A mini app running one feature alone, on the stub environment.
func sandbox(_ feature: String) -> Target {
    .executableTarget(
        name: "\(feature)Sandbox",
        dependencies: ["Core", "CoreTesting", "SandboxSupport", .target(name: feature)],
        path: "Sandboxes/\(feature)Sandbox",
        swiftSettings: swiftSettings,
        linkerSettings: debugLinking
    )
}

/// The test target of one module: `swift test --filter <Module>Tests`.
func unitTests(_ module: String, dependencies: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: "\(module)Tests",
        dependencies: ([module] + ["Core", "CoreTesting"].filter { $0 != module }).map { .target(name: $0) } + dependencies,
        path: "Tests/\(module)Tests",
        swiftSettings: swiftSettings,
        linkerSettings: debugLinking
    )
}

/// A library of the workspace tooling (`Tools/<name>`): plain Swift, no app module
/// (`dependencies` may name the Core-free ones, such as DataFormats).
func toolLibrary(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Tools/\(name)", swiftSettings: swiftSettings)
}

/// A command-line tool over a tooling library (`Tools/<folder>/main.swift`): `swift run <name> …`.
func tool(_ name: String, library: String, folder: String) -> Target {
    .executableTarget(name: name, dependencies: [.target(name: library)], path: "Tools/\(folder)", swiftSettings: swiftSettings)
}

/// The tests of a library that needs no stub environment (no Core, no CoreTesting): the tooling's,
/// and the web API's Core-free pieces. `swift test --filter <Library>Tests`.
func libraryTests(_ library: String, dependencies: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: "\(library)Tests", dependencies: [.target(name: library)] + dependencies, path: "Tests/\(library)Tests",
        swiftSettings: swiftSettings, linkerSettings: debugLinking)
}

/// The workspace tool's modules under its subcommands (`Tools/WorkspaceKit`), which its tests reach too.
let workspaceModules: [Target.Dependency] = [
    "WorkspaceBase", "WorkspaceInsights", "WorkspaceFocus", "WorkspaceScaffolding", "WorkspaceSpec", "WorkspaceRules",
    "WorkspaceGallery", "WorkspaceWatch", "WorkspaceData",
]

// MARK: - Package

let package = Package(
    name: "Cookbook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cookbook", targets: ["cookbook"]),
        // libURLSessionHTTP.so on Linux, next to the programs: `swift build` builds it;
        // `swift build --product URLSessionHTTP` builds only it.
        .library(name: "URLSessionHTTP", type: .dynamic, targets: ["URLSessionHTTP"]),
    ],
    targets: [
        // Core/: what features import (Core) and the stub environment of tests and sandboxes.
        .target(name: "Core", path: "Core/Core", swiftSettings: swiftSettings),
        .target(name: "CoreTesting", dependencies: ["Core"], path: "Core/CoreTesting", swiftSettings: swiftSettings),
        // Platform/: the runtime the app injects, which no feature sees.
        .target(
            name: "TerminalRunner",
            dependencies: ["Core", "DataFormats"],
            path: "Platform/TerminalRunner",
            swiftSettings: swiftSettings
        ),
        // The web API client (Platform/WebAPI) and its Core-free pieces: the JSON and cassette formats
        // (DataFormats, also read by the tooling) and URLSession (URLSessionHTTP, the only module
        // that imports FoundationNetworking). HTTPTestServer is the tests' loopback server.
        .target(name: "DataFormats", path: "Platform/DataFormats", swiftSettings: swiftSettings),
        .target(name: "URLSessionHTTP", path: "Platform/URLSessionHTTP", swiftSettings: swiftSettings),
        .target(
            name: "WebAPI",
            // On Linux, URLSessionHTTP (FoundationNetworking, libcurl) is the dynamic library below,
            // opened only when a web API is used (NetworkingLibrary); elsewhere it is linked.
            dependencies: ["Core", "DataFormats", .target(name: "URLSessionHTTP", condition: .when(platforms: applePlatforms))],
            path: "Platform/WebAPI",
            swiftSettings: swiftSettings
        ),
        // Sandboxes/SandboxSupport: what every sandbox shares.
        .target(
            name: "SandboxSupport",
            dependencies: ["Core", "CoreTesting", "TerminalRunner", "WebAPI"],
            path: "Sandboxes/SandboxSupport",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HTTPTestServer", dependencies: ["Core", "DataFormats", "WebAPI", "URLSessionHTTP"], path: "Tests/Support/HTTPTestServer",
            swiftSettings: swiftSettings),
        .systemLibrary(
            name: "CSQLite",
            path: "App/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "App",
            dependencies: ["Core", "TerminalRunner", "CSQLite", "DataFormats", "WebAPI"] + entriesParts.map { .target(name: $0.name) },
            path: "App/App",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "cookbook", dependencies: ["App"], path: "App/cookbook", swiftSettings: swiftSettings, linkerSettings: debugLinking),

        unitTests("Core"),
        unitTests("CoreTesting"),
        unitTests("TerminalRunner", dependencies: ["DataFormats"]),
        unitTests("SandboxSupport", dependencies: ["TerminalRunner", "DataFormats", "WebAPI"]),
        unitTests("App", dependencies: ["TerminalRunner", "DataFormats", "WebAPI", "HTTPTestServer", "URLSessionHTTP"]),
        unitTests("WebAPI", dependencies: ["DataFormats", "HTTPTestServer"]),
        libraryTests("DataFormats"),
        libraryTests("URLSessionHTTP", dependencies: ["HTTPTestServer"]),
        unitTests("HTTPTestServer", dependencies: ["WebAPI", "URLSessionHTTP"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["Core", "CoreTesting", "CSQLite", "HTTPTestServer"], path: "Tests/EndToEndTests",
            swiftSettings: swiftSettings, linkerSettings: debugLinking),

        // Workspace tooling: `Tools/workspace <command>`, or `swift run workspace <command>` (Tools/README.md).
        // WorkspaceBase (the command line, files and processes, the manifest and the module graph, the
        // focus), the engines over it, and WorkspaceKit: the subcommands. CSQLite for the build insights
        // (.build/insights); DataFormats for the recipes, the gallery's reports and the insights' JSON;
        // URLSessionHTTP for `cassette verify`.
        toolLibrary("WorkspaceBase"),
        toolLibrary("WorkspaceInsights", dependencies: ["WorkspaceBase", "CSQLite", "DataFormats"]),
        toolLibrary("WorkspaceFocus", dependencies: ["WorkspaceBase", "WorkspaceInsights"]),
        toolLibrary("WorkspaceScaffolding", dependencies: ["WorkspaceBase"]),
        toolLibrary("WorkspaceSpec", dependencies: ["WorkspaceBase", "WorkspaceFocus"]),
        toolLibrary("WorkspaceRules", dependencies: ["WorkspaceBase", "WorkspaceFocus", "WorkspaceSpec"]),
        toolLibrary("WorkspaceGallery", dependencies: ["WorkspaceBase", "WorkspaceFocus", "WorkspaceInsights", "DataFormats"]),
        toolLibrary("WorkspaceWatch", dependencies: ["WorkspaceBase", "WorkspaceInsights"]),
        toolLibrary("WorkspaceData", dependencies: ["DataFormats", "URLSessionHTTP"]),
        toolLibrary("WorkspaceKit", dependencies: workspaceModules + ["DataFormats", "URLSessionHTTP"]),
        tool("workspace", library: "WorkspaceKit", folder: "WorkspaceMain"),
        libraryTests("WorkspaceKit", dependencies: workspaceModules + ["DataFormats"]),
    ] + entriesParts + features.flatMap { [featureModule($0), sandbox($0), unitTests($0)] }
)

// MARK: - Focus

/// `Tools/workspace run`, `test`, `watch` and `gallery` build one closure of this package: the tool
/// names its targets in `COOKBOOK_FOCUS` (it reads the whole manifest first, without it), and the
/// package is then only those. SwiftPM plans and builds exactly that closure, in the same build
/// folder as `swift build` and `swift test`, so whatever either compiled is not compiled again.
if let focus = Context.environment["COOKBOOK_FOCUS"].map({ Set($0.split(separator: ",").map(String.init)) }) {
    package.targets = package.targets.filter { focus.contains($0.name) }
    package.products = package.products.filter { product in
        let targets = (product as? Product.Executable)?.targets ?? (product as? Product.Library)?.targets ?? []
        return targets.allSatisfy(focus.contains)
    }
}
