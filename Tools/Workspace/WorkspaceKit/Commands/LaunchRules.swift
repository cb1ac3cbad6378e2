/// The rule that keeps all of Foundation off the app's launch (docs/benchmarks.md, the launch
/// section): on Linux `import Foundation` loads swift-corelibs-foundation and ICU's data, about
/// 3.5 ms of every start, where `FoundationEssentials` has what the app uses.
///
/// - essentials-on-launch: every module the app program links on Linux (but the networking
///   module, which it opens only for a web API) imports `Foundation` only in the `#else` of
///   the idiom `#if canImport(FoundationEssentials) import FoundationEssentials #else import
///   Foundation #endif`, and never `FoundationInternationalization`.
extension ArchitectureCheck {
    func launchRules() -> [Violation] {
        var violations: [Violation] = []
        for target in launchTargets() {
            for path in index.swiftFiles(of: target) {
                guard let source = index.source(path) else { continue }
                let lines = Dictionary(uniqueKeysWithValues: source.codeLines.map { ($0.number, $0.text) })
                for (module, line) in source.imports where ["Foundation", "FoundationInternationalization"].contains(module) {
                    if module == "Foundation", Self.isInEssentialsIdiom(line: line, of: lines) { continue }
                    violations.append(
                        Violation(
                            path, line, "essentials-on-launch",
                            "\(target.name) imports \(module), which the app loads at every launch on Linux (\(Conventions.appProgram) links \(target.name))",
                            fix:
                                "import FoundationEssentials instead: #if canImport(FoundationEssentials) import FoundationEssentials #else import Foundation #endif (docs/architecture.md, \"macOS on paper\")"
                        ))
                }
            }
        }
        return violations
    }

    /// The app program and every target it links on Linux, but the networking module.
    func launchTargets() -> [Target] {
        guard let program = manifest.target(named: Conventions.appProgram) else { return [] }
        var found: [Target] = [program]
        var names: Set<String> = [program.name]
        var index = 0
        while index < found.count {
            for dependency in found[index].dependencies where !dependency.isProduct && dependency.applies(on: "linux") {
                guard dependency.name != Conventions.networkingModule, let target = manifest.target(named: dependency.name),
                    target.kind != .system, names.insert(target.name).inserted
                else { continue }
                found.append(target)
            }
            index += 1
        }
        return found
    }

    /// `import Foundation` on `line` is the `#else` of `#if canImport(FoundationEssentials)`.
    static func isInEssentialsIdiom(line: Int, of lines: [Int: String]) -> Bool {
        func text(_ number: Int) -> String { (lines[number] ?? "").trimmingCharacters(in: .whitespaces) }
        return text(line - 1) == "#else" && text(line - 2) == "import FoundationEssentials"
            && text(line - 3) == "#if canImport(FoundationEssentials)"
    }
}
