// swift-tools-version: 6.0
// Cookbook: a multi-module feature workspace. This manifest is the single source of
// truth for modules; `project-spec.yml` mirrors it for XcodeGen users.
import PackageDescription

/// Every feature module. Adding a feature is one line here; each name gets a module
/// (`Features/<Name>`), a sandbox (`Sandboxes/<Name>Sandbox`) and tests (`Tests/<Name>Tests`).
let features: [String] = [
    "RecipeSearch",
    "RecipeDetails",
    "Feed",
    "ShoppingList",
    "Favorites",
]

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

// MARK: - Target templates (mirrored by `targetTemplates` in project-spec.yml)

/// A feature: depends on Core and nothing else, reaches other features through descriptors.
func featureModule(_ name: String) -> Target {
    .target(name: name, dependencies: ["Core"], path: "Features/\(name)", swiftSettings: swiftSettings)
}

/// A mini app running one feature alone, on the stub environment.
func sandbox(_ feature: String) -> Target {
    .executableTarget(
        name: "\(feature)Sandbox",
        dependencies: ["Core", "CoreTesting", "SandboxSupport", .target(name: feature)],
        path: "Sandboxes/\(feature)Sandbox",
        swiftSettings: swiftSettings
    )
}

/// The test target of one module: `swift test --filter <Module>Tests`.
func unitTests(_ module: String, dependencies: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: "\(module)Tests",
        dependencies: ([module] + ["Core", "CoreTesting"].filter { $0 != module }).map { .target(name: $0) } + dependencies,
        path: "Tests/\(module)Tests",
        swiftSettings: swiftSettings
    )
}

/// A library of the workspace tooling (`Tools/Workspace/<name>`): plain Swift, no app module.
func toolLibrary(_ name: String) -> Target {
    .target(name: name, path: "Tools/Workspace/\(name)", swiftSettings: swiftSettings)
}

/// A command-line tool over a tooling library: `swift run <name> …`.
func tool(_ name: String, library: String) -> Target {
    .executableTarget(name: name, dependencies: [.target(name: library)], path: "Tools/Workspace/\(name)", swiftSettings: swiftSettings)
}

/// The tests of a tooling library (no Core, no CoreTesting): `swift test --filter <Library>Tests`.
func toolTests(_ library: String) -> Target {
    .testTarget(
        name: "\(library)Tests", dependencies: [.target(name: library)], path: "Tests/\(library)Tests", swiftSettings: swiftSettings)
}

// MARK: - Package

let package = Package(
    name: "Cookbook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cookbook", targets: ["cookbook"])
    ],
    targets: [
        .target(name: "Core", path: "Core/Core", swiftSettings: swiftSettings),
        .target(name: "CoreTesting", dependencies: ["Core"], path: "Core/CoreTesting", swiftSettings: swiftSettings),
        .target(name: "TerminalRunner", dependencies: ["Core"], path: "Core/TerminalRunner", swiftSettings: swiftSettings),
        .target(
            name: "SandboxSupport",
            dependencies: ["Core", "CoreTesting", "TerminalRunner"],
            path: "Core/SandboxSupport",
            swiftSettings: swiftSettings
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "App/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "App",
            dependencies: ["Core", "TerminalRunner", "CSQLite"] + features.map { .target(name: $0) },
            path: "App/App",
            resources: [.copy("Resources/recipes.json")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "cookbook", dependencies: ["App"], path: "App/cookbook", swiftSettings: swiftSettings),

        unitTests("Core"),
        unitTests("CoreTesting"),
        unitTests("TerminalRunner"),
        unitTests("SandboxSupport", dependencies: ["TerminalRunner"]),
        unitTests("App", dependencies: ["TerminalRunner"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Core", "CSQLite"], path: "Tests/EndToEndTests", swiftSettings: swiftSettings),

        // Workspace tooling: `swift run workspace new-feature|check|spec|graph|affected` (Tools/Workspace).
        toolLibrary("WorkspaceKit"),
        tool("workspace", library: "WorkspaceKit"),
        toolTests("WorkspaceKit"),
    ] + features.flatMap { [featureModule($0), sandbox($0), unitTests($0)] }
)
