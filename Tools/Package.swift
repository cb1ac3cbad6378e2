// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "WorkspaceTool",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "DataFormats", path: "Links/DataFormats", swiftSettings: swiftSettings),
        .target(name: "URLSessionHTTP", path: "Links/URLSessionHTTP", swiftSettings: swiftSettings),
        .target(name: "WorkspaceKit", dependencies: ["DataFormats", "URLSessionHTTP"], path: "WorkspaceKit", swiftSettings: swiftSettings),
        .executableTarget(name: "workspace", dependencies: ["WorkspaceKit"], path: "WorkspaceMain", swiftSettings: swiftSettings),
    ]
)
