// swift-tools-version: 6.0
// swift-format-ignore-file
// Generated from Package.swift by `Tools/workspace spec`; do not edit it by hand (`workspace check` fails
// when it is stale). The workspace tool's own package: Tools/workspace builds it, so starting the tool
// never plans the workspace's targets. Targets outside Tools/ are reached through links in Tools/Links.
import PackageDescription

let package = Package(
    name: "Cookbook",
    platforms: [.macOS("15.0")],
    products: [.library(name: "URLSessionHTTP", type: .dynamic, targets: ["URLSessionHTTP"])],
    targets: [
        .target(name: "DataFormats", path: "Links/DataFormats", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "URLSessionHTTP", path: "Links/URLSessionHTTP", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .systemLibrary(name: "CSQLite", path: "Links/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "WorkspaceBase", path: "WorkspaceBase", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceInsights", dependencies: [.target(name: "WorkspaceBase"), .target(name: "CSQLite"), .target(name: "DataFormats")], path: "WorkspaceInsights", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceFocus", dependencies: [.target(name: "WorkspaceBase"), .target(name: "WorkspaceInsights")], path: "WorkspaceFocus", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceScaffolding", dependencies: [.target(name: "WorkspaceBase")], path: "WorkspaceScaffolding", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceSpec", dependencies: [.target(name: "WorkspaceBase"), .target(name: "WorkspaceFocus")], path: "WorkspaceSpec", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceRules", dependencies: [.target(name: "WorkspaceBase"), .target(name: "WorkspaceFocus"), .target(name: "WorkspaceSpec")], path: "WorkspaceRules", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceGallery", dependencies: [.target(name: "WorkspaceBase"), .target(name: "WorkspaceFocus"), .target(name: "WorkspaceInsights"), .target(name: "DataFormats")], path: "WorkspaceGallery", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceWatch", dependencies: [.target(name: "WorkspaceBase"), .target(name: "WorkspaceInsights")], path: "WorkspaceWatch", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceData", dependencies: [.target(name: "DataFormats"), .target(name: "URLSessionHTTP")], path: "WorkspaceData", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "WorkspaceKit", dependencies: [.target(name: "WorkspaceBase"), .target(name: "WorkspaceInsights"), .target(name: "WorkspaceFocus"), .target(name: "WorkspaceScaffolding"), .target(name: "WorkspaceSpec"), .target(name: "WorkspaceRules"), .target(name: "WorkspaceGallery"), .target(name: "WorkspaceWatch"), .target(name: "WorkspaceData"), .target(name: "DataFormats"), .target(name: "URLSessionHTTP")], path: "WorkspaceKit", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .executableTarget(name: "workspace", dependencies: [.target(name: "WorkspaceKit")], path: "WorkspaceMain", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
    ]
)
