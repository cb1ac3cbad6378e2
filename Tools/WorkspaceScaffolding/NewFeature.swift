import Foundation
import WorkspaceBase

/// `workspace new-feature Name`: plans every file a feature needs, then writes them.
///
/// Planning reads the workspace and computes every new file and every edit in memory; it
/// throws (and nothing is written) if the name is bad or an anchor is missing. Applying writes
/// the plan; the caller then regenerates project-spec.yml from the edited manifest.
public struct NewFeature {
    public let manifest: Manifest
    public let files: any FileSystem

    public init(manifest: Manifest, files: any FileSystem) {
        self.manifest = manifest
        self.files = files
    }

    public struct Change: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case create, change
        }

        public var kind: Kind
        public var path: String
        /// What the change is, for the report: `buildPantry(_: Screens.Pantry) required of every Resolver`.
        public var summary: String
        public var text: String
    }

    public struct Plan: Sendable, Equatable {
        public var name: String
        /// The features it creates: `name` alone, or several (`new-feature A B C`).
        public var features: [String]
        public var changes: [Change]
        /// Conformers that could not be edited: `path:line: what to add`.
        public var manualSteps: [String]
        /// Things to look at, which need not be wrong: `path:line: why`.
        public var notes: [String] = []

        /// The report of the plan: one line a file.
        public func report(dryRun: Bool, specPath: String = Conventions.specPath) -> String {
            var lines = [dryRun ? "new-feature \(name) (dry run: nothing is written). It would:" : "new-feature \(name):"]
            let verb: (Change.Kind) -> String = { kind in
                switch kind {
                case .create: dryRun ? "create" : "created"
                case .change: dryRun ? "change" : "changed"
                }
            }
            // Many features at once are a line each, not a line per file.
            let perFeature = { (path: String) in
                features.contains {
                    path.hasPrefix("Features/\($0)/") || path.hasPrefix("Tests/\($0)Tests/") || path.hasPrefix("Sandboxes/\($0)Sandbox/")
                        || path == Conventions.entryFile(of: $0)
                }
            }
            let listed = features.count > 3 ? changes.filter { $0.kind == .change || !perFeature($0.path) } : changes
            let width = (listed.map(\.path) + [specPath]).map(\.count).max() ?? 0
            if features.count > 3 {
                let created = changes.count - listed.count
                lines.append(
                    "  \(verb(.create)) \(created) files: module, entry, sandbox and tests of each of \(features.joined(separator: ", "))")
            }
            for change in listed {
                lines.append(
                    "  \(verb(change.kind).padding(toLength: 8, withPad: " ", startingAt: 0)) \(change.path.padding(toLength: width, withPad: " ", startingAt: 0))  \(change.summary)"
                )
            }
            lines.append(
                "  \(verb(.change).padding(toLength: 8, withPad: " ", startingAt: 0)) \(specPath.padding(toLength: width, withPad: " ", startingAt: 0))  regenerated from the manifest"
            )
            if !manualSteps.isEmpty {
                lines.append("To finish by hand (these could not be edited):")
                lines += manualSteps.map { "  \($0)" }
            }
            if !notes.isEmpty {
                lines.append("To check:")
                lines += notes.map { "  \($0)" }
            }
            return lines.joined(separator: "\n")
        }
    }

    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var message: String

        public init(_ message: String) {
            self.message = message
        }

        public var description: String { message }
    }

    /// Checks the name against the workspace as it is.
    public func validate(_ name: String) throws(Failure) {
        let index = SourceIndex(manifest: manifest, files: files)
        try validate(name, index: index)
    }

    func validate(_ name: String, index: SourceIndex) throws(Failure) {
        // Paths are only looked at once the name is known to be one identifier.
        let safe = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let wouldCreate =
            safe
            ? [
                "Features/\(name)", Conventions.entryFile(of: name),
                "Sandboxes/\(Conventions.sandbox(of: name))",
                "Tests/\(Conventions.testTarget(of: name))",
            ] : []
        var linkPaths: [String: String] = [:]
        let descriptors = index.screenDescriptors
        for descriptor in descriptors {
            if let path = descriptor.linkPath { linkPaths[path] = descriptor.qualifiedName }
        }
        let context = FeatureNameValidator.Context(
            targets: manifest.targetNames,
            packageName: manifest.name,
            // Nested descriptors (`Screens.Pantry`) by their qualified names: a new one may not repeat them.
            types: index.publicTypes(in: [Conventions.core, Conventions.coreTesting]).union(descriptors.map(\.qualifiedName)),
            linkPaths: linkPaths,
            existingPaths: wouldCreate.filter(files.itemExists),
            packageRootLength: ((files as? PlannedFiles)?.base ?? files).rootPathLength
        )
        if let problem = FeatureNameValidator(context: context).problem(with: name) {
            throw Failure(problem)
        }
        let linkPath = NameForms(name).kebab
        if let existing = descriptors.first(where: { $0.linkPath.map { Self.linkPattern($0, matches: [linkPath]) } ?? false }) {
            throw Failure(
                "“\(name)” would link to \(linkPath), which the link path \(existing.linkPath ?? "") of \(existing.qualifiedName) already matches; choose another name"
            )
        }
        if let use = linkUses(opening: linkPath, index: index, inCode: true).first {
            throw Failure(
                "“\(name)” would open \(use.link) (its deep link path is \(linkPath)), but \(use.path):\(use.line) uses that link for something else, so that code or test would change meaning or fail; choose another name, or change \(use.path) first"
            )
        }
    }

    /// Whether a link path pattern (`recipes/{recipeID}`) matches a link's path segments.
    static func linkPattern(_ pattern: String, matches segments: [String]) -> Bool {
        let parts = pattern.split(separator: "/").map(String.init)
        guard parts.count == segments.count else { return false }
        return zip(parts, segments).allSatisfy { part, segment in (part.hasPrefix("{") && part.hasSuffix("}")) || part == segment }
    }

    /// A link that a file mentions, such as `cookbook://recipes` in a test.
    struct LinkUse: Equatable {
        var path: String
        var line: Int
        var link: String
    }

    /// The links (`scheme://path…`) that would open a screen with the one-segment link path
    /// `linkPath`: in string literals of Swift sources (`inCode`), or in the workspace's Markdown.
    /// `cookbook://recipes/42` does not open `recipes`; `cookbook://recipes?sort=new` does.
    func linkUses(opening linkPath: String, index: SourceIndex, inCode: Bool) -> [LinkUse] {
        let paths = inCode ? index.allSwiftFiles : files.files(under: "").filter { $0.lowercased().hasSuffix(".md") }
        var uses: [LinkUse] = []
        for path in paths {
            guard let text = try? files.read(path), text.containsText("://\(linkPath)") else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var rest = line[...]
                while let marker = rest.range(of: "://") {
                    let schemeStart = rest[..<marker.lowerBound].lastIndex { !($0.isLetter || $0.isNumber || "+.-".contains($0)) }
                    let scheme = rest[(schemeStart.map { rest.index(after: $0) } ?? rest.startIndex)..<marker.lowerBound]
                    let tail = rest[marker.upperBound...]
                    let end =
                        tail.firstIndex { $0 == "\"" || $0 == "`" || $0 == " " || $0 == ")" || $0 == "\\" || $0 == "'" } ?? tail.endIndex
                    let link = tail[..<end]
                    let pathPart = link.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    let segments = pathPart.split(separator: "#").first.map { $0.split(separator: "/").map(String.init) } ?? []
                    if !scheme.isEmpty, segments == [linkPath] {
                        uses.append(LinkUse(path: path, line: number + 1, link: "\(scheme)://\(link)"))
                    }
                    rest = tail[end...]
                }
            }
        }
        return uses
    }

    /// Every file the feature creates and every edit, computed without writing.
    public func plan(_ name: String) throws(Failure) -> Plan {
        try plan(name, index: SourceIndex(manifest: manifest, files: files))
    }

    /// As `plan(_:)`, reading the sources through `index` (whose files and manifest are this command's).
    func plan(_ name: String, index: SourceIndex) throws(Failure) -> Plan {
        try validate(name, index: index)
        let templates = FeatureTemplates(name: name)
        let forms = templates.forms
        var changes = templates.files.map {
            Change(kind: .create, path: $0.path, summary: summary(ofNewFile: $0.path, name: name), text: $0.text)
        }

        // Edited texts by path: several edits may touch one file.
        var edited: [String: (text: String, summaries: [String])] = [:]
        var order: [String] = []
        func edit(_ path: String, _ summary: String, _ change: (String) throws(SourceEdits.Failure) -> String) throws(Failure) {
            let current: String
            if let pending = edited[path] {
                current = pending.text
            } else {
                do {
                    current = try files.read(path)
                } catch {
                    throw Failure("\(path) cannot be read: \(error)")
                }
                order.append(path)
            }
            do {
                edited[path] = (try change(current), (edited[path]?.summaries ?? []) + [summary])
            } catch {
                throw Failure("\(error) — nothing was written")
            }
        }

        // Package.swift: the feature's name in `features`.
        try edit("Package.swift", "\"\(name)\" in features (module, entry, sandbox, tests)") { text throws(SourceEdits.Failure) in
            try SourceEdits.addingFeature(name, toManifest: text)
        }

        // The registries generated from `features` (ScreenRegistry): the screen's part of `Screens`,
        // and the app's builders; a new part is listed where the parts are.
        let descriptor = templates.descriptorType
        let registry: ScreenRegistry
        do {
            registry = try ScreenRegistry.of(manifestText: edited["Package.swift"]?.text ?? "", index: index)
        } catch {
            throw Failure("\(error) — nothing was written")
        }
        let screenPart = registry.part(of: name)
        // Its own part, and any part an older workspace lacks (all are made at once, in order).
        let missing = (1...registry.partCount).filter { number in
            let path = ScreensParts.part(number, in: registry.partsFolder).path
            return edited[path] == nil && !files.itemExists(path)
        }
        for (path, text) in registry.files(parts: Array(Set(missing + [screenPart.number])).sorted()) {
            let current = edited[path]?.text ?? (try? files.read(path))
            guard current != text else { continue }
            let part = registry.part(atPath: path)
            let summary =
                path == screenPart.path
                ? "\(descriptor) (link \(forms.kebab)), in part \(screenPart.digits) of \(ScreensParts.count) by its name (generated)"
                : registry.appResolver.map(registry.appBuildersPath) == path
                    ? "\(templates.builderName) → \(templates.entryName).makeScreen (generated)"
                    : part == nil ? "regenerated from Screens.swift" : "regenerated from Package.swift's features"
            if current == nil {
                changes.append(Change(kind: .create, path: path, summary: summary, text: text))
                if let part { try planPart(part, index: index, edit: edit) }
            } else {
                try edit(path, summary) { _ in text }
            }
        }
        // The modules of entries a workspace lacks (all twenty exist from the start), so that the new
        // entry's file has its module.
        for (path, text) in registry.appResolver == nil ? [] : (1...registry.partCount).map(registry.entriesPartFile)
        where edited[path] == nil && !files.itemExists(path) {
            changes.append(Change(kind: .create, path: path, summary: "a module of entries (generated)", text: text))
        }
        // Every other Resolver conformer, by example of the newest feature without values in its descriptor.
        let descriptors = index.screenDescriptors
        let featureNames = Set(manifest.features.map(\.name))
        let new = ResolverConformers.Feature(forms, descriptor: descriptor)
        let featureDescriptors = manifest.features.reversed().compactMap { feature in
            descriptors.first { $0.qualifiedName == "\(Conventions.screensNamespace).\(feature.name)" }.map {
                (feature: feature, descriptor: $0)
            }
        }
        let examples = (featureDescriptors.filter(\.descriptor.hasEmptyInit) + featureDescriptors.filter { !$0.descriptor.hasEmptyInit })
            .map { ResolverConformers.Feature(NameForms($0.feature.name), descriptor: $0.descriptor.qualifiedName) }
        var manual: [String] = []
        for conformer in index.resolverConformers where conformer != registry.appResolver {
            let current = edited[conformer.path]?.text ?? ((try? files.read(conformer.path)) ?? "")
            // A `PlaceholderBuilding` resolver (StubResolver) has the part's placeholder already.
            let declarations = SwiftSource(current).typeDeclarations.filter { $0.name == conformer.typeName }
            if declarations.contains(where: { $0.inherits("PlaceholderBuilding") }) { continue }
            switch ResolverConformers.addBuilder(for: new, examples: examples, typeName: conformer.typeName, in: current) {
            case .edited(let text, let example):
                let before = Set(SwiftSource(current).imports.map(\.module))
                let imported = SwiftSource(text).imports.map(\.module).filter { !before.contains($0) }
                try edit(
                    conformer.path,
                    "\(conformer.typeName): build for \(descriptor) (copied from \(example))"
                        + imported.map { ", import \($0)" }.joined()
                ) { _ in text }
            case .manual(let reason):
                let imports = index.source(conformer.path)?.imports.map(\.module) ?? []
                let entries = Set((1...Conventions.partCount).map(Conventions.entriesModule(ofPart:)))
                let hint =
                    imports.contains(where: entries.contains)
                    ? "{ \(Conventions.entry(of: name)).makeScreen(descriptor, environment: environment) } and `import \(Conventions.entriesModule(of: name))`"
                    : imports.contains(where: featureNames.contains)
                        ? "{ \(name)Feature.makeScreen(descriptor, environment: environment) } and `import \(name)`" : "{ … }"
                manual.append("\(conformer.path):\(conformer.line): \(reason); add `\(templates.resolverBuilder) \(hint)`")
            }
        }

        // Documentation mentioning a link that now opens the new screen (code that does is
        // rejected above): the text may say it opens nothing, or something else.
        let notes = linkUses(opening: forms.kebab, index: index, inCode: false).map { use in
            "\(use.path):\(use.line): mentions \(use.link), which now opens \(descriptor); check that the text still says what it should"
        }

        changes += order.compactMap { path in
            edited[path].map { Change(kind: .change, path: path, summary: $0.summaries.joined(separator: "; "), text: $0.text) }
        }
        return Plan(name: name, features: [name], changes: changes, manualSteps: manual, notes: notes)
    }

    func summary(ofNewFile path: String, name: String) -> String {
        if path.hasPrefix("Tests/") { return "tests (Swift Testing, StubEnvironment)" }
        if path.hasPrefix("Sandboxes/") { return "sandbox: Tools/workspace run \(name)" }
        if path.hasPrefix(Conventions.entriesFolder + "/") { return "the app's entry: how App builds its screens" }
        let parts = [
            "Feature": "feature: its doors, \(name)Feature.makeScreen and the screens it opens",
            "Screen": "feature: screen and its row ids", "ViewModel": "feature: view model (side effects through the environment)",
            "Translator": "feature: translator (state to content)", "State": "feature: state",
        ]
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let part = file.replacingOccurrences(of: ".swift", with: "").dropFirst(name.count)
        return parts[String(part)] ?? "feature"
    }

    /// Writes the plan, then runs `finish` (which regenerates the spec, say). If a write or
    /// `finish` fails, every file the plan created is removed, with the folders it created, and
    /// every file it or `finish` changed is restored (`alsoRestoring` names what `finish` writes),
    /// so a failure never leaves half a feature. The error says what failed and that it was undone.
    public func apply(_ plan: Plan, alsoRestoring extra: [String] = [], then finish: () throws -> Void = {}) throws {
        let paths = plan.changes.map(\.path) + extra.filter { path in !plan.changes.contains { $0.path == path } }
        var originals: [String: String] = [:]
        for path in paths where files.fileExists(path) {
            originals[path] = try files.read(path)
        }
        // Only what did not exist is removed on failure (a folder in a file's place stays).
        let existed = Set(paths.filter(files.itemExists))
        // The outermost folders that do not exist yet: removing them removes what was written in them.
        var newFolders: [String] = []
        for path in paths where !files.fileExists(path) {
            var folder = (path as NSString).deletingLastPathComponent
            var outermost: String?
            while !folder.isEmpty, !files.itemExists(folder) {
                outermost = folder
                folder = (folder as NSString).deletingLastPathComponent
            }
            if let outermost, !newFolders.contains(outermost) { newFolders.append(outermost) }
        }
        do {
            for change in plan.changes {
                try files.write(change.text, to: change.path)
            }
            try finish()
        } catch {
            var problems: [String] = []
            for path in paths {
                do {
                    if let original = originals[path] {
                        try files.write(original, to: path)
                    } else if !existed.contains(path), files.itemExists(path) {
                        try files.remove(path)
                    }
                } catch {
                    problems.append("\(error)")
                }
            }
            for folder in newFolders where files.itemExists(folder) {
                do { try files.remove(folder) } catch { problems.append("\(error)") }
            }
            let undone =
                problems.isEmpty
                ? "everything it wrote was removed and every file it changed restored"
                : "undoing it failed too, so check these by hand (git status): \(problems.joined(separator: "; "))"
            throw Failure("\(error) — new-feature stopped and \(undone)")
        }
    }
}
