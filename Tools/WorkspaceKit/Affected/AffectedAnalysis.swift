import Foundation

/// Which targets a change affects and which tests must run for it, by the module graph.
///
/// A file maps to the target whose folder holds it; the affected targets are those and
/// everything that depends on them (reverse dependencies, transitively, with end-to-end test
/// targets depending on the executables they start). Documentation (Markdown, `docs/`) affects
/// nothing. The package manifest, and a file no target holds and that is not documentation (CI
/// scripts, say), affect everything: it errs toward running more, never toward a "success" that
/// ran nothing the change touched.
///
/// An end-to-end test target affected only through some executables runs only the suites that
/// name one of them (`ProductProcess(name: "FeedSandbox")`), plus any suite that names none.
public struct AffectedAnalysis: Sendable {
    public let manifest: Manifest
    public let graph: ModuleGraph
    /// For each end-to-end test target: its suites (top-level types) and the executables each names.
    public let endToEndSuites: [String: [Suite]]

    public struct Suite: Sendable, Equatable {
        public var name: String
        /// Executables the suite names in a string literal.
        public var executables: Set<String>

        public init(_ name: String, executables: Set<String>) {
            self.name = name
            self.executables = executables
        }
    }

    /// `endToEndEdges`: test targets that run built executables, and those executables.
    public init(manifest: Manifest, endToEndEdges: [(from: String, to: String)] = [], endToEndSuites: [String: [Suite]] = [:]) {
        self.manifest = manifest
        self.graph = ModuleGraph(manifest: manifest, extraEdges: endToEndEdges)
        self.endToEndSuites = endToEndSuites
    }

    /// The analysis of the workspace whose sources `files` holds.
    public init(manifest: Manifest, files: any FileSystem) {
        let edges = Self.endToEndEdges(manifest: manifest, files: files)
        let suites = Dictionary(
            Set(edges.map(\.from)).map { target in (target, Self.suites(of: target, manifest: manifest, files: files)) },
            uniquingKeysWith: { first, _ in first })
        self.init(manifest: manifest, endToEndEdges: edges, endToEndSuites: suites)
    }

    /// The target whose folder holds `file` (the deepest one, if folders nest).
    public func target(of file: String) -> String? {
        manifest.targets
            .filter { file.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
            .max { $0.path.count < $1.path.count }?
            .name
    }

    /// Whether `file` is documentation, which no build or test reads: Markdown anywhere but in
    /// a target's declared resources, and everything under `docs/`.
    public func isDocumentation(_ file: String) -> Bool {
        if file.hasPrefix("docs/") { return true }
        guard file.lowercased().hasSuffix(".md") else { return false }
        guard let name = target(of: file), let target = manifest.target(named: name) else { return true }
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

        public var runsEverything: Bool { !reasonsToRunEverything.isEmpty }
        public var testTargets: [String] { selections.map(\.testTarget) }
        /// Changed files that are documentation.
        public var documentation: [String] { files.filter(\.isDocumentation).map(\.path) }
    }

    public struct FileChange: Sendable, Equatable {
        public var path: String
        public var target: String?
        public var isDocumentation: Bool

        public init(path: String, target: String?, isDocumentation: Bool = false) {
            self.path = path
            self.target = target
            self.isDocumentation = isDocumentation
        }

        /// What the file is, for the report: `Feed`, `documentation`, `no target`.
        public var role: String {
            isDocumentation ? "documentation (no test reads it)" : target ?? "no target"
        }
    }

    /// What changed files affect. `files` are relative to the package root.
    public func analyze(_ files: [String]) -> Result {
        var reasons: [String] = []
        var changes: [FileChange] = []
        var changedTargets: [String] = []
        for file in files.sorted() {
            if isDocumentation(file) {
                changes.append(FileChange(path: file, target: target(of: file), isDocumentation: true))
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
        let affected = graph.reverseClosure(of: changedTargets)
        let affectedSet = Set(affected)
        let selections = affected.filter { manifest.target(named: $0)?.kind == .test }.map { test in
            selection(of: test, affected: affectedSet, changed: Set(changedTargets))
        }
        return Result(files: changes, reasonsToRunEverything: [], affectedTargets: affected, selections: selections)
    }

    /// An end-to-end target reached only through executables runs the suites naming one of
    /// them, and the suites naming none; anything else runs whole.
    func selection(of test: String, affected: Set<String>, changed: Set<String>) -> TestSelection {
        guard let suites = endToEndSuites[test], !suites.isEmpty, !changed.contains(test),
            let target = manifest.target(named: test)
        else { return TestSelection(test) }
        // Reached through what it imports (Core, a system library): everything in it may change.
        if graph.closure(of: target.targetDependencies).contains(where: affected.contains) { return TestSelection(test) }
        let chosen = suites.filter { $0.executables.isEmpty || !$0.executables.isDisjoint(with: affected) }
        return chosen.count == suites.count || chosen.isEmpty ? TestSelection(test) : TestSelection(test, suites: chosen.map(\.name))
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
    /// executables each one names in a string literal (`ProductProcess(name: "cookbook")`): the
    /// conventional end-to-end targets (every executable, if they name none), and any test target
    /// whose sources start processes (`Process()`, `executableURL`) and name an executable. A test
    /// that only names a program (AppTests' fuzzer drives each sandbox's screens in process) does not.
    /// `testTargets` limits the scan to those test targets (nil: every one); `workspace test`
    /// passes the ones it runs, since no other test target's edges can enter their closure.
    public static func endToEndEdges(
        manifest: Manifest, files: any FileSystem, testTargets: Set<String>? = nil
    ) -> [(from: String, to: String)] {
        let executables = manifest.targets.filter { $0.kind == .executable }.map(\.name)
        var edges: [(from: String, to: String)] = []
        for test in manifest.targets where test.kind == .test && testTargets?.contains(test.name) ?? true {
            let sources = files.swiftFiles(under: test.path).compactMap { try? files.read($0) }
            // The quoted names read once per file, not each executable searched for in each file:
            // a thousand test targets and a thousand sandboxes made that a minute.
            let quoted = sources.reduce(into: Set<String>()) { $0.formUnion(quotedNames(in: $1)) }
            let named = executables.filter(quoted.contains)
            if Conventions.endToEndTestTargets.contains(test.name) {
                edges += (named.isEmpty ? executables : named).map { (from: test.name, to: $0) }
                continue
            }
            // Parsed (to leave comments and strings out) only where the words occur at all.
            let startWords = ["Process()", "executableURL"]
            let startsProcesses = sources.contains { text in
                startWords.contains(where: text.contains) && startWords.contains(where: SwiftSource(text).code.contains)
            }
            if startsProcesses { edges += named.map { (from: test.name, to: $0) } }
        }
        return edges
    }

    /// The suites of a test target (top-level types holding `@Test`s) and the executables each names in a string literal
    /// (in its body, or anywhere in its file outside every type: a file-level `let app = "cookbook"`
    /// counts for each suite of the file).
    public static func suites(of testTarget: String, manifest: Manifest, files: any FileSystem) -> [Suite] {
        guard let target = manifest.target(named: testTarget) else { return [] }
        let executables = Set(manifest.targets.filter { $0.kind == .executable }.map(\.name))
        func named(in text: String) -> Set<String> {
            quotedNames(in: text).intersection(executables)
        }
        var suites: [Suite] = []
        for path in files.swiftFiles(under: target.path) {
            guard let text = try? files.read(path) else { continue }
            let declarations = SwiftSource(text).typeDeclarations
            let topLevel = declarations.filter { inner in
                inner.kind != "extension" && inner.kind != "protocol"
                    && !declarations.contains { $0.open < inner.open && inner.close < $0.close }
            }
            // What the file names outside every type's body counts for each of its suites.
            let bytes = Array(text.utf8)
            var outside: [UInt8] = []
            var index = 0
            for declaration in topLevel where declaration.open >= index {
                outside += bytes[index..<declaration.open]
                index = declaration.close + 1
            }
            outside += bytes[min(index, bytes.count)...]
            let fileLevel = named(in: String(decoding: outside, as: UTF8.self))
            // Suites hold tests; helper types (ProductProcess) do not run anything by themselves.
            let code = SwiftSource(text).code
            for declaration in topLevel where SourceEdits.slice(code, declaration.open..<(declaration.close + 1)).contains("@Test") {
                let body = SourceEdits.slice(text, declaration.open..<(declaration.close + 1))
                suites.append(Suite(declaration.name, executables: named(in: body).union(fileLevel)))
            }
        }
        return suites.sorted { $0.name < $1.name }
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
