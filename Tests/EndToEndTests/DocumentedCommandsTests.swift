import Core
import Foundation
import Testing

/// Every command the README shows runs, with its documented exit status: here, on the built
/// programs (the app, the sandboxes, the workspace tool on this repository, read-only), or, for
/// the few that build or change the workspace, by the CI file or test named for it, which must
/// hold it. A command added to the README that is neither is a failure here.
@Suite("README: every command runs")
struct DocumentedCommandsTests {
    /// The whole repository: the README, the files said to run its commands, and everything the
    /// workspace tool reads for `check`, `graph` and `affected`.
    static let repository = RepositoryFiles(reading: ".")

    /// The workspace tool reads this repository with a build folder of its own: the `swift test`
    /// running this test holds SwiftPM's lock on the repository's `.build` until every test has run.
    static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("documented-commands-\(UUID().uuidString)").path

    static func read(_ path: String) throws -> String {
        try repository.text(path)
    }

    /// How a command of the README is run.
    enum Check: Equatable {
        /// Runs the product with these arguments and input here; it must exit with `status`.
        case product(String, [String], input: String, status: Int32)
        /// Builds or changes the workspace, so `file` runs it (the file must contain `text`).
        case runBy(file: String, text: String)
    }

    /// The command lines of the README's `sh` blocks, each without its comment.
    static func commands(in markdown: String) -> [String] {
        var commands: [String] = []
        var inBlock = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = !inBlock && line == "```sh"
                continue
            }
            guard inBlock else { continue }
            let command = (line.range(of: "  #").map { String(line[..<$0.lowerBound]) } ?? String(line))
                .trimmingCharacters(in: .whitespaces)
            if !command.isEmpty { commands.append(command) }
        }
        return commands
    }

    /// A sandbox or the app by the name `Tools/workspace run` takes.
    static func program(_ name: String) -> String {
        name == "cookbook" || name == "App" ? "cookbook" : name.hasSuffix("Sandbox") ? name : name + "Sandbox"
    }

    /// The check for one command line, with `[optional parts]` left out; nil for one nobody runs.
    static func check(for line: String) -> [Check]? {
        let command = line.replacingOccurrences(of: #"\s*\[[^\]]*\]"#, with: "", options: .regularExpression)
        let words = command.split(separator: " ").map(String.init)
        let tool = ["--package-path", repository.root.path, "--scratch-path", scratch]
        switch words.first {
        case "printf":
            // `printf 'SCRIPT' | swift run cookbook`: the script, fed to the app.
            guard let open = command.firstIndex(of: "'"), let close = command[command.index(after: open)...].firstIndex(of: "'") else {
                return nil
            }
            let script = command[command.index(after: open)..<close].replacingOccurrences(of: "\\n", with: "\n")
            return [.product("cookbook", [], input: script, status: 0)]
        case "swift":
            switch Array(words.dropFirst()) {
            case ["run", "cookbook"]: return [.product("cookbook", [], input: "quit\n", status: 0)]
            case ["test"]: return [.runBy(file: ".ci/run", text: "logged test swift test\n")]
            case let rest where rest.starts(with: ["run", "cookbook", "--api-url"]):
                return [.runBy(file: "Tests/EndToEndTests/WebAPIEndToEndTests.swift", text: "\"--api-url\", server.baseURL.absoluteString")]
            case let rest where rest.starts(with: ["build", "--product"]):
                return [.runBy(file: ".ci/run", text: "swift build --build-tests")]
            case let rest where rest.starts(with: ["format", "lint"]):
                return [.runBy(file: ".ci/run", text: command)]
            // The same tool and paths as the lint CI runs: what lints clean, formatting leaves alone.
            case let rest where rest.starts(with: ["format", "--in-place"]):
                return [.runBy(file: ".ci/run", text: command.replacingOccurrences(of: "--in-place", with: "lint --strict"))]
            default: return nil
            }
        case "Tools/workspace":
            let arguments = Array(words.dropFirst())
            switch arguments.first {
            case "run":
                guard arguments.count >= 2 else { return nil }
                if arguments[1] == "Pantry" { return [.runBy(file: "Tools/integration-test.sh", text: "Tools/workspace run Pantry")] }
                return [.product(program(arguments[1]), Array(arguments.dropFirst(2)), input: "quit\n", status: 0)]
            case "new-feature":
                if arguments.contains("--dry-run") { return [.product("workspace", arguments + tool, input: "", status: 0)] }
                return [.runBy(file: "Tools/integration-test.sh", text: "Tools/workspace new-feature Pantry\n")]
            case "test":
                if arguments.contains("Pantry") { return [.runBy(file: "Tools/integration-test.sh", text: "Tools/workspace test Pantry")] }
                if arguments.contains(where: { $0.hasPrefix("--sanitize") }) {
                    return [.runBy(file: "Tests/WorkspaceKitTests/FocusedTestsTests.swift", text: "\"--sanitize=thread\"")]
                }
                if arguments.contains("--filter") {
                    return [.runBy(file: "Tests/WorkspaceKitTests/FocusedTestsTests.swift", text: "\"--filter\"")]
                }
                return [.runBy(file: ".ci/run", text: "Tools/workspace test Feed")]
            case "gallery":
                return [.runBy(file: ".ci/run", text: "Tools/workspace gallery --check --all")]
            case "watch":
                return [.runBy(file: "Tests/EndToEndTests/WatchEndToEndTests.swift", text: "[\"watch\", \"Feed\"")]
            case "spec", "recipes", "folding":
                // Writing would change the repository: `--check` compares what it would write.
                return [.product("workspace", [arguments[0], "--check"] + tool, input: "", status: 0)]
            case "affected" where arguments.contains("--run"):
                return [.runBy(file: ".github/workflows/ci.yml", text: "affected --json")]
            case "insights" where arguments.contains("record"):
                return [
                    .runBy(
                        file: "Tests/WorkspaceKitTests/BuildExplanationEndToEndTests.swift",
                        text: "[\"insights\", \"record\", \"--\", \"swift\", \"build\"]")
                ]
            case "insights" where arguments.contains("--html"):
                // Writing a page into the repository is left to the test that lays it out.
                return [.runBy(file: "Tests/WorkspaceKitTests/InsightsCommandTests.swift", text: "\"--html\", \"out/insights.html\"")]
            case "check", "graph", "affected", "help", "insights":
                return [.product("workspace", arguments + tool, input: "", status: 0)]
            default: return nil
            }
        default: return nil
        }
    }

    @Test("every command in the README's sh blocks has a check")
    func everyCommandHasACheck() async throws {
        let commands = Self.commands(in: try Self.read("README.md"))
        #expect(commands.count >= 20, "\(commands)")
        for command in commands {
            #expect(Self.check(for: command) != nil, "nothing runs the README's “\(command)”")
        }
    }

    @Test("the README's commands run here with their documented exit status, or where they are said to run")
    func commandsRun() async throws {
        // The apps and sandboxes run side by side (as many at once as ProductProcess allows), each
        // with a data folder of its own: one after another they were the suite's longest test. The
        // tool's commands share one scratch folder, whose lock lets one at a time in: they run in
        // order, in one task.
        var toolRuns: [(command: String, arguments: [String], input: String, status: Int32)] = []
        try await withThrowingTaskGroup(of: Void.self) { group in
            for command in Self.commands(in: try Self.read("README.md")) {
                for check in Self.check(for: command) ?? [] {
                    switch check {
                    case .product("workspace", let arguments, let input, let status):
                        toolRuns.append((command, arguments, input, status))
                    case .product(let name, var arguments, let input, let status):
                        if name == "cookbook", !arguments.contains("--help") {
                            arguments = ["--data-dir", temporaryDataDirectory()] + arguments
                        }
                        group.addTask { [arguments] in
                            let result = try await ProductProcess(name: name).run(arguments, input: input, timeout: .seconds(120))
                            #expect(result.status == status, "“\(command)” exited \(result.status): \(result.errorOutput.suffix(800))")
                        }
                    case .runBy(let file, let text):
                        #expect(
                            try Self.read(file).contains(text), "“\(command)” is said to run in \(file), which does not hold “\(text)”")
                    }
                }
            }
            group.addTask { [toolRuns] in
                for run in toolRuns {
                    let result = try await ProductProcess(name: "workspace").run(run.arguments, input: run.input, timeout: .seconds(120))
                    #expect(result.status == run.status, "“\(run.command)” exited \(result.status): \(result.errorOutput.suffix(800))")
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("every link form --help shows opens its screen, with the link's example values")
    func linkForms() async throws {
        let values = ["recipeID": "1", "authorID": "aiko-tanaka", "query": "curry", "servings": "2"]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for form in DeepLinks.validForms {
                var link = form
                for (name, value) in values { link = link.replacingOccurrences(of: "{\(name)}", with: value) }
                let arguments = ["--data-dir", temporaryDataDirectory(), "--open", link]
                group.addTask { [link] in
                    let result = try await ProductProcess(name: "cookbook").run(arguments, input: "quit\n")
                    #expect(result.status == 0, "\(link): \(result.errorOutput)")
                }
            }
            try await group.waitForAll()
        }
    }
}
