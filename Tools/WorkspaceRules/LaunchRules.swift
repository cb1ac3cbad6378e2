import WorkspaceBase

/// The rule that keeps all of Foundation off every program's launch (docs/benchmarks.md, "Launch and memory"):
/// on Linux `import Foundation` loads swift-corelibs-foundation and ICU's data, about 3 ms of
/// every start, where `FoundationEssentials` has what the programs use.
///
/// - essentials-on-launch: every module a program links on Linux (the app, a sandbox; not the
///   workspace tools, and not the networking module, which the app opens only for a web API)
///   imports `Foundation` only in the `#else` of the idiom `#if canImport(FoundationEssentials)
///   import FoundationEssentials #else import Foundation #endif`, and never
///   `FoundationInternationalization`.
extension ArchitectureCheck {
    func launchRules() -> [Violation] {
        var violations: [Violation] = []
        for (target, program) in launchTargets() {
            for path in index.swiftFiles(of: target) {
                guard let source = index.source(path) else { continue }
                for (module, line) in source.imports where ["Foundation", "FoundationInternationalization"].contains(module) {
                    if module == "Foundation", Self.isInEssentialsIdiom(line: line, of: source.codeLine) { continue }
                    let links = target.name == program ? "\(program) is a program" : "\(program) links \(target.name)"
                    violations.append(
                        Violation(
                            path, line, "essentials-on-launch",
                            "\(target.name) imports \(module), which is loaded at every launch on Linux (\(links))",
                            fix:
                                "import FoundationEssentials instead: #if canImport(FoundationEssentials) import FoundationEssentials #else import Foundation #endif (docs/macos.md)"
                        ))
                }
            }
        }
        return violations
    }

    /// Every program but the tools, and every target one of them links, each with the first
    /// program found that links it; not the networking module (on Linux the app opens it only
    /// for a web API), nor system libraries.
    func launchTargets() -> [(target: Target, program: String)] {
        let graph = ModuleGraph(manifest: manifest)
        var found: [(target: Target, program: String)] = []
        var seen: Set<String> = [Conventions.networkingModule]
        for program in manifest.targets where program.kind == .executable && !program.path.hasPrefix("Tools/") {
            for name in graph.closure(of: [program.name]) where seen.insert(name).inserted {
                guard let target = targetsByName[name], target.kind != .system else { continue }
                found.append((target, program.name))
            }
        }
        return found
    }

    /// `import Foundation` on `line` is the `#else` of `#if canImport(FoundationEssentials)`.
    static func isInEssentialsIdiom(line: Int, of lines: (Int) -> String) -> Bool {
        func text(_ number: Int) -> String { lines(number).trimmingCharacters(in: .whitespaces) }
        return text(line - 1) == "#else" && text(line - 2) == "import FoundationEssentials"
            && text(line - 3) == "#if canImport(FoundationEssentials)"
    }
}
