import WorkspaceBase
import WorkspaceFocus

/// Rules over the module graph as a whole, beyond each target's own list:
///
/// - dependency-cycle: no target depends on itself through others;
/// - test-dependencies: a test target depends on no feature but its own module;
/// - app-test-support: App does not depend on CoreTesting, directly or through another library;
/// - library-dependencies: a library that is not a feature and not App depends on no feature.
extension ArchitectureCheck {
    static let graphRuleNames = ["dependency-cycle", "test-dependencies", "app-test-support", "library-dependencies"]

    func graphRules() -> [Violation] {
        let graph = ModuleGraph(manifest: manifest)
        let features = Set(manifest.features.map(\.name))
        var violations: [Violation] = []
        if let cycle = graph.cycle, let first = cycle.first {
            violations.append(
                manifestViolation(
                    first, "dependency-cycle", "the targets depend on each other in a cycle: \(cycle.joined(separator: " → "))",
                    fix: "remove one of these dependencies; what both sides need belongs in a module below them (Core, or a new library)"
                ))
        }
        for test in manifest.targets where test.kind == .test {
            let own = FocusedTests.moduleName(ofTestTarget: test.name)
            let others = test.targetDependencies.filter { features.contains($0) && $0 != own }
            guard !others.isEmpty else { continue }
            violations.append(
                manifestViolation(
                    test.name, "test-dependencies",
                    "\(test.name) depends on the feature\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")); a test target may depend on its own module's feature only",
                    fix:
                        "test \(others.joined(separator: ", ")) in \(others.map(Conventions.testTarget(of:)).joined(separator: ", ")); here, let StubResolver's placeholders stand in for other features' screens"
                ))
        }
        if manifest.target(named: Conventions.app) != nil, graph.closure(of: [Conventions.app]).contains(Conventions.coreTesting) {
            let direct = graph.dependencies(of: Conventions.app).contains(Conventions.coreTesting)
            let through = graph.dependencies(of: Conventions.app).filter {
                $0 != Conventions.coreTesting && graph.closure(of: [$0]).contains(Conventions.coreTesting)
            }
            violations.append(
                manifestViolation(
                    Conventions.app, "app-test-support",
                    "App depends on CoreTesting\(direct ? "" : " through \(through.joined(separator: ", "))"): the app would link the stub environment",
                    fix:
                        "remove the dependency; what the app needs from CoreTesting belongs in Core (shared) or App (real implementations)"
                ))
        }
        for library in manifest.modules where !features.contains(library.name) && library.name != Conventions.app {
            let reached = library.targetDependencies.filter(features.contains)
            guard !reached.isEmpty else { continue }
            violations.append(
                manifestViolation(
                    library.name, "library-dependencies",
                    "\(library.name) is a shared library but depends on the feature\(reached.count == 1 ? "" : "s") \(reached.joined(separator: ", ")); only App may",
                    fix:
                        "remove \(reached.joined(separator: ", ")) from its dependencies; reach a feature's screens through a descriptor (environment.resolve), or move the code into the feature"
                ))
        }
        return violations
    }
}
