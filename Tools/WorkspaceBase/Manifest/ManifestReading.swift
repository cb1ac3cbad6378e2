import Foundation

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
    /// cache holds this reading as lines (`ManifestCacheText`), not SwiftPM's JSON. `path` stands
    /// for this process's PATH in the key (a focus's `pathForBuilds`).
    public static func loadCached(
        packageRoot: String, swiftOptions: [String] = [], runner: any CommandRunning, cacheFile: String, path: String? = nil
    ) throws -> Manifest {
        let source = try? String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let key = [source ?? "", swiftOptions.joined(separator: " "), path ?? ProcessInfo.processInfo.environment["PATH"] ?? ""]
            .joined(separator: "\u{0}")
        let cache = source == nil ? nil : FileManager.default.contents(atPath: cacheFile)
        if let cache, let cached = ManifestCacheText.decode(cache, key: key) {
            return cached
        }
        let result = try runner.capture("swift", ["package"] + swiftOptions + ["dump-package"], in: packageRoot)
        guard result.succeeded else {
            throw ManifestError("`swift package dump-package` failed (status \(result.status)):\n\(result.errorOutput)")
        }
        let manifest = try decode(json: result.output, reusing: cache.flatMap { ManifestCacheText.decode($0, key: nil) })
        if source != nil, let data = ManifestCacheText.encode(manifest, key: key) {
            // A cache that cannot be written only costs the next run half a second.
            try? FileManager.default.createDirectory(
                atPath: (cacheFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? data.write(to: URL(fileURLWithPath: cacheFile), options: .atomic)
        }
        return manifest
    }

    /// Reads the JSON of `swift package dump-package`, taking from `previous` (the last reading)
    /// each target whose declaration is the same byte for byte, and reading only the others.
    ///
    /// Why: at a thousand features the whole JSON (2.9 MB) takes the tool about 0.3 s to read, and
    /// another feature's manifest change leaves all but one target's declaration as it was.
    static func decode(json: String, reusing previous: Manifest?) throws -> Manifest {
        let data = Data(json.utf8)
        let scanned = ManifestDeclarations.scan(json: data)
        guard let previous, let scanned, scanned.package == previous.packageDeclaration else {
            return try decode(data: data, scanned: scanned)
        }
        var known: [String: Target] = [:]
        for target in previous.targets {
            if let declaration = previous.targetDeclarations[target.name] { known[declaration] = target }
        }
        var manifest = previous
        manifest.targets = []
        manifest.targetDeclarations = [:]
        for object in scanned.targets {
            let target: Target
            if let same = known[object.hash] {
                target = same
            } else {
                guard let read = try JSONSerialization.jsonObject(with: data[object.range]) as? [String: Any] else {
                    return try decode(data: data, scanned: scanned)
                }
                target = try decodeTarget(read)
            }
            // Two targets of one name are SwiftPM's error: read the whole JSON, as it would be.
            guard manifest.targetDeclarations[target.name] == nil else { return try decode(data: data, scanned: scanned) }
            manifest.targets.append(target)
            manifest.targetDeclarations[target.name] = object.hash
        }
        return manifest
    }

    /// Reads the JSON of `swift package dump-package`.
    public static func decode(json: String) throws -> Manifest {
        try decode(data: Data(json.utf8), scanned: nil)
    }

    /// `decode(json:)` of its bytes, with `ManifestDeclarations.scan` of them if already made.
    private static func decode(data: Data, scanned: ManifestDeclarations.Scan?) throws -> Manifest {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
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
        if let scan = scanned ?? ManifestDeclarations.scan(json: data),
            let declarations = ManifestDeclarations.read(scan, targetNames: targets.map(\.name))
        {
            manifest.packageDeclaration = declarations.package
            manifest.targetDeclarations = declarations.targets
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
