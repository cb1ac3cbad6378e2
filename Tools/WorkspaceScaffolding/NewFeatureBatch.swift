import WorkspaceBase

/// `workspace new-feature A B C…`: several features in one run, as if `new-feature` ran once per
/// name, each seeing the ones before it; written together (or not at all), with one reading of
/// the edited manifest at the end.
extension NewFeature {
    /// Every file the features create and every edit, computed without writing. Each name is
    /// planned against the workspace as the names before it leave it: the files in a `PlannedFiles`
    /// overlay, the manifest with their targets added as its template functions add them.
    public func plan(_ names: [String]) throws(Failure) -> Plan {
        guard names.count > 1, let first = names.first else {
            return try plan(names.first ?? "")
        }
        let overlay = PlannedFiles(over: files)
        let index = SourceIndex(manifest: manifest, files: overlay)
        var manifest = self.manifest
        var steps: [Plan] = []
        for name in names {
            let step: Plan
            do {
                step = try NewFeature(manifest: manifest, files: overlay).plan(name, index: index)
            } catch {
                throw Failure("\(name): \(error.message)")
            }
            for change in step.changes {
                do {
                    try overlay.write(change.text, to: change.path)
                } catch {
                    throw Failure("\(change.path) cannot be planned: \(error)")
                }
            }
            manifest = try manifest.addingFeature(name)
            index.update(manifest: manifest, changed: step.changes.map(\.path))
            steps.append(step)
        }
        // Each file is written once, with its last text (a later step may edit what an earlier one
        // created); a file that existed keeps the summaries of every step that changed it.
        var changes = steps.flatMap(\.changes).filter { $0.kind == .create }.map { change in
            Change(kind: .create, path: change.path, summary: change.summary, text: overlay.planned[change.path] ?? change.text)
        }
        let created = Set(changes.map(\.path))
        var order: [String] = []
        var summaries: [String: [String]] = [:]
        for change in steps.flatMap(\.changes) where change.kind == .change && !created.contains(change.path) {
            if summaries[change.path] == nil { order.append(change.path) }
            summaries[change.path, default: []].append(change.summary)
        }
        for path in order {
            let all = summaries[path] ?? []
            let summary = all.count > 2 ? "\(all[0]); … (\(all.count) features)" : all.joined(separator: "; ")
            changes.append(Change(kind: .change, path: path, summary: summary, text: overlay.planned[path] ?? ""))
        }
        return Plan(
            name: names.count > 3 ? "\(first) … \(names[names.count - 1]) (\(names.count) features)" : names.joined(separator: ", "),
            features: names, changes: changes, manualSteps: steps.flatMap(\.manualSteps), notes: steps.flatMap(\.notes))
    }
}

extension Manifest {
    /// The manifest as SwiftPM will read it once `name` is added to `features`: a module, a sandbox
    /// and tests made like the last feature's, since the manifest's template functions make every
    /// feature's targets alike, a dependency on it wherever every feature is one, and one of its
    /// part's module of entries (`EntriesPart07`).
    func addingFeature(_ name: String) throws(NewFeature.Failure) -> Manifest {
        guard let model = features.last?.name else {
            throw NewFeature.Failure("the manifest has no feature to model \(name)'s targets on")
        }
        let forms: [(String) -> String] = [{ $0 }, Conventions.sandbox(of:), Conventions.testTarget(of:)]
        let renamed = Dictionary(forms.map { ($0(model), $0(name)) }, uniquingKeysWith: { first, _ in first })
        var copy = self
        let every = Set(features.map(\.name))
        let entriesModule = Conventions.entriesModule(of: name)
        for index in copy.targets.indices {
            let target = copy.targets[index]
            let isEntries = target.path.hasPrefix(Conventions.entriesFolder + "/")
            if isEntries ? target.name == entriesModule : every.isSubset(of: target.targetDependencies) {
                copy.targets[index].dependencies.append(Dependency(name))
            }
        }
        for targetName in forms.map({ $0(model) }) {
            guard var target = target(named: targetName), let newName = renamed[targetName] else { continue }
            target.name = newName
            let folder = target.path.split(separator: "/").dropLast().joined(separator: "/")
            target.path = folder.isEmpty ? newName : "\(folder)/\(newName)"
            target.dependencies = target.dependencies.map { dependency in
                var dependency = dependency
                if !dependency.isProduct, let new = renamed[dependency.name] { dependency.name = new }
                return dependency
            }
            copy.targets.append(target)
        }
        return copy
    }
}
