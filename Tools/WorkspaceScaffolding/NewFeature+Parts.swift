import WorkspaceBase

extension NewFeature {
    /// The edits that list a new part of `Screens` (which ScreenRegistry writes): Core's allowed
    /// top-level declarations and `Resolver`'s slot. `ScreenKind.allCases` and the app's resolver's
    /// conformance to the part's `Builders` are generated with every part.
    func planPart(
        _ part: ScreensParts.Part, index: SourceIndex,
        edit: (String, String, (String) throws(SourceEdits.Failure) -> String) throws(Failure) -> Void
    ) throws(Failure) {
        // The list names files relative to Core's folder: `# Descriptors/Screens+Part02.swift`.
        let coreFolder = (manifest.target(named: Conventions.core)?.path ?? "") + "/"
        let listed = part.path.hasPrefix(coreFolder) ? String(part.path.dropFirst(coreFolder.count)) : part.path
        try edit(Conventions.coreTopLevelAllowList, "\(part.namespace), its slot and extensions, the new part's declarations") { text in
            text + (text.hasSuffix("\n") || text.isEmpty ? "" : "\n") + "\n# \(listed)\n"
                + ScreensParts.topLevelDeclarations(part).joined(separator: "\n") + "\n"
        }
        let coreFiles = index.swiftFiles(ofTargetNamed: Conventions.core)
        func file(declaring kind: String, _ name: String) throws(Failure) -> String {
            guard let path = coreFiles.first(where: { index.typeDeclarations($0).contains { $0.kind == kind && $0.name == name } }) else {
                throw Failure("found no `\(kind) \(name)` in \(Conventions.core) to list \(part.namespace) in — nothing was written")
            }
            return path
        }
        let resolverFile = try file(declaring: "protocol", "Resolver")
        try edit(resolverFile, "\(part.slot): \(part.slotType) required of every Resolver") {
            text throws(SourceEdits.Failure) in
            try ScreensParts.registering(part, inResolverFile: text, path: resolverFile)
        }
    }
}

extension NewFeature {
    /// What the screens' registries need to match Package.swift's `features` (ScreenRegistry): each
    /// generated file that differs, and, for a part that does not exist yet, the edits listing it.
    /// Empty when they are current, or when the workspace has no `enum Screens` to generate them
    /// for. `workspace spec` writes these; `spec --check` reports them.
    public func registryChanges() throws(Failure) -> [Change] {
        let index = SourceIndex(manifest: manifest, files: files)
        guard index.screensNamespaceFile != nil else { return [] }
        let registry: ScreenRegistry
        do {
            registry = try ScreenRegistry.of(manifestText: (try? files.read("Package.swift")) ?? "", index: index)
        } catch {
            throw Failure(error.description)
        }
        var changes: [Change] = []
        var edited: [String: String] = [:]
        var order: [String] = []
        func edit(_ path: String, _ summary: String, _ change: (String) throws(SourceEdits.Failure) -> String) throws(Failure) {
            do {
                let current = try edited[path] ?? files.read(path)
                if edited[path] == nil { order.append(path) }
                edited[path] = try change(current)
            } catch {
                throw Failure("\(error)")
            }
        }
        for (path, text) in registry.files {
            let current = try? files.read(path)
            guard current != text else { continue }
            let ownScreens = [registry.screenKindPath, registry.ownBuildersPath].contains(path)
            let source = ownScreens ? "Screens.swift's structs" : "Package.swift's features"
            changes.append(Change(kind: current == nil ? .create : .change, path: path, summary: "from \(source)", text: text))
            if current == nil, let part = registry.part(atPath: path) {
                try planPart(part, index: index, edit: edit)
            }
        }
        return changes
            + order.compactMap { path in edited[path].map { Change(kind: .change, path: path, summary: "lists a new part", text: $0) } }
    }
}
