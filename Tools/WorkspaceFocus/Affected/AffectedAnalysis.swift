import Foundation
import WorkspaceBase

/// Which targets a change affects and which tests must run for it, by the module graph and by
/// what each test suite says it reads.
///
/// A file maps to the target whose folder holds it; the affected targets are those and
/// everything that depends on them (reverse dependencies, transitively, with test targets that
/// start executables depending on those executables). The package manifest, and a file no target
/// holds and that is not documentation (CI scripts, say), affect everything: it errs toward
/// running more, never toward a "success" that ran nothing the change touched.
///
/// A test target whose own dependencies are affected runs whole. Otherwise it runs the suites
/// (`TestSuites.swift`) that start an affected executable or declare reading a changed file
/// (documentation included: `RepositoryFiles(reading: "README.md")`); a suite that does neither
/// runs only when its target's dependencies change.
public struct AffectedAnalysis: Sendable {
    public let manifest: Manifest
    public let graph: ModuleGraph
    /// For each test target whose suites start executables or read the repository: its suites.
    public let suites: [String: [Suite]]
    /// Each target by name and by folder (without a trailing `/`), the first of each as the
    /// manifest lists them: a change may hold thousands of files, a workspace thousands of targets.
    let targetsByName: [String: Target]
    let targetsByFolder: [String: String]

    /// `endToEndEdges`: test targets that run built executables, and those executables.
    public init(manifest: Manifest, endToEndEdges: [(from: String, to: String)] = [], suites: [String: [Suite]] = [:]) {
        self.manifest = manifest
        self.graph = ModuleGraph(manifest: manifest, extraEdges: endToEndEdges)
        self.suites = suites
        targetsByName = Dictionary(manifest.targets.map { ($0.name, $0) }) { first, _ in first }
        targetsByFolder = Dictionary(manifest.targets.map { ($0.path.hasSuffix("/") ? String($0.path.dropLast()) : $0.path, $0.name) }) {
            first, _ in first
        }
    }

    /// The analysis of the workspace whose sources `files` holds; reading the test targets is one
    /// step of `progress`.
    public init(manifest: Manifest, files: any FileSystem, progress: WorkspaceBase.Progress = .silent) {
        let tests = manifest.targets.filter { $0.kind == .test }
        let executables = Self.executables(of: manifest)
        progress.step("reading the test targets", count: tests.count)
        let scans = tests.map { test in
            defer { progress.advance() }
            return (test: test.name, scan: Self.scan(test, executables: executables, files: files))
        }
        let edges = scans.flatMap { Self.edges(of: $0.test, scan: $0.scan, manifest: manifest) }
        let suites = scans.map { ($0.test, $0.scan.suites) }.filter { $0.1.contains { !$0.executables.isEmpty || !$0.reads.isEmpty } }
        self.init(manifest: manifest, endToEndEdges: edges, suites: Dictionary(uniqueKeysWithValues: suites))
    }

    /// The target whose folder holds `file` (the deepest one, if folders nest).
    public func target(of file: String) -> String? {
        // The folders holding the file, deepest first: `Features/Feed`, then `Features`.
        var end = file.endIndex
        while let slash = file[..<end].lastIndex(of: "/") {
            if let name = targetsByFolder[String(file[..<slash])] { return name }
            end = slash
        }
        return nil
    }

    /// Whether `file` is documentation, which no build reads and only the suites declaring it
    /// test: Markdown anywhere but in a target's declared resources, and everything under `docs/`.
    public func isDocumentation(_ file: String) -> Bool {
        if file.hasPrefix("docs/") { return true }
        guard file.lowercased().hasSuffix(".md") else { return false }
        guard let name = target(of: file), let target = targetsByName[name] else { return true }
        let inTarget = String(file.dropFirst(target.path.count + 1))
        return !target.resources.contains { inTarget == $0.path || inTarget.hasPrefix($0.path + "/") }
    }

    public struct Result: Sendable, Equatable {
        /// Every changed file and what it is: a target's name, or nil.
        public var files: [FileChange]
        /// Why everything runs; empty when only the affected targets do.
        public var reasonsToRunEverything: [String]
        /// The changed targets and their reverse dependencies, in manifest order.
        public var affectedTargets: [String]
        /// The tests to run, in manifest order; a selection with suites runs only those.
        public var selections: [TestSelection]

        public init(files: [FileChange], reasonsToRunEverything: [String], affectedTargets: [String], selections: [TestSelection]) {
            self.files = files
            self.reasonsToRunEverything = reasonsToRunEverything
            self.affectedTargets = affectedTargets
            self.selections = selections
        }

        public var runsEverything: Bool { !reasonsToRunEverything.isEmpty }
        public var testTargets: [String] { selections.map(\.testTarget) }
        /// Changed files that are documentation.
        public var documentation: [String] { files.filter(\.isDocumentation).map(\.path) }
    }

    public struct FileChange: Sendable, Equatable {
        public var path: String
        public var target: String?
        public var isDocumentation: Bool
        /// The suites declaring that they read the file (`DocumentedCommandsTests`).
        public var readers: [String]

        public init(path: String, target: String?, isDocumentation: Bool = false, readers: [String] = []) {
            self.path = path
            self.target = target
            self.isDocumentation = isDocumentation
            self.readers = readers
        }

        /// What the file is, for the report: `Feed`, `documentation, read by …`, `no target`.
        public var role: String {
            guard isDocumentation else { return target ?? "no target" }
            return readers.isEmpty ? "documentation (no test reads it)" : "documentation, read by \(readers.joined(separator: ", "))"
        }
    }

    /// What changed files affect. `files` are relative to the package root.
    public func analyze(_ files: [String]) -> Result {
        var reasons: [String] = []
        var changes: [FileChange] = []
        var changedTargets: [String] = []
        for file in files.sorted() {
            if isDocumentation(file) {
                changes.append(FileChange(path: file, target: target(of: file), isDocumentation: true, readers: readers(of: file)))
                continue
            }
            let target = self.target(of: file)
            changes.append(FileChange(path: file, target: target))
            if let target {
                changedTargets.append(target)
            } else if Conventions.manifestFiles.contains(file) {
                reasons.append("\(file) is the package manifest")
            } else {
                reasons.append("\(file) belongs to no target and is not documentation")
            }
        }
        let allTests = manifest.targets.filter { $0.kind == .test }.map(\.name)
        if !reasons.isEmpty {
            return Result(
                files: changes, reasonsToRunEverything: reasons, affectedTargets: manifest.targetNames,
                selections: allTests.map { TestSelection($0) })
        }
        let reached = Set(graph.reverseClosure(of: changedTargets))
        // Test targets with a suite reading a changed file are affected too.
        let reading = suites.filter { $0.value.contains { suite in files.contains(where: suite.reads) } }.keys
        let affected = manifest.targetNames.filter { reached.contains($0) || reading.contains($0) }
        let selections = affected.filter { targetsByName[$0]?.kind == .test }.compactMap { test in
            selection(of: test, affected: reached, changed: Set(changedTargets), files: files)
        }
        return Result(files: changes, reasonsToRunEverything: [], affectedTargets: affected, selections: selections)
    }

    /// The suites that declare reading `file`.
    func readers(of file: String) -> [String] {
        suites.keys.sorted().flatMap { test in (suites[test] ?? []).filter { $0.reads(file) }.map(\.name) }
    }

    /// A test target whose own dependencies (or sources) changed runs whole; otherwise the
    /// suites that start an affected executable or read a changed file, and nil when none does.
    func selection(of test: String, affected: Set<String>, changed: Set<String>, files: [String]) -> TestSelection? {
        guard let target = targetsByName[test] else { return nil }
        let suites = self.suites[test] ?? []
        // Reached through what it imports (Core, a system library): everything in it may change.
        let imported = changed.contains(test) || graph.closure(of: target.targetDependencies).contains(where: affected.contains)
        if imported || suites.isEmpty { return affected.contains(test) ? TestSelection(test) : nil }
        let chosen = suites.filter { suite in !suite.executables.isDisjoint(with: affected) || files.contains(where: suite.reads) }
        if chosen.isEmpty { return nil }
        return chosen.count == suites.count ? TestSelection(test) : TestSelection(test, suites: chosen.map(\.name))
    }

    // MARK: Commands

    /// What `workspace test` is given for these selections: module names, and a filter when
    /// some selection is narrowed to suites.
    public static func testArguments(for result: Result) -> [String]? {
        guard !result.selections.isEmpty else { return nil }
        var arguments = ["test"] + result.selections.map { FocusedTests.moduleName(ofTestTarget: $0.testTarget) }
        if let filter = TestSelection.filter(for: result.selections) { arguments += ["--filter", filter] }
        return arguments
    }

    /// A GitHub Actions `strategy.matrix`: one entry per test target, with the command that
    /// tests it (`{"include": [{"module": "Feed", "testTarget": "FeedTests", "command": "Tools/workspace test Feed"}]}`).
    public static func matrix(for result: Result) -> String {
        let entries = result.selections.map { selection -> String in
            let module = FocusedTests.moduleName(ofTestTarget: selection.testTarget)
            var command = ["Tools/workspace", "test", module]
            var fields = [("module", module), ("testTarget", selection.testTarget)]
            if let filter = TestSelection.filter(for: [selection]) {
                command += ["--filter", filter]
                fields.append(("filter", filter))
            }
            fields.append(("command", command.shellQuoted))
            return "{" + fields.map { "\(jsonString($0.0)): \(jsonString($0.1))" }.joined(separator: ", ") + "}"
        }
        return "{\"include\": [" + entries.joined(separator: ", ") + "]}"
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    // MARK: End-to-end tests

    /// Test targets that run the package's executables rather than importing them, and the
    /// executables their suites start (`TestSuites.swift`): every one an end-to-end target names
    /// in a string literal (`ProductProcess(name: "cookbook")`; every executable, if it names
    /// none), and those another test target names in a file that starts processes (`Process()`,
    /// `executableURL`). A test that only names a program (AppTests' fuzzer drives each sandbox's
    /// screens in process) does not. `testTargets` limits the scan to those test targets (nil:
    /// every one); `workspace test` passes the ones it runs, since no other test target's edges
    /// can enter their closure.
    public static func endToEndEdges(
        manifest: Manifest, files: any FileSystem, testTargets: Set<String>? = nil
    ) -> [(from: String, to: String)] {
        let executables = executables(of: manifest)
        return manifest.targets.filter { $0.kind == .test && testTargets?.contains($0.name) ?? true }.flatMap { test in
            edges(of: test.name, scan: scan(test, executables: executables, files: files), manifest: manifest)
        }
    }

    /// The executables a test target's suites and helpers start, in manifest order.
    static func edges(of test: String, scan: (suites: [Suite], shared: Suite), manifest: Manifest) -> [(from: String, to: String)] {
        let executables = manifest.targets.filter { $0.kind == .executable }.map(\.name)
        let started = scan.suites.reduce(into: scan.shared.executables) { $0.formUnion($1.executables) }
        let chosen = started.isEmpty && Conventions.endToEndTestTargets.contains(test) ? executables : executables.filter(started.contains)
        return chosen.map { (from: test, to: $0) }
    }
}

extension AffectedAnalysis {
    /// Every name written in quotes in `text`: `"FeedSandbox"` gives `FeedSandbox` (identifier
    /// characters between two quotes, with nothing else inside).
    static func quotedNames(in text: String) -> Set<String> {
        var names = Set<String>()
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, SwiftSource.isIdentifierByte(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\""), end > index + 1 {
                names.insert(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                index = end + 1
            } else {
                index = end
            }
        }
        return names
    }
}
