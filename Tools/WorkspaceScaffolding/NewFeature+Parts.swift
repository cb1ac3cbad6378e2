import WorkspaceBase

extension NewFeature {
    /// A new part of `Screens` holding the screen, and the edits that list a part: Core's allowed
    /// top-level declarations, `Resolver`'s slot and `PartBuilders`, `ScreenKind.allCases`.
    func planPart(
        _ part: ScreensParts.Part, holding templates: FeatureTemplates, index: SourceIndex, changes: inout [Change],
        edit: (String, String, (String) throws(SourceEdits.Failure) -> String) throws(Failure) -> Void
    ) throws(Failure) {
        do {
            changes.append(
                Change(
                    kind: .create, path: part.path,
                    summary: "\(templates.descriptorType) (link \(templates.forms.kebab)), in a new part of Screens",
                    text: try ScreensParts.adding(templates, to: ScreensParts.emptyText(part), part: part)))
        } catch {
            throw Failure("\(error) — nothing was written")
        }
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
        try edit(resolverFile, "\(part.slot): \(part.slotType) required of every Resolver, \(part.namespace).Builders in PartBuilders") {
            text throws(SourceEdits.Failure) in
            try ScreensParts.registering(part, inResolverFile: text, path: resolverFile)
        }
        let kindFile = try file(declaring: "enum", "ScreenKind")
        try edit(kindFile, "ScreenKind.allCases lists \(part.namespace).Kind") { text throws(SourceEdits.Failure) in
            try ScreensParts.registering(part, inScreenKindFile: text, path: kindFile)
        }
    }
}
