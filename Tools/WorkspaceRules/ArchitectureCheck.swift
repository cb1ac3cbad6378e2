import WorkspaceBase
import WorkspaceSpec

/// `workspace check`: the architecture's rules, read from the manifest and the sources.
///
/// - feature-dependencies: a feature (a target under Features/) depends on Core only;
/// - sandbox-dependencies: a sandbox on its feature, Core, CoreTesting and SandboxSupport only;
/// - app-dependents: nothing depends on App but the cookbook executable and AppTests;
/// - entry-dependencies: App reaches a feature only through its entry (`<Name>Entry`), in the
///   module of its part's entries (`EntriesPart07`), which depends on Core and that part's features only;
/// - undeclared-import: every `import` in a target's sources names a declared dependency or a
///   system module (Foundation, Dispatch, Synchronization, Glibc, Darwin, FoundationNetworking,
///   Testing, XCTest);
/// - side-effects: features and Core's own types reach the clock, ids, network, files, the
///   process and the console only through the Environment (`SideEffectRule.swift`);
///
/// That every screen has a builder, a placeholder and a deep link is not a rule here: the
/// compiler checks it (`Resolver` requirements, `ScreenKind`'s exhaustive switch).
/// - test-target, feature-sandbox, feature-entry: every module has `<Module>Tests`, every feature a
///   sandbox and an entry;
/// - spec-current: project-spec.yml is what `workspace spec` generates;
/// - tool-package-current: so are Tools/Package.swift and its links (`ToolPackage`);
/// - networking-imports, networking-on-demand: libcurl stays off the default launch (NetworkingRules.swift);
/// - essentials-on-launch: so does all of Foundation; the programs' modules import FoundationEssentials (LaunchRules.swift);
/// - repository-reads: tests read the repository only through `RepositoryFiles`, declaring what they read (RepositoryReadsRule.swift);
/// - and the rules of GraphRules.swift and SourceRules.swift (cycles, test and library
///   dependencies, import style, unused dependencies, Core's top-level declarations).
public struct ArchitectureCheck {
    public let manifest: Manifest
    public let index: SourceIndex
    let manifestText: String
    /// The manifest's targets by name, the first of a name as `Manifest.target(named:)` finds it:
    /// rules look up every target of a program's closure.
    let targetsByName: [String: Target]

    public static let rules =
        [
            "feature-dependencies", "sandbox-dependencies", "app-dependents", "entry-dependencies", "undeclared-import", "side-effects",
            "test-target", "feature-sandbox", "feature-entry", "spec-current", "tool-package-current", "networking-imports",
            "networking-on-demand", "essentials-on-launch",
            "repository-reads",
        ] + graphRuleNames + sourceRuleNames

    public init(manifest: Manifest, files: any FileSystem) {
        self.manifest = manifest
        self.index = SourceIndex(manifest: manifest, files: files)
        self.manifestText = (try? files.read("Package.swift")) ?? ""
        self.targetsByName = Dictionary(manifest.targets.map { ($0.name, $0) }) { first, _ in first }
    }

    /// How many steps `run` reports to its progress.
    public static let progressSteps = 3

    /// Every rule's violations, in the order of the rules; `progress` is told of three steps.
    public func run(progress: Progress = .silent) -> [Violation] {
        let manifest = manifest
        // The spec comes from the manifest alone, so it is generated on the other core while the
        // sources are read.
        let (spec, found) = alongside({ SpecGenerator(manifest: manifest).generate() }, while: { sourceRules(progress) })
        return found.beforeSpec + specRule(expected: spec) + found.afterSpec
    }

    /// Every rule but the spec's, in the order of the rules around it.
    func sourceRules(_ progress: Progress) -> (beforeSpec: [Violation], afterSpec: [Violation]) {
        readSources(progress)
        // Side effects are read from all the features' code, a third of the work: on the other core
        // too, once the sources are read.
        let sources = sideEffectSources()
        let beforeSideEffects: [() -> [Violation]] = [dependencyRules, importRule]
        let beforeSpec: [() -> [Violation]] = [completenessRules]
        let afterSpec: [() -> [Violation]] = [
            networkingRules, launchRules, repositoryReadsRule, graphRules, importStyleRule, unusedDependencyRule, coreTopLevelRule,
        ]
        progress.step("applying the rules", count: beforeSideEffects.count + 1 + beforeSpec.count + afterSpec.count, of: "checks")
        func apply(_ rules: [() -> [Violation]]) -> [Violation] {
            rules.flatMap { rule in
                defer { progress.advance() }
                return rule()
            }
        }
        let (sideEffects, found) = alongside(
            { Self.sideEffectViolations(in: sources) }, while: { (apply(beforeSideEffects), apply(beforeSpec), apply(afterSpec)) })
        progress.advance()
        return (found.0 + sideEffects + found.1, found.2)
    }

    /// Lists every target's files and reads them, telling `progress` (two steps).
    func readSources(_ progress: Progress) {
        progress.step("listing the targets' files", count: manifest.targets.count, of: "targets")
        for target in manifest.targets {
            _ = index.swiftFiles(of: target)
            progress.advance()
        }
        let paths = index.allSwiftFiles
        progress.step("reading the sources", count: paths.count, of: "files")
        for path in paths {
            _ = index.source(path)
            progress.advance()
        }
    }

    // MARK: Where in Package.swift

    /// The line of Package.swift that declares `name`: its quoted name, else its feature's line in
    /// `let features` (`Feed` for Feed, FeedSandbox, FeedTests, FeedEntry; quoted in an older
    /// manifest's array), the template of the modules of entries (`func entriesPart`) for
    /// EntriesPart07, else 1.
    func manifestLine(of name: String) -> Int {
        let feature = ["Sandbox", "Tests", "Entry"].first { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) }
        let names = [name] + (feature.map { [$0] } ?? [])
        let lines = manifestText.split(separator: "\n", omittingEmptySubsequences: false)
        let matches: [(Substring) -> Bool] =
            names.map { name in { $0.contains("\"\(name)\"") } }
            + names.map { name in { $0.trimmingCharacters(in: .whitespaces) == name } }
            + (name.hasPrefix("EntriesPart") ? [{ $0.contains("func entriesPart(") }] : [])
        for matching in matches {
            if let index = lines.firstIndex(where: matching) { return index + 1 }
        }
        return 1
    }

    func manifestViolation(_ target: String, _ rule: String, _ message: String, fix: String) -> Violation {
        Violation("Package.swift", manifestLine(of: target), rule, message, fix: fix)
    }

    // MARK: Dependencies

    func dependencyRules() -> [Violation] {
        var violations: [Violation] = []
        let features = Set(manifest.features.map(\.name))
        for feature in manifest.features {
            let extra = feature.targetDependencies.filter { $0 != Conventions.core }
            if !extra.isEmpty {
                violations.append(
                    manifestViolation(
                        feature.name, "feature-dependencies",
                        "feature \(feature.name) depends on \(extra.joined(separator: ", ")); a feature may depend on Core only",
                        fix:
                            "remove \(extra.joined(separator: ", ")) from its dependencies and reach other features through descriptors (environment.resolve)"
                    ))
            }
        }
        for sandbox in manifest.sandboxes {
            let feature = sandbox.name.hasSuffix("Sandbox") ? String(sandbox.name.dropLast("Sandbox".count)) : ""
            var allowed = Conventions.sandboxDependencies
            if features.contains(feature) { allowed.insert(feature) }
            let extra = sandbox.targetDependencies.filter { !allowed.contains($0) }
            if !extra.isEmpty {
                violations.append(
                    manifestViolation(
                        sandbox.name, "sandbox-dependencies",
                        "sandbox \(sandbox.name) depends on \(extra.joined(separator: ", ")); a sandbox may depend on \(allowed.sorted().joined(separator: ", ")) only",
                        fix: "remove \(extra.joined(separator: ", ")); other features' screens appear in a sandbox as placeholders"
                    ))
            }
        }
        violations += entryRules(features: features)
        for target in manifest.targets
        where target.targetDependencies.contains(Conventions.app) && !Conventions.appDependents.contains(target.name) {
            violations.append(
                manifestViolation(
                    target.name, "app-dependents",
                    "\(target.name) depends on App; only \(Conventions.appDependents.sorted().joined(separator: " and ")) may",
                    fix:
                        "depend on Core (and CoreTesting in tests) instead, and get what App provides through the environment or a descriptor"
                ))
        }
        return violations
    }

    /// App builds a feature's screens through its entry, so that an edit inside a feature never
    /// recompiles App (Package.swift, `entriesPart`): each module of entries is a part's, and
    /// depends on Core and the features of that part only.
    func entryRules(features: Set<String>) -> [Violation] {
        var violations: [Violation] = []
        let modules = Dictionary(uniqueKeysWithValues: (1...Conventions.partCount).map { (Conventions.entriesModule(ofPart: $0), $0) })
        for entry in manifest.entries {
            guard let part = modules[entry.name] else {
                violations.append(
                    manifestViolation(
                        entry.name, "entry-dependencies",
                        "\(entry.path) holds \(entry.name), which is not one of the \(Conventions.partCount) modules of entries (EntriesPart01 to EntriesPart\(Conventions.partDigits(Conventions.partCount)))",
                        fix:
                            "put a feature's entry in its part's module (Package.swift's `entriesPart`), or move \(entry.name) out of \(Conventions.entriesFolder)"
                    ))
                continue
            }
            let allowed = Set(features.filter { Conventions.part(of: $0) == part }).union([Conventions.core])
            let extra = entry.targetDependencies.filter { !allowed.contains($0) }
            if !extra.isEmpty {
                let misplaced = extra.filter(features.contains)
                violations.append(
                    manifestViolation(
                        entry.name, "entry-dependencies",
                        "\(entry.name) depends on \(extra.joined(separator: ", ")); it may depend on Core and the features whose names hash to part \(Conventions.partDigits(part)) only",
                        fix: misplaced.isEmpty
                            ? "remove \(extra.joined(separator: ", ")); what an entry needs belongs in its feature"
                            : misplaced.map { "\($0)'s entry belongs in \(Conventions.entriesModule(of: $0))" }.joined(separator: "; ")
                                + " (Package.swift's `part(of:)`)"
                    ))
            }
        }
        let direct = manifest.target(named: Conventions.app)?.targetDependencies.filter(features.contains) ?? []
        if !direct.isEmpty {
            violations.append(
                manifestViolation(
                    Conventions.app, "entry-dependencies",
                    "App depends on the feature\(direct.count == 1 ? "" : "s") \(direct.joined(separator: ", ")); App reaches a feature through its entry only, so that an edit inside the feature does not recompile App",
                    fix:
                        "depend on \(Set(direct.map(Conventions.entriesModule(of:))).sorted().joined(separator: ", ")) instead, and build the screens through \(direct.map(Conventions.entry(of:)).joined(separator: ", "))"
                ))
        }
        return violations
    }

    // MARK: Imports

    func importRule() -> [Violation] {
        ImportRule.violations(of: manifest.targets, in: manifest, index: index)
    }

    // MARK: Completeness

    func completenessRules() -> [Violation] {
        var violations: [Violation] = []
        let names = Set(manifest.targetNames)
        // The workspace tool's libraries share one test target (its fixtures build whole workspaces):
        // a library under Tools/ is tested when a test target declares it.
        let declaredByTests = Set(manifest.targets.filter { $0.kind == .test }.flatMap { $0.dependencies.map(\.name) })
        let testedTools = Set(
            manifest.modules.filter { $0.path.hasPrefix(Conventions.toolPackageFolder + "/") && declaredByTests.contains($0.name) }.map(
                \.name))
        for module in manifest.modules
        where !names.contains(Conventions.testTarget(of: module.name)) && !testedTools.contains(module.name) {
            violations.append(
                manifestViolation(
                    module.name, "test-target", "module \(module.name) has no test target \(Conventions.testTarget(of: module.name))",
                    fix:
                        "add a test target \(Conventions.testTarget(of: module.name)) at Tests/\(Conventions.testTarget(of: module.name)) (unitTests(\"\(module.name)\"))"
                ))
        }
        let hasApp = manifest.target(named: Conventions.app) != nil
        for feature in manifest.features
        where hasApp
            && manifest.target(named: Conventions.entriesModule(of: feature.name))?.targetDependencies.contains(feature.name) != true
        {
            let module = Conventions.entriesModule(of: feature.name)
            violations.append(
                manifestViolation(
                    feature.name, "feature-entry",
                    "feature \(feature.name) has no entry for the app: \(module), the module of its part's entries, does not depend on it",
                    fix:
                        "list it in `features` (which makes \(module) depend on it) and give it \(Conventions.entryFile(of: feature.name))"
                ))
        }
        for feature in manifest.features where !names.contains(Conventions.sandbox(of: feature.name)) {
            violations.append(
                manifestViolation(
                    feature.name, "feature-sandbox", "feature \(feature.name) has no sandbox \(Conventions.sandbox(of: feature.name))",
                    fix: "list it in `features` (which adds Sandboxes/\(Conventions.sandbox(of: feature.name))) or add the sandbox target"
                ))
        }
        return violations
    }

    // MARK: Spec

    /// spec-current and tool-package-current; `expected` is project-spec.yml as the manifest generates it.
    func specRule(expected: String) -> [Violation] {
        var violations: [Violation] = []
        if let status = SpecStatus(expected: expected, files: index.files).staleness {
            violations.append(
                Violation(Conventions.specPath, status.line, "spec-current", status.message, fix: "run `Tools/workspace spec`"))
        }
        // Only a workspace that has a tool program has a tool package to keep current.
        if manifest.target(named: Conventions.toolProgram) != nil {
            let tool = ToolPackage(manifest: manifest)
            for problem in tool.problems(in: index.files) {
                violations.append(Violation(tool.manifestPath, 1, "tool-package-current", problem, fix: "run `Tools/workspace spec`"))
            }
        }
        return violations
    }
}

/// Whether project-spec.yml is what the manifest generates.
public struct SpecStatus {
    public let expected: String
    public let actual: String?

    public init(manifest: Manifest, files: any FileSystem) {
        self.init(expected: SpecGenerator(manifest: manifest).generate(), files: files)
    }

    /// With the spec already generated.
    public init(expected: String, files: any FileSystem) {
        self.expected = expected
        actual = try? files.read(Conventions.specPath)
    }

    /// Nil when current; else the first line that differs and a message.
    public var staleness: (line: Int, message: String)? {
        guard let actual else { return (1, "\(Conventions.specPath) is missing") }
        guard actual != expected else { return nil }
        let old = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let new = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] }.map { $0 + 1 } ?? min(old.count, new.count) + 1
        let wanted = line - 1 < new.count ? "“\(new[line - 1])”" : "the end of the file"
        return (line, "\(Conventions.specPath) is stale: line \(line) should be \(wanted)")
    }
}
