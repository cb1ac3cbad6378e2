import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceSpec

@Suite("The docs' module graph and table, from the manifest")
struct ModuleDocsTests {
    /// The fixture with a Platform layer: a web API client that links its HTTP module on Apple platforms only.
    static func manifest() throws -> Manifest {
        var manifest = try Fixtures.manifest()
        manifest.targets += [
            Target(name: "HTTP", kind: .regular, path: "Platform/HTTP"),
            Target(
                name: "WebAPI", kind: .regular, path: "Platform/WebAPI",
                dependencies: [
                    Dependency("Core"), Dependency("HTTP", platforms: ["macos", "maccatalyst", "ios", "tvos", "watchos", "visionos"]),
                ]),
        ]
        return manifest
    }

    static func document(_ docs: ModuleDocs, holds: [String: String] = [:], graph: Bool = true) throws -> String {
        let graphBlock = graph ? [ModuleDocs.Block.graph.begin, ModuleDocs.Block.graph.end, ""] : []
        let empty =
            ["# Architecture", ""] + graphBlock + [ModuleDocs.Block.table.begin]
            + ModuleDocs.tableHeader + holds.map { "| | \($0.key) | | | \($0.value) |" } + [ModuleDocs.Block.table.end, "", "After."]
        return try docs.updated(empty.joined(separator: "\n"))
    }

    /// Every module's row says something it holds.
    static let holds = [
        "Core": "the core", "CoreTesting": "stubs", "SandboxSupport": "what sandboxes share", "*Feature*Sandbox": "a sandbox",
        "CSQLite": "SQLite", "App": "the app", "cookbook": "main", "*Feature*": "a feature", "HTTP": "HTTP", "WebAPI": "the client",
        "EntriesPart*NN*": "the entries",
    ]

    @Test("each row shows the module's layer, folder and the dependencies Package.swift declares")
    func tableFollowsTheManifest() throws {
        let manifest = try Self.manifest()
        let table = ModuleDocs(manifest: manifest).table(keeping: [])
        let rows = table.dropFirst(ModuleDocs.tableHeader.count).map(ModuleDocs.cells(of:))
        #expect(
            rows.map { $0[1] } == [
                "Core", "CoreTesting", "HTTP", "WebAPI", "*Feature*", "SandboxSupport", "*Feature*Sandbox", "CSQLite", "App", "cookbook",
                "EntriesPart*NN*",
            ])
        for row in rows {
            guard let target = manifest.target(named: row[1]), target.kind == .regular || target.kind == .executable else { continue }
            #expect(row[0] == "`\(ModuleLayers.layer(of: target.path))/`")
            #expect(row[2] == "`\(target.path)`")
            let named = target.targetDependencies.map {
                manifest.features.map(\.name).contains($0)
                    ? "the features" : manifest.entries.map(\.name).contains($0) ? "the features' entries" : $0
            }
            let listed =
                row[3] == "nothing"
                ? [] : row[3].components(separatedBy: ", ").map { $0.replacingOccurrences(of: " (Apple platforms)", with: "") }
            #expect(listed == named.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }, "\(row[1])")
        }
        #expect(table.contains("| `Sandboxes/` | SandboxSupport | `Sandboxes/SandboxSupport` | Core, CoreTesting | |"))
        #expect(
            table.contains(
                "| `Sandboxes/` | *Feature*Sandbox | `Sandboxes/<Name>Sandbox` | Core, CoreTesting, SandboxSupport, its feature | |"))
        #expect(table.contains("| `Platform/` | WebAPI | `Platform/WebAPI` | Core, HTTP (Apple platforms) | |"))
        #expect(table.contains("| `App/` | CSQLite | `App/CSQLite` | the system's sqlite3 (pkg-config) | |"))
        #expect(table.contains("| `App/` | EntriesPart*NN* | `App/Entries/EntriesPart<NN>` | Core, its part's features | |"))
    }

    @Test("the tool's libraries are one node and one row, with what they need outside Tools/")
    func toolLibrariesFold() throws {
        var manifest = try Self.manifest()
        manifest.targets += [
            Target(name: "ToolBase", kind: .regular, path: "Tools/ToolBase"),
            Target(
                name: "ToolEngine", kind: .regular, path: "Tools/ToolEngine", dependencies: [Dependency("ToolBase"), Dependency("HTTP")]),
            Target(
                name: "ToolKit", kind: .regular, path: "Tools/ToolKit", dependencies: [Dependency("ToolBase"), Dependency("ToolEngine")]),
            Target(name: "tool", kind: .executable, path: "Tools/ToolMain", dependencies: [Dependency("ToolKit")]),
        ]
        let docs = ModuleDocs(manifest: manifest)
        let graph = docs.graph()
        #expect(graph.contains("    ToolLibrary[\"the tool's libraries\"]"))
        #expect(graph.contains("  ToolLibrary --> HTTP"))
        #expect(graph.contains("  tool --> ToolLibrary"))
        #expect(!graph.contains { $0.contains("ToolBase") || $0.contains("ToolEngine") || $0.contains("ToolKit") })
        let table = docs.table(keeping: [])
        #expect(table.contains("| `Tools/` | *ToolLibrary* | `Tools/<Name>` | HTTP | |"))
        #expect(table.contains("| `Tools/` | tool | `Tools/ToolMain` | the tool's libraries | |"))
    }

    @Test("the graph draws every layer and every dependency, a conditional one dotted with its platforms")
    func graphFollowsTheManifest() throws {
        let graph = ModuleDocs(manifest: try Self.manifest()).graph()
        #expect(graph.first == "```mermaid" && graph.last == "```")
        #expect(graph.contains("  subgraph Platform_layer [\"Platform/\"]"))
        #expect(graph.contains("  WebAPI --> Core"))
        #expect(graph.contains("  WebAPI -. Apple platforms .-> HTTP"))
        #expect(graph.contains("  App --> Core & CSQLite & EntriesPart"))
        #expect(graph.contains("  EntriesPart --> Core & Feature"))
        #expect(graph.contains("  FeatureSandbox --> Core & CoreTesting & SandboxSupport & Feature"))
        #expect(graph.contains("    CSQLite[(CSQLite)]"))
        #expect(!graph.contains { $0.contains("Tests") }, "test targets are left out")
    }

    @Test("a new feature changes neither the graph nor the table")
    func featuresAreFolded() throws {
        let before = ModuleDocs(manifest: try Fixtures.manifest())
        let after = ModuleDocs(manifest: try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry", "MealPlan"])))
        #expect(after.graph() == before.graph())
        #expect(after.table(keeping: []) == before.table(keeping: []))
    }

    @Test("writing keeps the hand-written holds column and the text around the blocks")
    func writingKeepsWhatIsWrittenByHand() throws {
        let docs = ModuleDocs(manifest: try Self.manifest())
        let text = try Self.document(docs, holds: Self.holds)
        #expect(text.hasPrefix("# Architecture\n\n" + ModuleDocs.Block.graph.begin + "\n```mermaid\n"))
        #expect(text.hasSuffix(ModuleDocs.Block.table.end + "\n\nAfter."))
        #expect(text.contains("| `Platform/` | WebAPI | `Platform/WebAPI` | Core, HTTP (Apple platforms) | the client |"))
        #expect(try docs.updated(text) == text)
        let files = InMemoryFileSystem(["docs/architecture.md": text])
        #expect(docs.problems(in: files) == [])
        #expect(try docs.write(to: files) == [])
    }

    @Test("a table stale against the manifest fails the check, naming the file and line; spec writes it again")
    func aStaleTableFails() throws {
        var manifest = try Self.manifest()
        let old = try Self.document(ModuleDocs(manifest: manifest), holds: Self.holds, graph: false)
        // The app starts using the web API client: its row and the graph must say so.
        manifest.targets[4].dependencies.append(Dependency("WebAPI"))
        let docs = ModuleDocs(manifest: manifest)
        let files = InMemoryFileSystem(["docs/architecture.md": old])

        let problems = docs.problems(in: files)
        let line =
            try #require(old.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("| `App/` | App |") }) + 1
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("docs/architecture.md:\(line): the module table is not what Package.swift gives") == true)
        #expect(problems.first?.hasSuffix("— fix: run `Tools/workspace spec`") == true)

        #expect(try docs.write(to: files) == ["docs/architecture.md"])
        let written = try files.read("docs/architecture.md")
        #expect(written.contains("| `App/` | App | `App/App` | Core, CSQLite, the features' entries, WebAPI | the app |"))
        #expect(docs.problems(in: files) == [])
    }

    @Test("a document without a block, a block without its end and a module the table does not describe fail the check")
    func missingPiecesFail() throws {
        let docs = ModuleDocs(manifest: try Self.manifest())
        var holds = Self.holds
        holds["WebAPI"] = nil
        let files = InMemoryFileSystem([
            "README.md": "# Cookbook\n\n```mermaid\ngraph TD\n  App --> Core\n```\n",
            "docs/architecture.md": try Self.document(docs, holds: holds),
        ])
        let problems = docs.problems(in: files)
        #expect(problems.count == 2, "\(problems)")
        #expect(
            problems.first?.hasPrefix("README.md: no generated module graph or table — fix: put \(ModuleDocs.Block.graph.begin)") == true)
        #expect(
            problems.last == "docs/architecture.md: the module table does not say what WebAPI holds — fix: write it in the row's last cell")

        let unterminated = InMemoryFileSystem(["README.md": "\(ModuleDocs.Block.graph.begin)\n```mermaid\n```\n"])
        #expect(docs.problems(in: unterminated) == ["README.md: line 1: the module graph has no end marker <!-- end module graph -->"])
    }

    @Test("spec --check fails on a stale module graph and says what is current when nothing is")
    func theCommandChecksTheDocs() throws {
        let command = WorkspaceCommandTests()
        let spec = SpecGenerator(manifest: try Fixtures.manifest()).generate()
        let stale = try command.run(
            ["spec", "--check"],
            files: [
                "project-spec.yml": spec, "README.md": "\(ModuleDocs.Block.graph.begin)\n```mermaid\n```\n\(ModuleDocs.Block.graph.end)\n",
            ])
        #expect(stale.status == 1)
        #expect(stale.errors.hasPrefix("README.md:3: the module graph is not what Package.swift gives"))

        let graph = try ModuleDocs(manifest: try Fixtures.manifest()).updated(
            "\(ModuleDocs.Block.graph.begin)\n\(ModuleDocs.Block.graph.end)\n")
        let current = try command.run(["spec", "--check"], files: ["project-spec.yml": spec, "README.md": graph])
        #expect(current.status == 0)
        #expect(current.output == "project-spec.yml, the screens' registries and the modules of README.md are current")
    }
}
