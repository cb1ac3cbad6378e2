import Foundation
import WorkspaceBase
import WorkspaceInsights

/// Which tests of one test target to run: all, or only some suites (`EndToEndTests`' suites that
/// start a given sandbox).
public struct TestSelection: Sendable, Equatable {
    public var testTarget: String
    /// Type names of suites; nil runs the whole target.
    public var suites: [String]?

    public init(_ testTarget: String, suites: [String]? = nil) {
        self.testTarget = testTarget
        self.suites = suites
    }

    /// The `swift test --filter` that runs `selections` and nothing else, or nil when every
    /// selection is whole (the focus then holds exactly those test targets).
    public static func filter(for selections: [TestSelection]) -> String? {
        guard selections.contains(where: { $0.suites != nil }) else { return nil }
        let parts = selections.map { selection in
            let target = NSRegularExpression.escapedPattern(for: selection.testTarget)
            guard let suites = selection.suites else { return "\(target)\\." }
            return "\(target)\\.(\(suites.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")))/"
        }
        return "^(\(parts.joined(separator: "|")))"
    }
}

/// `workspace test <Module>…`: runs the tests of some modules, building only what they need (see
/// `Focus`), and counts what passed and failed.
public struct FocusedTests {
    public let manifest: Manifest
    public let files: any FileSystem
    public let packageRoot: String
    /// Where the tests build.
    public let focus: Focus
    public let runner: any CommandRunning
    public var write: (String) -> Void
    public var writeError: (String) -> Void
    /// Records the run in the build insights, when recording is on.
    public var recorder: BuildRecorder?

    public init(
        manifest: Manifest, files: any FileSystem, focus: Focus, runner: any CommandRunning,
        write: @escaping (String) -> Void, writeError: @escaping (String) -> Void
    ) {
        self.manifest = manifest
        self.files = files
        self.packageRoot = focus.packageRoot
        self.focus = focus
        self.runner = runner
        self.write = write
        self.writeError = writeError
    }

    // MARK: Names

    /// What a user types for a test target: `Feed` for FeedTests, `EndToEnd` for EndToEndTests.
    public static func moduleName(ofTestTarget name: String) -> String {
        name.hasSuffix("Tests") && name.count > "Tests".count ? String(name.dropLast("Tests".count)) : name
    }

    /// The names `workspace test` accepts, in manifest order.
    public static func validNames(in manifest: Manifest) -> [String] {
        manifest.targets.filter { $0.kind == .test }.map { moduleName(ofTestTarget: $0.name) }
    }

    /// The test targets of `names` (`Feed` or `FeedTests`), or why one is unknown.
    public static func testTargets(named names: [String], in manifest: Manifest) -> Result<[String], CommandError> {
        let tests = manifest.targets.filter { $0.kind == .test }.map(\.name)
        var result: [String] = []
        for name in names {
            if let match = tests.first(where: { $0 == name || moduleName(ofTestTarget: $0) == name }) {
                if !result.contains(match) { result.append(match) }
                continue
            }
            var message = "unknown module “\(name)”"
            if let near = tests.first(where: {
                moduleName(ofTestTarget: $0).lowercased() == name.lowercased() || $0.lowercased() == name.lowercased()
            }) {
                message += " (did you mean \(moduleName(ofTestTarget: near))?)"
            } else if manifest.target(named: name) != nil {
                message += ": \(name) is a target without a test target of its own"
            }
            message += ". Modules with tests: \(validNames(in: manifest).joined(separator: ", "))"
            return .failure(CommandError(message))
        }
        return .success(result)
    }

    // MARK: Running

    /// The graph the closure is taken in: the manifest's, plus end-to-end test targets' need of
    /// the executables they start.
    func graph(for testTargets: [String]) -> ModuleGraph {
        ModuleGraph(
            manifest: manifest, extraEdges: AffectedAnalysis.endToEndEdges(manifest: manifest, files: files, testTargets: Set(testTargets)))
    }

    /// Everything the selected test targets need, in manifest order.
    public func closure(of selections: [TestSelection]) -> [String] {
        let testTargets = selections.map(\.testTarget)
        return graph(for: testTargets).closure(of: testTargets)
    }

    /// Whether a source of these test targets imports XCTest: if none does, `swift test` is told
    /// so (`--disable-xctest`) and does not run the test bundle a second time to find no XCTest case.
    func usesXCTest(_ testTargets: [String]) -> Bool {
        testTargets.compactMap { manifest.target(named: $0) }.contains { target in
            files.swiftFiles(under: target.path).contains { path in
                guard let text = try? files.read(path), text.contains("XCTest") else { return false }
                return SwiftSource(text).imports.contains { $0.module == "XCTest" }
            }
        }
    }

    /// The arguments of the `swift test` run in the focus.
    func swiftTestArguments(
        filter: String?, sanitizer: String?, xUnitPath: String, xcTest: Bool = true, targets: Set<String> = []
    ) -> [String] {
        var arguments =
            [
                "test", "--package-path", focus.packageRoot, "--scratch-path", focus.scratch(for: targets, sanitizer: sanitizer),
                "--xunit-output", xUnitPath,
            ] + focus.driverRemarks(for: targets)
        if let filter { arguments += ["--filter", filter] }
        if let sanitizer { arguments.append("--sanitize=\(sanitizer)") }
        if !xcTest { arguments.append("--disable-xctest") }
        return arguments
    }

    /// Builds the closure of `selections` in the focus and runs their tests. The
    /// status is 0 only if `swift test` succeeded, no test failed and at least one ran (with no
    /// filter: at least one in each selected target).
    public func run(_ selections: [TestSelection], filter userFilter: String? = nil, sanitizer: String? = nil) throws -> Int32 {
        let targets = closure(of: selections)
        let names = selections.map(\.testTarget)
        let lock = try focus.prepare(Set(targets), of: manifest) {
            writeError("workspace test: waiting for another workspace command building in \(focus.relativeFolder) to finish…")
        }
        defer { lock.unlock() }
        write("workspace test: \(names.joined(separator: ", ")) in a focus of \(targets.count) targets: " + targets.joined(separator: ", "))

        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: reports) }
        let xUnit = reports.appendingPathComponent("results.xml")
        let filter = userFilter ?? TestSelection.filter(for: selections)
        recorder?.remarksAsked = !focus.driverRemarks(for: Set(targets)).isEmpty
        let command = focus.command(
            swiftTestArguments(
                filter: filter, sanitizer: sanitizer, xUnitPath: xUnit.path, xcTest: usesXCTest(names), targets: Set(targets)),
            targets: Set(targets), of: manifest)
        let status = try runner.run(command.program, command.arguments, in: packageRoot) { [write, recorder] line in
            if let shown = BuildRecorder.pass(line, to: recorder) { write(shown) }
        }
        recorder?.finish(exitStatus: status)

        var results = TestResults()
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []).filter { $0.hasSuffix(".xml") }
        for name in written.sorted() {
            if let xml = try? String(contentsOf: reports.appendingPathComponent(name), encoding: .utf8) { results.add(xUnit: xml) }
        }
        return report(results, of: names, status: status, filtered: filter != nil, wroteReports: !written.isEmpty)
    }

    /// Prints the counts and decides the status.
    func report(_ results: TestResults, of testTargets: [String], status: Int32, filtered: Bool, wroteReports: Bool) -> Int32 {
        for target in testTargets {
            let counts = results.byTarget[target] ?? TestResults.Counts()
            write("\(target): \(counts.run) run, \(counts.passed) passed, \(counts.failed) failed, \(counts.skipped) skipped")
        }
        let total = results.total
        write("tests: \(total.passed) passed, \(total.failed) failed, \(total.skipped) skipped")
        if total.failed > 0 {
            writeError("workspace test: \(total.failed) test\(total.failed == 1 ? "" : "s") failed (see above)")
            return 1
        }
        if status != 0 {
            let when = wroteReports ? "after the tests" : "before any test result was written (did the build fail?)"
            writeError("workspace test: `swift test` exited with status \(status) \(when); see its output above")
            return 1
        }
        if total.run == 0 {
            let why =
                filtered
                ? "the filter matched no test"
                : "\(testTargets.joined(separator: ", ")) declare\(testTargets.count == 1 ? "s" : "") no test"
            writeError("workspace test: no test ran: \(why). A run that tests nothing is not a success.")
            return 1
        }
        if !filtered, let empty = testTargets.first(where: { (results.byTarget[$0]?.run ?? 0) == 0 }) {
            writeError("workspace test: \(empty) ran no test; a test target without tests tests nothing")
            return 1
        }
        return 0
    }
}
