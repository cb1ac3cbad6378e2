import WorkspaceBase

/// The modules of the manifest as the docs show them: by layer (the top folder of each module's
/// path), tests left out, every feature folded into one `Feature`, every feature's sandbox into
/// one `FeatureSandbox` and the twenty modules of entries into one `EntriesPart`. Folding keeps the docs the same however many features there are, so
/// `new-feature` never has to touch them. The workspace tool's libraries (`Tools/<Name>`) fold into one
/// `ToolLibrary`: how the tool is cut into modules is the tool's own (Tools/README.md), not the app's
/// architecture.
public struct ModuleLayers: Sendable {
    /// One module of the docs, or the fold of every feature (or of their sandboxes).
    public struct Module: Sendable, Equatable {
        /// The top folder: `Core`, `Platform`, `Sandboxes`…
        public var layer: String
        /// The target's name, or `Feature` / `FeatureSandbox` / `EntriesPart` / `ToolLibrary` for a fold.
        public var name: String
        /// `Platform/WebAPI`, or `Features/<Name>` for a fold.
        public var folder: String
        public var kind: Target.Kind
        public var dependencies: [Edge]
        /// The system library's pkg-config name.
        public var pkgConfig: String?
        public var isFold: Bool
    }

    /// A dependency, to a module or fold; `platforms` empty when it applies everywhere.
    public struct Edge: Sendable, Equatable {
        public var to: String
        public var platforms: [String]
    }

    public static let feature = "Feature"
    public static let featureSandbox = "FeatureSandbox"
    public static let entriesPart = "EntriesPart"
    public static let toolLibrary = "ToolLibrary"

    public let manifest: Manifest

    public init(manifest: Manifest) {
        self.manifest = manifest
    }

    /// `Platform/WebAPI` → `Platform`.
    public static func layer(of path: String) -> String {
        String(path.split(separator: "/").first ?? Substring(path))
    }

    /// The modules in layer order (`Conventions.layers`, then any other layer as the manifest
    /// first names it), each layer's in manifest order, a fold where its first member is.
    public var modules: [Module] {
        let features = Set(manifest.features.map(\.name))
        let sandboxes = Set(manifest.sandboxes.map(\.name))
        let entries = Set(manifest.entries.map(\.name))
        let toolLibraries = Set(
            manifest.targets.filter { $0.kind == .regular && $0.path.hasPrefix(Conventions.toolPackageFolder + "/") }.map(\.name))
        func fold(_ name: String) -> String {
            if features.contains(name) { return Self.feature }
            if sandboxes.contains(name) { return Self.featureSandbox }
            if entries.contains(name) { return Self.entriesPart }
            return toolLibraries.contains(name) ? Self.toolLibrary : name
        }
        var modules: [Module] = []
        for target in manifest.targets where target.kind != .test {
            let name = fold(target.name)
            var edges: [Edge] = []
            for dependency in target.dependencies where !dependency.isProduct {
                let edge = Edge(to: fold(dependency.name), platforms: dependency.platforms)
                if edge.to != name, !edges.contains(edge) { edges.append(edge) }
            }
            if let index = modules.firstIndex(where: { $0.name == name }) {
                for edge in edges where !modules[index].dependencies.contains(edge) { modules[index].dependencies.append(edge) }
                continue
            }
            let folder: String
            switch name {
            case Self.feature: folder = "Features/<Name>"
            case Self.featureSandbox: folder = "Sandboxes/<Name>Sandbox"
            case Self.entriesPart: folder = "\(Conventions.entriesFolder)/EntriesPart<NN>"
            case Self.toolLibrary: folder = "\(Conventions.toolPackageFolder)/<Name>"
            default: folder = target.path
            }
            modules.append(
                Module(
                    layer: Self.layer(of: target.path), name: name, folder: folder, kind: target.kind, dependencies: edges,
                    pkgConfig: target.pkgConfig, isFold: name != target.name))
        }
        let appearance = modules.map(\.layer).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let order = Conventions.layers.filter(appearance.contains) + appearance.filter { !Conventions.layers.contains($0) }
        return order.flatMap { layer in modules.filter { $0.layer == layer } }
    }

    /// The platforms of a conditional dependency in words: `Apple platforms` for every Apple one.
    public static func platformsInWords(_ platforms: [String]) -> String {
        let apple: Set = ["macos", "maccatalyst", "ios", "tvos", "watchos", "visionos"]
        if Set(platforms) == apple { return "Apple platforms" }
        let names = [
            "macos": "macOS", "maccatalyst": "Mac Catalyst", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS",
            "visionos": "visionOS", "linux": "Linux", "windows": "Windows", "android": "Android", "wasi": "WASI",
        ]
        return platforms.map { names[$0] ?? $0 }.joined(separator: ", ")
    }
}
