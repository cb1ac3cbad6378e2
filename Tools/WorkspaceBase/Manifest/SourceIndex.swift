/// The Swift sources of the package's targets, read once and shared by the commands.
public final class SourceIndex {
    public private(set) var manifest: Manifest
    public let files: any FileSystem
    private var cache: [String: SwiftSource] = [:]
    /// What is read from each source, kept while the file is unchanged: new-feature plans many
    /// features against the same files.
    private var declarationCache: [String: [SwiftSource.TypeDeclaration]] = [:]
    private var conformerCache: [String: [ResolverConformer]] = [:]
    private var descriptorCache: [String: [ScreenDescriptorInfo]] = [:]
    /// The Swift files under each target's folder: every rule of `check` lists them.
    private var listingCache: [String: [String]] = [:]

    public init(manifest: Manifest, files: any FileSystem) {
        self.manifest = manifest
        self.files = files
    }

    /// After `files` changed `paths` (and perhaps the manifest): those are read again, the rest
    /// is kept.
    public func update(manifest: Manifest, changed paths: some Sequence<String>) {
        self.manifest = manifest
        for path in paths {
            // A changed path may be a new file or a removed one: the folders holding it are listed again.
            for folder in Self.folders(holding: path) { listingCache[folder] = nil }
            cache[path] = nil
            declarationCache[path] = nil
            conformerCache[path] = nil
            descriptorCache[path] = nil
        }
    }

    /// The types and extensions a file declares, outermost first.
    public func typeDeclarations(_ path: String) -> [SwiftSource.TypeDeclaration] {
        if let cached = declarationCache[path] { return cached }
        let declarations = source(path)?.typeDeclarations ?? []
        declarationCache[path] = declarations
        return declarations
    }

    /// The source of one file, or nil if it cannot be read.
    public func source(_ path: String) -> SwiftSource? {
        if let cached = cache[path] { return cached }
        guard let text = try? files.read(path) else { return nil }
        let source = SwiftSource(text)
        cache[path] = source
        return source
    }

    /// The Swift files of a target, by path.
    public func swiftFiles(of target: Target) -> [String] {
        guard target.kind != .system else { return [] }
        if let cached = listingCache[target.path] { return cached }
        let found = files.swiftFiles(under: target.path)
        listingCache[target.path] = found
        return found
    }

    /// The folders a package-relative path is in (and the path itself, should it be a folder), as a
    /// target's path may name them: `Features/Feed/A.swift` → ``, `.`, `Features`, `Features/`,
    /// `Features/Feed`, `Features/Feed/`, ….
    static func folders(holding path: String) -> [String] {
        let parts = path.split(separator: "/")
        return ["", "."]
            + parts.indices.flatMap { end in
                let folder = parts[...end].joined(separator: "/")
                return [folder, folder + "/"]
            }
    }

    /// The Swift files of the target named `name`.
    public func swiftFiles(ofTargetNamed name: String) -> [String] {
        manifest.target(named: name).map(swiftFiles(of:)) ?? []
    }

    /// Every Swift file of every target, without repeats.
    public var allSwiftFiles: [String] {
        var seen = Set<String>()
        return manifest.targets.flatMap(swiftFiles(of:)).filter { seen.insert($0).inserted }
    }

    // MARK: Descriptors

    /// A screen descriptor declared in Core.
    public struct ScreenDescriptorInfo: Sendable, Equatable {
        /// The type's own name: `Pantry`.
        public var name: String
        /// The name other modules write: `Screens.Feed` in the body of `enum Screens`, `Screens.Pantry`
        /// for `ScreensPart01.Pantry` in a part of it (named in `Screens` by a typealias).
        public var qualifiedName: String
        public var path: String
        public var line: Int
        public var linkPath: String?
        /// Whether it has `init()`: no values, like `Screens.Favorites()`.
        public var hasEmptyInit: Bool

        /// The feature it is named after: `Pantry` for `Screens.Pantry`.
        public var featureName: String {
            name.hasSuffix("Descriptor") ? String(name.dropLast("Descriptor".count)) : name
        }
    }

    /// Every `struct X: ScreenDescriptor` in the Core target, at the top level or nested
    /// (`Screens.X`), and every screen of a part, by its tag (`enum XTag: ScreenTag`, whose
    /// descriptor is plain), in file order.
    public var screenDescriptors: [ScreenDescriptorInfo] {
        swiftFiles(ofTargetNamed: Conventions.core).flatMap(screenDescriptors(in:))
    }

    private func screenDescriptors(in path: String) -> [ScreenDescriptorInfo] {
        if let cached = descriptorCache[path] { return cached }
        guard let source = source(path) else { return [] }
        var result: [ScreenDescriptorInfo] = []
        let declarations = typeDeclarations(path)
        for declaration in declarations {
            let isStruct =
                declaration.kind == "struct"
                && (declaration.inherits("ScreenDescriptor") || declaration.inherits("PlainScreenDescriptor"))
            let isTag =
                declaration.kind == "enum" && declaration.inherits(Conventions.screenTagProtocol)
                && declaration.name.hasSuffix(Conventions.screenTagSuffix)
            guard isStruct || isTag else { continue }
            let body = SwiftSource.slice(source.text, declaration.open..<(declaration.close + 1))
            let bodyCode = SwiftSource.slice(source.code, declaration.open..<(declaration.close + 1))
            // A tag names its screen without its suffix: `PantryTag` is `Pantry`.
            let screen = { (name: String) in isTag ? String(name.dropLast(Conventions.screenTagSuffix.count)) : name }
            result.append(
                ScreenDescriptorInfo(
                    name: screen(declaration.name),
                    qualifiedName: Conventions.publicScreenName(of: screen(Self.typeName(declaration.qualifiedName(among: declarations)))),
                    path: path,
                    line: declaration.line,
                    linkPath: Self.linkPath(in: body),
                    hasEmptyInit: isTag || bodyCode.contains("init() {}") || bodyCode.contains("init() { }")
                ))
        }
        descriptorCache[path] = result
        return result
    }

    /// The file of Core declaring `enum Screens` at its top level, where new screen descriptors go.
    public var screensNamespaceFile: String? {
        swiftFiles(ofTargetNamed: Conventions.core).first { path in
            let declarations = typeDeclarations(path)
            return declarations.contains { candidate in
                candidate.kind == "enum" && candidate.name == Conventions.screensNamespace
                    && !declarations.contains { $0.open < candidate.open && candidate.close < $0.close }
            }
        }
    }

    /// A type of Core as other modules name it: `Core.Screens.Pantry` → `Screens.Pantry`.
    static func typeName(_ written: String) -> String {
        written.hasPrefix("\(Conventions.core).") ? String(written.dropFirst(Conventions.core.count + 1)) : written
    }

    /// `static let linkPath = "recipes/{recipeID}"` → `recipes/{recipeID}`.
    static func linkPath(in body: String) -> String? {
        guard let range = body.range(of: "linkPath") else { return nil }
        let rest = body[range.upperBound...]
        guard let open = rest.firstIndex(of: "\"") else { return nil }
        let afterOpen = rest[rest.index(after: open)...]
        guard let close = afterOpen.firstIndex(of: "\"") else { return nil }
        return String(afterOpen[..<close])
    }

    /// Public type names declared in the modules named.
    public func publicTypes(in modules: [String]) -> Set<String> {
        var names = Set<String>()
        for module in modules {
            for path in swiftFiles(ofTargetNamed: module) {
                guard let source = source(path) else { continue }
                let lines = source.codeLines
                let declarations = typeDeclarations(path)
                // Top-level types only: a nested `Format` does not clash with a module `Format`.
                let topLevel = declarations.filter { inner in
                    !declarations.contains { $0.open < inner.open && inner.close < $0.close }
                }
                for declaration in topLevel where declaration.kind != "extension" {
                    let line = lines[declaration.line - 1].text
                    if line.contains("public ") || line.contains("open ") { names.insert(declaration.name) }
                }
            }
        }
        return names
    }

    /// Every type conforming to `Resolver`, in any target.
    public var resolverConformers: [ResolverConformer] {
        allSwiftFiles.flatMap { path -> [ResolverConformer] in
            if let cached = conformerCache[path] { return cached }
            let found =
                source(path)?.code.containsText("Resolver") == true
                ? typeDeclarations(path).filter { $0.kind != "protocol" && $0.inherits("Resolver") }.map {
                    ResolverConformer(path: path, typeName: $0.name, line: $0.line)
                } : []
            conformerCache[path] = found
            return found
        }
    }
}

/// A type declared to conform to `Resolver`, and where.
public struct ResolverConformer: Sendable, Equatable {
    public var path: String
    public var typeName: String
    public var line: Int

    public init(path: String, typeName: String, line: Int) {
        self.path = path
        self.typeName = typeName
        self.line = line
    }
}
