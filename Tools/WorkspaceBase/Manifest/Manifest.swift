import Foundation

/// The package as `swift package dump-package` describes it: the one source of truth for
/// targets, their folders and their dependencies.
public struct Manifest: Sendable, Equatable, Codable {
    public var name: String
    /// `6.0`.
    public var toolsVersion: String
    /// `swiftLanguageVersions`, when the manifest sets them.
    public var swiftLanguageVersions: [String]
    /// `("macos", "15.0")`.
    public var platforms: [Platform]
    /// In manifest order.
    public var targets: [Target]
    /// The dynamic-library products (`libURLSessionHTTP.so`): what programs open at run time
    /// rather than link, so only a product builds it.
    public var dynamicLibraries: [DynamicLibrary] = []
    /// Each target's declaration as SwiftPM read it, hashed (`stableHash` of its `dump-package`
    /// JSON, keys sorted), by target name; empty for a manifest not read from SwiftPM. With
    /// `packageDeclaration`, what a plan of some targets depends on in Package.swift: a change to
    /// another target leaves it as it was.
    public var targetDeclarations: [String: String] = [:]
    /// Everything else the package declares (its name, platforms, products…), hashed the same way.
    public var packageDeclaration: String?

    public struct DynamicLibrary: Sendable, Equatable, Codable {
        public var name: String
        public var targets: [String]

        public init(name: String, targets: [String]) {
            self.name = name
            self.targets = targets
        }
    }

    public struct Platform: Sendable, Equatable, Codable {
        public var name: String
        public var version: String

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    public init(name: String, toolsVersion: String, swiftLanguageVersions: [String] = [], platforms: [Platform] = [], targets: [Target]) {
        self.name = name
        self.toolsVersion = toolsVersion
        self.swiftLanguageVersions = swiftLanguageVersions
        self.platforms = platforms
        self.targets = targets
    }

    /// The declarations of `targets` and of the package, hashed together; nil when one of them is
    /// not known.
    public func declarations(of targets: Set<String>) -> String? {
        guard let packageDeclaration else { return nil }
        var hasher = StableHasher()
        hasher.combine(packageDeclaration + "\n")
        for name in targets.sorted() {
            guard let declaration = targetDeclarations[name] else { return nil }
            hasher.combine(name + " " + declaration + "\n")
        }
        return hasher.value
    }

    public func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    public var targetNames: [String] { targets.map(\.name) }

    /// Feature modules: library targets under `Features/`.
    public var features: [Target] {
        targets.filter { $0.kind == .regular && $0.path.hasPrefix("Features/") }
    }

    /// Sandboxes: executables under `Sandboxes/`.
    public var sandboxes: [Target] {
        targets.filter { $0.kind == .executable && $0.path.hasPrefix("Sandboxes/") }
    }

    /// The app's entries to the features: libraries under `App/Entries/`.
    public var entries: [Target] {
        targets.filter { $0.kind == .regular && $0.path.hasPrefix(Conventions.entriesFolder + "/") }
    }

    /// Modules that must have a test target: every library target but the entries, whose calls the
    /// compiler checks and whose screens AppTests builds through the app's resolver.
    public var modules: [Target] {
        targets.filter { $0.kind == .regular && !$0.path.hasPrefix(Conventions.entriesFolder + "/") }
    }
}

public struct Dependency: Sendable, Equatable, Codable {
    public var name: String
    /// A product of another package (`.product(name:package:)`).
    public var isProduct: Bool
    /// The platforms the dependency is limited to (`condition: .when(platforms: [.macOS])` is
    /// `["macos"]`); empty when it applies everywhere.
    public var platforms: [String]

    public init(_ name: String, isProduct: Bool = false, platforms: [String] = []) {
        self.name = name
        self.isProduct = isProduct
        self.platforms = platforms
    }

    /// Whether the dependency applies when building for `platform` (`"linux"`).
    public func applies(on platform: String) -> Bool {
        platforms.isEmpty || platforms.contains(platform)
    }
}

/// A Swift setting from the manifest (`enableUpcomingFeature("ExistentialAny")`).
public struct SwiftSetting: Sendable, Equatable, Codable {
    /// `enableUpcomingFeature`, `enableExperimentalFeature`, `define`, `swiftLanguageMode`, `unsafeFlags`…
    public var kind: String
    public var values: [String]

    public init(_ kind: String, _ values: [String]) {
        self.kind = kind
        self.values = values
    }
}

public struct ManifestError: Error, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
