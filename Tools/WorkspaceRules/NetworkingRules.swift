import WorkspaceBase

/// The rules that keep networking off the default launch (docs/web-api.md, "Loading the
/// network code"): on Linux FoundationNetworking brings libcurl and about 30 more libraries.
///
/// - networking-imports: only `Conventions.networkingModule` (and test targets) import
///   FoundationNetworking;
/// - networking-on-demand: no program (the app, a sandbox) links the networking module on
///   Linux, directly or through its dependencies; there it is a dynamic library opened when
///   a web API is used.
extension ArchitectureCheck {
    func networkingRules() -> [Violation] {
        var violations: [Violation] = []
        let networking = Conventions.networkingModule
        for target in manifest.targets where target.kind != .test && target.kind != .system && target.name != networking {
            for path in index.swiftFiles(of: target) {
                guard let source = index.source(path) else { continue }
                for (module, line) in source.imports where module == "FoundationNetworking" {
                    violations.append(
                        Violation(
                            path, line, "networking-imports", "\(target.name) imports FoundationNetworking, which only \(networking) may",
                            fix:
                                "make the request through WebAPI's HTTPTransport (LiveTransport), so the app loads libcurl only for --api-url"
                        ))
                }
            }
        }
        guard manifest.target(named: networking) != nil else { return violations }
        for program in manifest.targets where program.kind == .executable && !program.path.hasPrefix("Tools/") {
            guard let chain = linuxChain(from: program.name, to: networking) else { continue }
            violations.append(
                manifestViolation(
                    program.name, "networking-on-demand",
                    "\(program.name) links \(networking) on Linux (\(chain.joined(separator: " → "))), so every launch loads libcurl",
                    fix:
                        "limit that dependency to Apple platforms (.when(platforms: applePlatforms)); on Linux WebAPI's NetworkingLibrary opens lib\(networking).so when a web API is used"
                ))
        }
        return violations
    }

    /// The dependency path from `start` to `goal` that applies when building for Linux, if any.
    func linuxChain(from start: String, to goal: String) -> [String]? {
        var visited: Set<String> = [start]
        var queue: [[String]] = [[start]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            guard let last = path.last, let target = targetsByName[last] else { continue }
            for dependency in target.dependencies where !dependency.isProduct && dependency.applies(on: "linux") {
                if dependency.name == goal { return path + [goal] }
                if visited.insert(dependency.name).inserted { queue.append(path + [dependency.name]) }
            }
        }
        return nil
    }
}
