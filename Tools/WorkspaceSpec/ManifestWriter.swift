import Foundation
import WorkspaceBase

/// Writes a `Package.swift` declaring some targets of the workspace's manifest as it declares them,
/// each at a folder of the writer's choosing: how the workspace tool's own package
/// (`Tools/Package.swift`) is generated from the workspace's.
package enum ManifestWriter {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var message: String

        public init(_ message: String) {
            self.message = message
        }

        public var description: String { message }
    }

    /// A `Package.swift` declaring `targets` of `manifest` as it does, each at `path(target)`.
    static func manifestText(
        of manifest: Manifest, for targets: Set<String>, header: [String], path: (Target) -> String
    ) throws(Failure) -> String {
        let chosen = manifest.targets.filter { targets.contains($0.name) }
        var lines =
            ["// swift-tools-version: \(manifest.toolsVersion)"] + header + [
                "import PackageDescription",
                "",
                "let package = Package(",
                "    name: \(Self.literal(manifest.name)),",
            ]
        if !manifest.platforms.isEmpty {
            let platforms = try manifest.platforms.map { platform throws(Failure) in try Self.platform(platform) }
            lines.append("    platforms: [\(platforms.joined(separator: ", "))],")
        }
        // A dynamic library is opened at run time, not linked: only its product builds it.
        let libraries = manifest.dynamicLibraries.filter { !$0.targets.isEmpty && $0.targets.allSatisfy(targets.contains) }
        if !libraries.isEmpty {
            let products = libraries.map { ".library(name: \(Self.literal($0.name)), type: .dynamic, targets: \(Self.list($0.targets)))" }
            lines.append("    products: [\(products.joined(separator: ", "))],")
        }
        lines.append("    targets: [")
        for target in chosen {
            lines.append("        \(try declaration(of: target, among: targets, at: path(target))),")
        }
        lines.append("    ]\(manifest.swiftLanguageVersions.isEmpty ? "" : ",")")
        if !manifest.swiftLanguageVersions.isEmpty {
            let modes = manifest.swiftLanguageVersions.map { ".version(\(Self.literal($0)))" }
            // The argument's name changed with tools version 6.
            let label = (Double(manifest.toolsVersion) ?? 6) >= 6 ? "swiftLanguageModes" : "swiftLanguageVersions"
            lines.append("    \(label): [\(modes.joined(separator: ", "))]")
        }
        lines.append(")")
        return lines.joined(separator: "\n") + "\n"
    }

    static func declaration(of target: Target, among chosen: Set<String>, at path: String) throws(Failure) -> String {
        if let what = target.unmodelled.first {
            throw Failure(
                "target \(target.name) declares \(what), which a generated package cannot copy"
            )
        }
        if let product = target.dependencies.first(where: \.isProduct) {
            throw Failure(
                "target \(target.name) depends on the product \(product.name) of another package, which a generated package does not declare"
            )
        }
        if let missing = target.targetDependencies.first(where: { !chosen.contains($0) }) {
            throw Failure("target \(target.name) depends on \(missing), which is not among the package's targets")
        }
        var arguments = ["name: \(Self.literal(target.name))"]
        switch target.kind {
        case .system:
            arguments.append("path: \(Self.literal(path))")
            if let pkgConfig = target.pkgConfig { arguments.append("pkgConfig: \(Self.literal(pkgConfig))") }
            if !target.providers.isEmpty {
                let providers = target.providers.map { ".\($0.manager)(\(Self.list($0.packages)))" }
                arguments.append("providers: [\(providers.joined(separator: ", "))]")
            }
            return ".systemLibrary(\(arguments.joined(separator: ", ")))"
        case .regular, .executable, .test:
            break
        case .plugin, .macro, .binary:
            throw Failure("target \(target.name) is a \(target.kind.rawValue) target, which a generated package does not support")
        }
        if !target.dependencies.isEmpty {
            let dependencies = try target.dependencies.map { dependency throws(Failure) -> String in
                guard !dependency.platforms.isEmpty else { return ".target(name: \(Self.literal(dependency.name)))" }
                let platforms = try dependency.platforms.map { name throws(Failure) in try Self.platformCase(name) }
                return
                    ".target(name: \(Self.literal(dependency.name)), condition: .when(platforms: [\(platforms.joined(separator: ", "))]))"
            }
            arguments.append("dependencies: [\(dependencies.joined(separator: ", "))]")
        }
        arguments.append("path: \(Self.literal(path))")
        if !target.exclude.isEmpty { arguments.append("exclude: \(Self.list(target.exclude))") }
        if let sources = target.sources { arguments.append("sources: \(Self.list(sources))") }
        if !target.resources.isEmpty {
            let resources = try target.resources.map { resource throws(Failure) -> String in
                guard ["copy", "process", "embedInCode"].contains(resource.rule) else {
                    throw Failure("target \(target.name) has a resource rule \(resource.rule) that a generated package does not know")
                }
                return ".\(resource.rule)(\(Self.literal(resource.path)))"
            }
            arguments.append("resources: [\(resources.joined(separator: ", "))]")
        }
        if !target.swiftSettings.isEmpty {
            let settings = try target.swiftSettings.map { setting throws(Failure) in try Self.swiftSetting(setting, of: target.name) }
            arguments.append("swiftSettings: [\(settings.joined(separator: ", "))]")
        }
        let function = target.kind == .test ? "testTarget" : target.kind == .executable ? "executableTarget" : "target"
        return ".\(function)(\(arguments.joined(separator: ", ")))"
    }

    static func swiftSetting(_ setting: SwiftSetting, of target: String) throws(Failure) -> String {
        let values = setting.values
        switch setting.kind {
        case "enableUpcomingFeature", "enableExperimentalFeature", "define":
            if let value = values.first, values.count == 1 { return ".\(setting.kind)(\(literal(value)))" }
        case "unsafeFlags":
            return ".unsafeFlags(\(list(values)))"
        case "swiftLanguageMode", "swiftLanguageVersion":
            if let value = values.first, values.count == 1 { return ".swiftLanguageMode(.version(\(literal(value))))" }
        default:
            break
        }
        throw Failure(
            "target \(target) has the Swift setting \(setting.kind)(\(values.joined(separator: ", "))), which a generated package cannot copy"
        )
    }

    static func platform(_ platform: Manifest.Platform) throws(Failure) -> String {
        "\(try platformCase(platform.name))(\(literal(platform.version)))"
    }

    /// `macos` (as dump-package writes it) → `.macOS`.
    static func platformCase(_ name: String) throws(Failure) -> String {
        let names = [
            "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS", "maccatalyst": "macCatalyst",
            "driverkit": "driverKit", "linux": "linux", "windows": "windows", "android": "android", "wasi": "wasi", "openbsd": "openbsd",
        ]
        guard let known = names[name.lowercased()] else {
            throw Failure("the platform \(name) is not one a generated package knows")
        }
        return ".\(known)"
    }

    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func list(_ texts: [String]) -> String {
        "[" + texts.map(literal).joined(separator: ", ") + "]"
    }
}
