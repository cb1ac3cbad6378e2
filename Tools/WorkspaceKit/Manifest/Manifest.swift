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

    /// Modules that must have a test target: every library target.
    public var modules: [Target] {
        targets.filter { $0.kind == .regular }
    }
}

public struct Target: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case regular, executable, test, system, plugin, macro, binary
    }

    public var name: String
    public var kind: Kind
    /// The folder, relative to the package root.
    public var path: String
    /// Targets and products this one depends on, in manifest order.
    public var dependencies: [Dependency]
    /// The system library's pkg-config name (`sqlite3`).
    public var pkgConfig: String?
    public var swiftSettings: [SwiftSetting]
    /// Resources, relative to the target's folder: `Resources/recipes.json` with rule `copy`.
    public var resources: [Resource]
    /// `exclude:` and `sources:` of the target, relative to its folder (nil: every source).
    public var exclude: [String]
    public var sources: [String]?
    /// A system library's install hints: `apt` → `["libsqlite3-dev"]`.
    public var providers: [Provider]
    /// What the manifest declares for the target that this reading does not model (a C setting,
    /// a condition on a setting or a dependency), in words: a copy of the target made from this
    /// reading would differ from the original.
    public var unmodelled: [String]

    public struct Resource: Sendable, Equatable, Codable {
        /// `copy`, `process` or `embedInCode`.
        public var rule: String
        public var path: String

        public init(rule: String, path: String) {
            self.rule = rule
            self.path = path
        }
    }

    public struct Provider: Sendable, Equatable, Codable {
        /// `apt`, `brew` or `yum`.
        public var manager: String
        public var packages: [String]

        public init(manager: String, packages: [String]) {
            self.manager = manager
            self.packages = packages
        }
    }

    public init(
        name: String, kind: Kind, path: String? = nil, dependencies: [Dependency] = [], pkgConfig: String? = nil,
        swiftSettings: [SwiftSetting] = [], resources: [Resource] = [], exclude: [String] = [], sources: [String]? = nil,
        providers: [Provider] = [], unmodelled: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.path = path ?? (kind == .test ? "Tests/\(name)" : "Sources/\(name)")
        self.dependencies = dependencies
        self.pkgConfig = pkgConfig
        self.swiftSettings = swiftSettings
        self.resources = resources
        self.exclude = exclude
        self.sources = sources
        self.providers = providers
        self.unmodelled = unmodelled
    }

    /// The names of the targets of this package it depends on (products of other packages left out).
    public var targetDependencies: [String] {
        dependencies.filter { !$0.isProduct }.map(\.name)
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

extension Manifest {
    /// Reads the package with `swift package dump-package`.
    public static func load(packageRoot: String, swiftOptions: [String] = [], runner: any CommandRunning) throws -> Manifest {
        let result = try runner.capture("swift", ["package"] + swiftOptions + ["dump-package"], in: packageRoot)
        guard result.succeeded else {
            throw ManifestError("`swift package dump-package` failed (status \(result.status)):\n\(result.errorOutput)")
        }
        return try decode(json: result.output)
    }

    /// Reads the package as `load` does, keeping what it read in `cacheFile` beside the manifest's
    /// text: while Package.swift is the same byte for byte (with the same options and PATH), a
    /// later call skips `swift package dump-package` (half a second, more at a thousand features).
    /// The manifest reads no other file and no environment variable, so its text decides. The
    /// cache holds this reading, not SwiftPM's JSON: decoding it costs a tenth as much.
    public static func loadCached(packageRoot: String, swiftOptions: [String] = [], runner: any CommandRunning, cacheFile: String) throws
        -> Manifest
    {
        let source = try? String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let key = [source ?? "", swiftOptions.joined(separator: " "), ProcessInfo.processInfo.environment["PATH"] ?? ""]
            .joined(separator: "\u{0}")
        if source != nil, let data = FileManager.default.contents(atPath: cacheFile),
            let cached = try? JSONDecoder().decode(CachedReading.self, from: data), cached.key == key
        {
            return cached.manifest
        }
        let result = try runner.capture("swift", ["package"] + swiftOptions + ["dump-package"], in: packageRoot)
        guard result.succeeded else {
            throw ManifestError("`swift package dump-package` failed (status \(result.status)):\n\(result.errorOutput)")
        }
        let manifest = try decode(json: result.output)
        if source != nil, let data = try? JSONEncoder().encode(CachedReading(key: key, manifest: manifest)) {
            // A cache that cannot be written only costs the next run half a second.
            try? FileManager.default.createDirectory(
                atPath: (cacheFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? data.write(to: URL(fileURLWithPath: cacheFile), options: .atomic)
        }
        return manifest
    }

    /// What `loadCached` keeps: the manifest read, and the text and settings it was read from.
    struct CachedReading: Codable {
        var key: String
        var manifest: Manifest
    }

    /// Reads the JSON of `swift package dump-package`.
    public static func decode(json: String) throws -> Manifest {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        } catch {
            throw ManifestError("the package description is not JSON: \(error.localizedDescription)")
        }
        guard let root = object as? [String: Any] else { throw ManifestError("the package description is not a JSON object") }
        guard let name = root["name"] as? String else { throw ManifestError("the package description has no name") }
        guard let targetObjects = root["targets"] as? [[String: Any]] else { throw ManifestError("the package description has no targets") }
        let tools = (root["toolsVersion"] as? [String: Any])?["_version"] as? String ?? "6.0.0"
        let platforms = (root["platforms"] as? [[String: Any]] ?? []).compactMap { platform -> Platform? in
            guard let name = platform["platformName"] as? String, let version = platform["version"] as? String else { return nil }
            return Platform(name: name, version: version)
        }
        let targets = try targetObjects.map(decodeTarget)
        var manifest = Manifest(
            name: name,
            toolsVersion: shortVersion(tools),
            swiftLanguageVersions: (root["swiftLanguageVersions"] as? [String]) ?? [],
            platforms: platforms,
            targets: targets
        )
        manifest.dynamicLibraries = (root["products"] as? [[String: Any]] ?? []).compactMap { product in
            // `"type": {"library": ["dynamic"]}`.
            guard let name = product["name"] as? String, let type = product["type"] as? [String: Any],
                (type["library"] as? [String])?.first == "dynamic"
            else { return nil }
            return DynamicLibrary(name: name, targets: product["targets"] as? [String] ?? [])
        }
        return manifest
    }

    /// `6.0.0` → `6.0`.
    static func shortVersion(_ version: String) -> String {
        let parts = version.split(separator: ".")
        return parts.count >= 2 ? "\(parts[0]).\(parts[1])" : version
    }

    static func decodeTarget(_ object: [String: Any]) throws -> Target {
        guard let name = object["name"] as? String else { throw ManifestError("a target has no name") }
        guard let type = object["type"] as? String, let kind = Target.Kind(rawValue: type) else {
            throw ManifestError("target \(name) has an unknown type \(String(describing: object["type"]))")
        }
        var unmodelled: [String] = []
        let dependencies = (object["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> Dependency? in
            // `["Name", {"platformNames": ["macos"]}]`, or `["Name", null]` without a condition.
            func platforms(_ entry: [Any]) -> [String] {
                (entry.last as? [String: Any])?["platformNames"] as? [String] ?? []
            }
            for (kind, value) in dependency {
                // A condition on platforms only is modelled (`platforms`); any other is not.
                if let parts = value as? [Any], parts.count > 1, let condition = parts.last, !(condition is NSNull),
                    (condition as? [String: Any]).map({ Set($0.keys) == ["platformNames"] }) != true
                {
                    unmodelled.append("a condition on its \(kind) dependency \(parts.first.map { "\($0)" } ?? "")")
                }
            }
            if let byName = dependency["byName"] as? [Any], let name = byName.first as? String {
                return Dependency(name, platforms: platforms(byName))
            }
            if let target = dependency["target"] as? [Any], let name = target.first as? String {
                return Dependency(name, platforms: platforms(target))
            }
            if let product = dependency["product"] as? [Any], let name = product.first as? String {
                return Dependency(name, isProduct: true, platforms: platforms(product))
            }
            return nil
        }
        let settings = (object["settings"] as? [[String: Any]] ?? []).compactMap { setting -> SwiftSetting? in
            guard let kind = setting["kind"] as? [String: Any], let key = kind.keys.sorted().first else { return nil }
            guard setting["tool"] as? String == "swift" else {
                unmodelled.append("the \(setting["tool"] as? String ?? "unknown") setting \(key)")
                return nil
            }
            if let condition = setting["condition"], !(condition is NSNull) {
                unmodelled.append("a condition on its Swift setting \(key)")
            }
            return SwiftSetting(key, values(in: kind[key]))
        }
        let resources = (object["resources"] as? [[String: Any]] ?? []).compactMap { resource -> Target.Resource? in
            guard let path = resource["path"] as? String, let rule = (resource["rule"] as? [String: Any])?.keys.sorted().first else {
                return nil
            }
            if let details = (resource["rule"] as? [String: Any])?[rule] as? [String: Any], !details.isEmpty {
                unmodelled.append("options of its \(rule) resource \(path)")
            }
            return Target.Resource(rule: rule, path: path)
        }
        let providers = (object["providers"] as? [[String: Any]] ?? []).compactMap { provider -> Target.Provider? in
            guard let manager = provider.keys.sorted().first else { return nil }
            return Target.Provider(manager: manager, packages: values(in: provider[manager]))
        }
        if let headers = object["publicHeadersPath"] as? String { unmodelled.append("publicHeadersPath \(headers)") }
        return Target(
            name: name,
            kind: kind,
            path: object["path"] as? String,
            dependencies: dependencies,
            pkgConfig: object["pkgConfig"] as? String,
            swiftSettings: settings,
            resources: resources,
            exclude: object["exclude"] as? [String] ?? [],
            sources: object["sources"] as? [String],
            providers: providers,
            unmodelled: unmodelled
        )
    }

    /// `{"_0": "ExistentialAny"}` → `["ExistentialAny"]`; `{"_0": ["-a", "-b"]}` → both.
    private static func values(in object: Any?) -> [String] {
        if let text = object as? String { return [text] }
        if let list = object as? [Any] { return list.flatMap { values(in: $0) } }
        if let dictionary = object as? [String: Any] { return dictionary.keys.sorted().flatMap { values(in: dictionary[$0]) } }
        return []
    }
}
