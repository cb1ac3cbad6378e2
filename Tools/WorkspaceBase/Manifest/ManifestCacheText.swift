import Foundation

/// The manifest's cache (`Manifest.loadCached`) as lines of text, read as bytes.
///
/// Why not JSON: every build through the focus reads the cache first, and at a thousand features
/// (3,000 targets) `JSONDecoder` took 70–75 ms of processor for it, most of a run's own work, however
/// compact the JSON. These lines read in a few milliseconds.
///
/// ```
/// cookbook-manifest-cache 2 <stable hash of what it was read from>
/// M <name> US <tools version> US <Swift language versions…>
/// P <platform> US <version>
/// G <the package's declaration, hashed (`Manifest.packageDeclaration`)>
/// T <target> US <kind> US <folder>
/// H <its declaration, hashed (`Manifest.targetDeclarations`)>
/// D <dependency> US <1 for a product, else 0> US <platforms…>      of the target above, and so on
/// K <pkg-config name>
/// S <setting> US <values…>
/// R <rule> US <resource>
/// E <excluded path>                                                one a line
/// C                                                               `sources:` given (then `C <source>` lines)
/// X <manager> US <packages…>
/// U <what the reading does not model>
/// Y <dynamic library> US <targets…>
/// ```
///
/// US is the unit separator (0x1F). A manifest with a line break or a US in any of its words is
/// not written (`encode` is nil): the next run reads Package.swift again instead.
enum ManifestCacheText {
    static let header = "cookbook-manifest-cache 2"
    private static let separator = UInt8(0x1F)
    private static let newline = UInt8(ascii: "\n")

    /// The lines of `manifest`, read from what `key` names; nil when a word would break a line.
    static func encode(_ manifest: Manifest, key: String) -> Data? {
        var lines = [header + " " + stableHash(key)]
        var breaksALine = false
        func add(_ tag: Character, _ words: [String]) {
            breaksALine = breaksALine || words.contains { $0.utf8.contains(separator) || $0.utf8.contains(newline) }
            lines.append(String(tag) + " " + words.joined(separator: "\u{1F}"))
        }
        add("M", [manifest.name, manifest.toolsVersion] + manifest.swiftLanguageVersions)
        for platform in manifest.platforms { add("P", [platform.name, platform.version]) }
        if let declaration = manifest.packageDeclaration { add("G", [declaration]) }
        for target in manifest.targets {
            add("T", [target.name, target.kind.rawValue, target.path])
            if let declaration = manifest.targetDeclarations[target.name] { add("H", [declaration]) }
            for dependency in target.dependencies {
                add("D", [dependency.name, dependency.isProduct ? "1" : "0"] + dependency.platforms)
            }
            if let pkgConfig = target.pkgConfig { add("K", [pkgConfig]) }
            for setting in target.swiftSettings { add("S", [setting.kind] + setting.values) }
            for resource in target.resources { add("R", [resource.rule, resource.path]) }
            for path in target.exclude { add("E", [path]) }
            if let sources = target.sources {
                lines.append("C")
                for path in sources { add("C", [path]) }
            }
            for provider in target.providers { add("X", [provider.manager] + provider.packages) }
            for text in target.unmodelled { add("U", [text]) }
        }
        for library in manifest.dynamicLibraries { add("Y", [library.name] + library.targets) }
        guard !breaksALine else { return nil }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The manifest in `data` if it was read from what `key` names (nil: from whatever it was read
    /// from); nil for another key, another layout or a damaged file.
    static func decode(_ data: Data, key: String?) -> Manifest? {
        data.withUnsafeBytes { raw -> Manifest? in
            let lines = raw.bindMemory(to: UInt8.self).split(separator: newline)
            guard let first = lines.first.map(string), first.hasPrefix(header + " "),
                key.map({ first == header + " " + stableHash($0) }) ?? true
            else { return nil }
            var manifest: Manifest?
            var targets: [Target] = []
            var target: Target.Fields?
            var libraries: [Manifest.DynamicLibrary] = []
            var declarations: [String: String] = [:]
            func finishTarget() {
                guard let fields = target else { return }
                targets.append(
                    Target(
                        name: fields.name, kind: fields.kind, path: fields.path, dependencies: fields.dependencies,
                        pkgConfig: fields.pkgConfig, swiftSettings: fields.swiftSettings, resources: fields.resources,
                        exclude: fields.exclude, sources: fields.sources, providers: fields.providers, unmodelled: fields.unmodelled))
                target = nil
            }
            for line in lines.dropFirst() {
                guard let byte = line.first else { return nil }
                let tag = Character(Unicode.Scalar(byte))
                let words = line.count > 2 ? words(line.dropFirst(2)) : []
                switch tag {
                case "M":
                    guard words.count >= 2 else { return nil }
                    manifest = Manifest(
                        name: words[0], toolsVersion: words[1], swiftLanguageVersions: Array(words.dropFirst(2)), targets: [])
                case "P":
                    guard words.count == 2 else { return nil }
                    manifest?.platforms.append(.init(name: words[0], version: words[1]))
                case "T":
                    guard words.count == 3, let kind = Target.Kind(rawValue: words[1]) else { return nil }
                    finishTarget()
                    target = Target.Fields(
                        name: words[0], kind: kind, path: words[2], dependencies: [], pkgConfig: nil, swiftSettings: [],
                        resources: [], exclude: [], sources: nil, providers: [], unmodelled: [])
                case "G":
                    guard words.count == 1 else { return nil }
                    manifest?.packageDeclaration = words[0]
                case "H":
                    guard let name = target?.name, words.count == 1 else { return nil }
                    declarations[name] = words[0]
                case "Y":
                    guard let name = words.first else { return nil }
                    libraries.append(.init(name: name, targets: Array(words.dropFirst())))
                default:
                    // Every other line belongs to the target above it.
                    guard target != nil, readTargetLine(tag, words, isAlone: line.count == 1, into: &target) else { return nil }
                }
            }
            finishTarget()
            manifest?.targets = targets
            manifest?.dynamicLibraries = libraries
            manifest?.targetDeclarations = declarations
            return manifest
        }
    }

    /// One line about the target being read; false for a line that is not one.
    private static func readTargetLine(_ tag: Character, _ words: [String], isAlone: Bool, into target: inout Target.Fields?) -> Bool {
        switch tag {
        case "D":
            guard words.count >= 2 else { return false }
            target?.dependencies.append(Dependency(words[0], isProduct: words[1] == "1", platforms: Array(words.dropFirst(2))))
        case "K":
            target?.pkgConfig = words.first ?? ""
        case "S":
            guard let kind = words.first else { return false }
            target?.swiftSettings.append(SwiftSetting(kind, Array(words.dropFirst())))
        case "R":
            guard words.count == 2 else { return false }
            target?.resources.append(.init(rule: words[0], path: words[1]))
        case "E":
            target?.exclude.append(words.first ?? "")
        case "C":
            // `C` alone: sources are given; `C <path>`: one of them.
            if isAlone { target?.sources = [] } else { target?.sources?.append(words.first ?? "") }
        case "X":
            guard let manager = words.first else { return false }
            target?.providers.append(.init(manager: manager, packages: Array(words.dropFirst())))
        case "U":
            target?.unmodelled.append(words.first ?? "")
        default:
            return false
        }
        return true
    }

    private static func words(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [String] {
        bytes.split(separator: separator, omittingEmptySubsequences: false).map(string)
    }

    private static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }
}
