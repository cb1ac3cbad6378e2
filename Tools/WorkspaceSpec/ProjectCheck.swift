import Foundation
import WorkspaceBase
import WorkspaceFocus

/// Checks an Xcode project that XcodeGen generated from `project-spec.yml` against the manifest:
/// every target of Package.swift (system libraries aside) is a native target with the same
/// dependencies (a system library as its SDK library, `libsqlite3.tbd`), nothing else is, and each
/// module with tests has a shared scheme whose test action holds only that module's test target
/// and builds for testing only targets of its dependency closure; each program a person runs (the
/// app, every sandbox) has a shared scheme named after it whose run action starts that program.
public struct ProjectCheck {
    public let manifest: Manifest
    /// The text of `Cookbook.xcodeproj/project.pbxproj`.
    public let projectFile: String
    /// The text of each shared scheme, by scheme name (`Feed` for `xcschemes/Feed.xcscheme`).
    public let schemes: [String: String]

    public init(manifest: Manifest, projectFile: String, schemes: [String: String]) {
        self.manifest = manifest
        self.projectFile = projectFile
        self.schemes = schemes
    }

    /// Reads `project.pbxproj` and `xcshareddata/xcschemes/*.xcscheme` of the project at `path`.
    public init(manifest: Manifest, projectAt path: String) throws {
        let project = URL(fileURLWithPath: path)
        let projectFile: String
        do {
            projectFile = try String(contentsOf: project.appendingPathComponent("project.pbxproj"), encoding: .utf8)
        } catch {
            throw CommandError(
                "\(path) has no readable project.pbxproj (\(error.localizedDescription)); is it the .xcodeproj XcodeGen wrote?")
        }
        let folder = project.appendingPathComponent("xcshareddata/xcschemes")
        var schemes: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".xcscheme") {
            schemes[String(name.dropLast(".xcscheme".count))] = try? String(
                contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        self.init(manifest: manifest, projectFile: projectFile, schemes: schemes)
    }

    /// A native target of the project: its name, the targets it depends on, the SDK libraries it links.
    struct NativeTarget: Equatable {
        var name: String
        var dependencies: Set<String>
        var libraries: Set<String>
    }

    /// The native targets of `project.pbxproj` (an old-style property list), by name.
    func nativeTargets() throws -> [String: NativeTarget] {
        let list: Any
        do {
            list = try PropertyListSerialization.propertyList(from: Data(projectFile.utf8), format: nil)
        } catch {
            throw CommandError("project.pbxproj is not a property list: \(error.localizedDescription)")
        }
        guard let objects = (list as? [String: Any])?["objects"] as? [String: [String: Any]] else {
            throw CommandError("project.pbxproj has no objects")
        }
        func strings(_ value: Any?) -> [String] { value as? [String] ?? [] }
        var targets: [String: NativeTarget] = [:]
        for object in objects.values where object["isa"] as? String == "PBXNativeTarget" {
            guard let name = object["name"] as? String else { continue }
            let dependencies = strings(object["dependencies"]).compactMap { id -> String? in
                guard let target = objects[id]?["target"] as? String else { return nil }
                return objects[target]?["name"] as? String
            }
            let libraries = strings(object["buildPhases"]).compactMap { objects[$0] }
                .filter { $0["isa"] as? String == "PBXFrameworksBuildPhase" }
                .flatMap { strings($0["files"]) }
                .compactMap { file -> String? in
                    guard let reference = objects[file]?["fileRef"] as? String, let item = objects[reference] else { return nil }
                    return (item["name"] as? String) ?? (item["path"] as? String).map { ($0 as NSString).lastPathComponent }
                }
            targets[name] = NativeTarget(name: name, dependencies: Set(dependencies), libraries: Set(libraries))
        }
        return targets
    }

    /// The `BlueprintName`s of the `BuildableReference`s inside the `<section …>…</section>` of a scheme.
    static func blueprints(in scheme: String, section: String, where condition: (Substring) -> Bool = { _ in true }) -> [String] {
        guard let start = scheme.range(of: "<\(section)"),
            let end = scheme.range(of: "</\(section)>", range: start.upperBound..<scheme.endIndex)
        else { return [] }
        let body = scheme[start.upperBound..<end.lowerBound]
        var names: [String] = []
        // Each entry (`<BuildActionEntry …>`, `<TestableReference …>`, the run action's
        // `<BuildableProductRunnable …>`) holds one BuildableReference.
        let entries = ["BuildAction": "<BuildActionEntry", "TestAction": "<TestableReference", "LaunchAction": "<BuildableProductRunnable"]
        let entry = entries[section] ?? "<BuildableReference"
        for part in body.components(separatedBy: entry).dropFirst() {
            let text = Substring(part)
            guard condition(text), let range = text.range(of: "BlueprintName = \"") else { continue }
            let rest = text[range.upperBound...]
            if let close = rest.firstIndex(of: "\"") { names.append(String(rest[..<close])) }
        }
        return names
    }

    /// Every difference from the manifest, in words; empty when the project matches.
    public func problems() throws -> [String] {
        var problems: [String] = []
        let targets = try nativeTargets()
        let systems = Dictionary(uniqueKeysWithValues: manifest.targets.filter { $0.kind == .system }.map { ($0.name, $0) })
        let expected = manifest.targets.filter { $0.kind != .system }
        for target in expected {
            guard let native = targets[target.name] else {
                problems.append("target \(target.name) of Package.swift is not in the project")
                continue
            }
            let dependencies = Set(target.targetDependencies.filter { systems[$0] == nil })
            if native.dependencies != dependencies {
                let missing = dependencies.subtracting(native.dependencies).sorted()
                let extra = native.dependencies.subtracting(dependencies).sorted()
                let list = { (names: Set<String>) in names.isEmpty ? "nothing" : names.sorted().joined(separator: ", ") }
                problems.append(
                    "target \(target.name) depends on \(list(native.dependencies)) in the project, on \(list(dependencies)) in Package.swift"
                        + (missing.isEmpty ? "" : " (missing: \(missing.joined(separator: ", ")))")
                        + (extra.isEmpty ? "" : " (extra: \(extra.joined(separator: ", ")))"))
            }
            for system in target.targetDependencies.compactMap({ systems[$0] }) {
                let library = SpecGenerator.sdkLibrary(for: system)
                if !native.libraries.contains(library) {
                    problems.append("target \(target.name) depends on the system library \(system.name) but does not link \(library)")
                }
            }
        }
        let known = Set(expected.map(\.name))
        for name in targets.keys.sorted() where !known.contains(name) {
            problems.append("the project has a target \(name) that Package.swift does not declare")
        }

        let graph = ModuleGraph(manifest: manifest)
        let generator = SpecGenerator(manifest: manifest)
        for test in expected where test.kind == .test {
            let schemeName = FocusedTests.moduleName(ofTestTarget: test.name)
            guard let scheme = schemes[schemeName] else {
                problems.append("no shared scheme \(schemeName) for the tests of \(schemeName) (\(test.name))")
                continue
            }
            let testables = Self.blueprints(in: scheme, section: "TestAction")
            if testables != [test.name] {
                problems.append(
                    "scheme \(schemeName) tests \(testables.isEmpty ? "nothing" : testables.joined(separator: ", ")); it should test \(test.name) only"
                )
            }
            let allowed = Set(graph.closure(of: [test.name]) + generator.schemeBuildTargets(of: test).map(\.target))
            let built = Self.blueprints(in: scheme, section: "BuildAction") { $0.contains("buildForTesting = \"YES\"") }
            let outside = built.filter { !allowed.contains($0) }
            if !outside.isEmpty {
                problems.append(
                    "scheme \(schemeName) builds \(outside.joined(separator: ", ")) for testing, outside the dependency closure of \(test.name)"
                )
            }
        }
        for program in generator.runnablePrograms {
            guard let scheme = schemes[program.name] else {
                problems.append("no shared scheme \(program.name) to run the program \(program.name)")
                continue
            }
            let runs = Self.blueprints(in: scheme, section: "LaunchAction")
            if runs != [program.name] {
                problems.append(
                    "scheme \(program.name) runs \(runs.isEmpty ? "nothing" : runs.joined(separator: ", ")); it should run \(program.name)")
            }
        }
        return problems
    }
}
