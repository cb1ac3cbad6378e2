import Foundation
import Testing

/// The workflow gates every pull request as main is gated, and works in a fork: read from the
/// repository's own CI files, so a step moved out of the gate, a repository variable or a skipped
/// XcodeGen fails here before it fails in CI.
@Suite("CI: one gate for every change")
struct CIGateTests {
    /// The whole repository: the lint's test looks for Swift sources in every top-level folder.
    let repository = RepositoryFiles(reading: ".")

    func read(_ path: String) throws -> String {
        try repository.text(path)
    }

    /// `.ci/run`'s commands up to the point where `--gate` stops, and after it.
    func ciRun() throws -> (gate: String, rest: String) {
        let text = try read(".ci/run")
        let stop = try #require(text.range(of: "if $gate_only; then"))
        return (String(text[..<stop.lowerBound]), String(text[stop.upperBound...]))
    }

    @Test("a pull request runs .ci/run --gate beside the affected tests; main runs the whole of .ci/run")
    func pullRequestsRunTheGate() throws {
        let workflow = try read(".github/workflows/ci.yml")
        #expect(workflow.contains("  pull_request:"))
        let gate = try #require(workflow.range(of: "\n  gate:\n"))
        let full = try #require(workflow.range(of: "\n  full:\n"))
        let gateJob = workflow[gate.upperBound..<full.lowerBound]
        #expect(gateJob.contains("if: github.event_name == 'pull_request'"))
        #expect(gateJob.contains("bash .ci/run --gate"))
        #expect(workflow[full.upperBound...].contains("bash .ci/run\n"))
        #expect(workflow.contains("matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}"))
    }

    @Test("the gate holds every check that needs no whole test suite; only the suites and ThreadSanitizer come after")
    func theGateHoldsEveryCheck() throws {
        let (gate, rest) = try ciRun()
        for command in [
            "swift format lint --strict", "actionlint .github/workflows/ci.yml", "python3 -m unittest discover -s Benchmarks/tests",
            "swift build --build-tests",
            "grep -qE '(error|warning): '",
            "Tools/workspace check", "Tools/workspace spec --check", "Tools/workspace recipes --check", "Tools/workspace folding --check",
            "Tools/workspace gallery --check", "Tools/xcodegen-check.sh",
            "Tools/integration-test.sh", "Tools/gallery-layout-check.sh",
        ] {
            #expect(gate.contains(command), "the gate lacks \(command)")
        }
        #expect(rest.contains("swift test --skip-build \"${tsan[@]}\""))
        // The flags come from one file, which the stress run reads too.
        #expect(gate.contains("source Tools/tsan-flags.sh"))
        #expect(try read("Tools/tsan-flags.sh").contains("tsan=(--sanitize=thread "))
        #expect(try read("Tools/stress-test.sh").contains("source Tools/tsan-flags.sh"))
        // Before the gate ends, ThreadSanitizer only builds, and only in a full run, in the
        // background, and the run waits for it before going on.
        let tsanBuild = try #require(gate.range(of: "swift build --build-tests \"${tsan[@]}\" > \"$logs/tsan-build.log\" 2>&1 &"))
        let fullOnly = try #require(gate.range(of: "if ! $gate_only; then"))
        #expect(fullOnly.upperBound < tsanBuild.lowerBound)
        #expect(gate[tsanBuild.upperBound...].contains("wait \"$tsan_build\""))
        #expect(!gate.contains("swift test --sanitize=thread") && !gate.contains("swift test --skip-build"))
    }

    @Test("the README's two commands run first, exactly as written, before anything builds or caches in the checkout")
    func theReadmeCommandsComeFirst() throws {
        let text = try read(".ci/run")
        let readme = try read("README.md")
        #expect(readme.contains("swift run cookbook     # run the app\nswift test             # run every test\n"))
        let run = try #require(text.range(of: "printf 'quit\\n' | logged run swift run cookbook\n"), ".ci/run does not run the app first")
        let test = try #require(text.range(of: "logged test swift test\n"), ".ci/run does not run swift test")
        #expect(run.upperBound <= test.lowerBound, "swift run cookbook comes before swift test")
        // Before them: the toolchain's version and the system's packages, nothing that writes in the checkout.
        let before = text[..<run.lowerBound].split(separator: "\n").filter { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.isEmpty && !code.hasPrefix("#")
        }
        for line in before {
            for forbidden in ["swift build", "swift test", "swift package", "Tools/", "python3", "swift format", "install-dependencies\n"] {
                #expect(!(line + "\n").contains(forbidden), "“\(line)” runs before the README's commands")
            }
            if line.contains(".ci/install-dependencies") { #expect(line.hasSuffix(".ci/install-dependencies --system")) }
        }
        #expect(before.contains { $0.contains("swift --version") })
    }

    /// The folders `swift format lint` is given on the line of `text` that runs it.
    static func lintedFolders(in text: String) -> [String]? {
        let command = "swift format lint --strict --recursive "
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(command) }) else { return nil }
        return line.dropFirst(command.count).split(separator: " ").map(String.init).filter { $0 != "Package.swift" }
    }

    @Test("the format lint reads every top-level folder holding Swift sources, and the README shows the same command")
    func theLintCoversEveryFolder() throws {
        let linted = try #require(Self.lintedFolders(in: try ciRun().gate), ".ci/run has no lint line")
        let files = FileManager.default
        let folders = try files.contentsOfDirectory(atPath: repository.root.path).filter { !$0.hasPrefix(".") }.sorted()
        for folder in folders {
            let enumerator = files.enumerator(atPath: try repository.url(folder).path)
            var holdsSwift = false
            while let relative = enumerator?.nextObject() as? String, !holdsSwift {
                holdsSwift = relative.hasSuffix(".swift") && !relative.split(separator: "/").contains { $0.hasPrefix(".") }
            }
            #expect(!holdsSwift || linted.contains(folder), "\(folder)/ holds Swift sources the format lint does not read")
        }
        #expect(Self.lintedFolders(in: try read("README.md")) == linted)
    }

    @Test("a pull request's summary says how the change moved its loops: this run's test records against the base branch's")
    func pullRequestSummaryHasTheInsights() throws {
        let workflow = try read(".github/workflows/ci.yml")
        let start = try #require(workflow.range(of: "\n  insights:\n"))
        let end = try #require(workflow.range(of: "\n  gate:\n"))
        let job = workflow[start.upperBound..<end.lowerBound]
        #expect(job.contains("needs: [plan, test]"))
        #expect(job.contains("if: always() && github.event_name == 'pull_request'"))
        let uploads = workflow.components(separatedBy: "name: insights-tests-${{ matrix.module }}").count - 1
        #expect(uploads == 1, "the test jobs keep their records as insights-tests-MODULE")
        #expect(job.components(separatedBy: "pattern: insights-tests-*").count - 1 == 2, "this run's records and the base's")
        #expect(job.contains("Tools/workspace insights --markdown --store .build/insights-run"))
        #expect(job.contains(">> \"$GITHUB_STEP_SUMMARY\"") || job.contains("tee -a \"$GITHUB_STEP_SUMMARY\""))
    }

    @Test("nothing needs a repository variable or another repository, and XcodeGen is never skipped")
    func aForkRunsTheSame() throws {
        let workflow = try read(".github/workflows/ci.yml")
        #expect(!workflow.contains("vars."))
        #expect(!workflow.contains("repository:"))
        for script in ["Tools/xcodegen-check.sh", "Tools/xcode-project.sh", "Tools/integration-test.sh", ".ci/install-xcodegen"] {
            #expect(!(try read(script)).contains("(skipped"), "\(script) may skip XcodeGen")
        }
        let check = try read("Tools/xcodegen-check.sh")
        #expect(check.contains("Tools/xcode-project.sh"))
        #expect(try read("Tools/xcode-project.sh").contains(".ci/install-xcodegen"))
        #expect(check.contains(".ci/xcodegen/validate.py"))
        for file in [".ci/xcodegen/validate.py", ".ci/xcodegen/project-spec.schema.json"] {
            #expect(FileManager.default.fileExists(atPath: try repository.url(file).path), "\(file) is missing")
        }
        let install = try read(".ci/install-xcodegen")
        #expect(install.contains("version=2.45.4"))
        #expect(install.contains("--branch \"$version\""))
    }

    @Test("ThreadSanitizer's build leaves the tool out and its run skips exactly the end-to-end tests that start the tool")
    func threadSanitizerLeavesTheToolOut() throws {
        let flags = try read("Tools/tsan-flags.sh")
        let line = try #require(flags.split(separator: "\n").first { $0.hasPrefix("tsan_tool_end_to_end_tests=") })
        let skipped = line.split(separator: "=", maxSplits: 1)[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(
            separator: "|"
        )
        .map { $0.split(separator: "/")[0] }
        let folder = try repository.url("Tests/EndToEndTests")
        var startingTheTool: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            guard text.contains("ProductProcess(name: \"workspace\")") || text.contains("\"workspace\", arguments:") else { continue }
            for suite in text.matches(of: /\nstruct (\w+) \{/) { startingTheTool.insert(String(suite.1)) }
        }
        #expect(
            Set(skipped.map(String.init)) == startingTheTool,
            "the end-to-end suites that start the workspace tool: \(startingTheTool.sorted())")
        // The tool's targets are told by their folder and what depends on them, not by their names.
        #expect(flags.contains(#"(target.get("path") or "").startswith("Tools/")"#))
        let (gate, rest) = try ciRun()
        #expect(gate.contains(#"COOKBOOK_FOCUS="$tsan_targets" swift build --build-tests"#))
        #expect(rest.contains(#"COOKBOOK_FOCUS="$tsan_targets""#) && rest.contains(#"--skip "$tsan_skip""#))
    }
}
