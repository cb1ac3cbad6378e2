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
        .target(name: "WorkspaceKit", dependencies: [.target(name: "DataFormats"), .target(name: "URLSessionHTTP"), .target(name: "CSQLite")], path: "WorkspaceKit", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .executableTarget(name: "workspace", dependencies: [.target(name: "WorkspaceKit")], path: "WorkspaceMain", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
    ]
)
