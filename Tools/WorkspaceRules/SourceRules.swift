import WorkspaceBase

/// Rules over what targets' sources say, beyond undeclared imports:
///
/// - import-style: an `import` stands alone on its line (not after a `;`, not before other code),
///   where readers, and tools that read imports line by line, find it;
/// - unused-dependency: every declared dependency is imported by some source of the target;
/// - core-top-level: Core declares at its top level only what its allowed set lists
///   (`Core/top-level-declarations.txt`): a new top-level name in Core recompiles every feature.
extension ArchitectureCheck {
    static let sourceRuleNames = ["import-style", "unused-dependency", "core-top-level"]

    func importStyleRule() -> [Violation] {
        var violations: [Violation] = []
        for path in index.allSwiftFiles {
            guard let source = index.source(path) else { continue }
            // Only a line that holds `import` can hold an import statement.
            for line in source.codeLines(containing: "import") {
                let statements = line.text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard statements.count > 1 else { continue }
                for statement in statements {
                    guard let module = SwiftSource.importedModule(in: statement) else { continue }
                    violations.append(
                        Violation(
                            path, line.number, "import-style", "`import \(module)` shares its line with other statements",
                            fix: "put each import on a line of its own, at the top of the file"))
                }
            }
        }
        return violations
    }

    func unusedDependencyRule() -> [Violation] {
        var violations: [Violation] = []
        for target in manifest.targets where target.kind != .system {
            let files = index.swiftFiles(of: target)
            guard !files.isEmpty else { continue }
            let imported = Set(files.flatMap { index.source($0)?.imports.map(\.module) ?? [] })
            for dependency in target.dependencies where !imported.contains(dependency.name) {
                violations.append(
                    manifestViolation(
                        target.name, "unused-dependency",
                        "\(target.name) declares \(dependency.name) but none of its sources imports it",
                        fix:
                            "remove \(dependency.name) from \(target.name)'s dependencies in Package.swift (it only slows builds and hides the real graph)"
                    ))
            }
        }
        return violations
    }

    /// The allowed top-level declarations of Core, one `kind name` a line (`#` starts a comment),
    /// as a multiset: a line listed twice allows two.
    static func allowedTopLevel(in text: String) -> [String: Int] {
        var allowed: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let entry =
                line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") ?? ""
            if !entry.isEmpty { allowed[entry, default: 0] += 1 }
        }
        return allowed
    }

    func coreTopLevelRule() -> [Violation] {
        guard manifest.target(named: Conventions.core) != nil else { return [] }
        let listPath = Conventions.coreTopLevelAllowList
        let fix =
            "make it a member of an existing type of Core (a new `Screens.X`, a static member), or put it outside Core (in the feature or App) if features need not see it; if it must be a new top-level name of Core, add its line to \(listPath) in the same change"
        guard let list = try? index.files.read(listPath) else {
            return [
                Violation(
                    listPath, 1, "core-top-level", "\(listPath), the allowed top-level declarations of Core, is missing",
                    fix:
                        "create it with one `kind name` line per top-level declaration of Core (struct Recipe, func plainText, extension Recipe)"
                )
            ]
        }
        var remaining = Self.allowedTopLevel(in: list)
        var violations: [Violation] = []
        for path in index.swiftFiles(ofTargetNamed: Conventions.core) {
            guard let source = index.source(path) else { continue }
            for declaration in source.topLevelDeclarations {
                let entry = declaration.description
                if let count = remaining[entry], count > 0 {
                    remaining[entry] = count - 1
                    continue
                }
                violations.append(
                    Violation(
                        path, declaration.line, "core-top-level",
                        "`\(entry)` is a new top-level declaration of Core, not in \(listPath); every feature recompiles when Core's top-level names change (docs/benchmarks.md, \"Core fan-out\")",
                        fix: fix))
            }
        }
        return violations
    }
}
