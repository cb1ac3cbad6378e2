/// undeclared-import: every `import` in a target's sources names a module the target declares, a
/// system module (`Conventions.systemModules`) or the target itself. `workspace check` reads it for
/// every target; a focused build for the targets it is about to compile (`FocusImports`).
package enum ImportRule {
    package static func violations(of targets: some Sequence<Target>, in manifest: Manifest, index: SourceIndex) -> [Violation] {
        targets.flatMap { violations(of: $0, in: manifest, index: index) }
    }

    static func violations(of target: Target, in manifest: Manifest, index: SourceIndex) -> [Violation] {
        guard target.kind != .system else { return [] }
        let allowed = Set(target.dependencies.map(\.name)).union(Conventions.systemModules).union([target.name])
        var violations: [Violation] = []
        for path in index.swiftFiles(of: target) {
            guard let source = index.source(path) else { continue }
            for (module, line) in source.imports where !allowed.contains(module) {
                let fix =
                    manifest.target(named: module) == nil
                    ? "remove the import (\(module) is neither a target of this package nor a system module)"
                    : "declare \(module) in \(target.name)'s dependencies in Package.swift if the rules allow it, else remove the import"
                violations.append(
                    Violation(path, line, "undeclared-import", "\(target.name) imports \(module), which it does not declare", fix: fix))
            }
        }
        return violations
    }
}
