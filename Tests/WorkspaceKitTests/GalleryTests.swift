import DataFormats
import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceFocus
@testable import WorkspaceGallery

/// Reports in the shape the programs print, for the fixture workspace's programs.
enum GalleryFixtures {
    static func report(
        _ program: String, owner: String, kind: String, text: String = "# Feed\n", required: [GalleryReport.State] = [.content],
        states: [GalleryReport.State] = [.content], problems: [String] = [], known: [String] = ["Feed", "Favorites", "About"]
    ) -> GalleryReport {
        GalleryReport(
            program: program, owner: owner,
            scenarios: [
                GalleryReport.Scenario(name: "default", summary: "fixtures"), GalleryReport.Scenario(name: "slow", summary: "slow"),
            ],
            screens: [
                GalleryReport.Screen(
                    kind: kind, requiredStates: required,
                    examples: [
                        GalleryReport.Example(
                            descriptor: "Screens.\(kind)()", link: "cookbook://\(kind.lowercased())",
                            renderings: [
                                GalleryReport.Rendering(
                                    moments: [GalleryReport.Moment(scenario: "default"), GalleryReport.Moment(scenario: "slow")],
                                    states: states,
                                    text: text)
                            ])
                    ])
            ],
            knownKinds: known, problems: problems)
    }

    static let feed = report("FeedSandbox", owner: "Feed", kind: "Feed")
    static let favorites = report("FavoritesSandbox", owner: "Favorites", kind: "Favorites", text: "# Favorites\n")
    static let app = report("cookbook", owner: "App", kind: "About", text: "# About Cookbook\n")
    static let all = [feed, favorites, app]

    /// The fixture workspace with `reports` committed in docs/gallery.
    static func files(committing reports: [GalleryReport]) -> InMemoryFileSystem {
        InMemoryFileSystem(GalleryDocuments.files(for: reports))
    }

    /// A runner that builds every program and answers `--gallery` with `reports` (by program).
    /// Answers the build in `disk`'s focus and each program's `--gallery` with its report.
    static func runner(_ disk: FocusOnDisk, _ reports: [GalleryReport], failing: [String: CommandResult] = [:]) -> ScriptedRunner {
        var answers: [String: CommandResult] = [disk.build: CommandResult(status: 0, output: "Build complete!")]
        for report in reports {
            answers[disk.program(report.program, "--gallery")] = CommandResult(
                status: 0, output: String(decoding: report.encoded(), as: UTF8.self))
        }
        answers.merge(failing) { _, new in new }
        return ScriptedRunner(answers)
    }
}

@Suite("workspace gallery: which programs render")
struct GalleryProgramsTests {
    let manifest: Manifest
    let programs: GalleryPrograms
    let analysis: AffectedAnalysis

    init() throws {
        manifest = try Fixtures.manifest()
        programs = GalleryPrograms(manifest: manifest)
        analysis = AffectedAnalysis(manifest: manifest)
    }

    func rendered(_ files: [String], committed: Set<String> = ["FeedSandbox", "FavoritesSandbox", "cookbook"]) -> [String] {
        programs.select(.files(files), committed: committed, analysis: analysis).rendered.map(\.program)
    }

    @Test("every sandbox and the app's executable; the app is not built from the features it only links")
    func programsAndTheirModules() {
        #expect(manifest.target(named: "SandboxSupport")?.path == "Sandboxes/SandboxSupport", "a library beside the sandboxes")
        #expect(manifest.sandboxes.map(\.name) == ["FeedSandbox", "FavoritesSandbox"])
        #expect(programs.names == ["FeedSandbox", "FavoritesSandbox", "cookbook"])
        let app = programs.programs[2]
        #expect(app.modules == ["cookbook", "App", "Core", "CSQLite"])
        #expect(programs.programs[0].modules == ["FeedSandbox", "Feed", "Core", "CoreTesting", "SandboxSupport"])
    }

    @Test(
        "a change renders the programs built from it, and only those",
        arguments: [
            (["Features/Feed/FeedScreen.swift"], ["FeedSandbox"]),
            (["Features/Feed/FeedScreen.swift", "Features/Favorites/FavoritesScreen.swift"], ["FeedSandbox", "FavoritesSandbox"]),
            (["App/App/Legacy/About.swift"], ["cookbook"]),
            (["Core/CoreTesting/Scenario.swift"], ["FeedSandbox", "FavoritesSandbox"]),
            (["Sandboxes/SandboxSupport/Sandbox.swift"], ["FeedSandbox", "FavoritesSandbox"]),
            (["Core/Core/Screen.swift"], ["FeedSandbox", "FavoritesSandbox", "cookbook"]),
            (["Package.swift"], ["FeedSandbox", "FavoritesSandbox", "cookbook"]),
            (["README.md", "docs/terminal.md", "docs/gallery/Feed.md", ".ci/run", "Tests/FeedTests/FeedTests.swift"], []),
            ([], []),
        ])
    func selection(files: [String], expected: [String]) {
        #expect(rendered(files) == expected)
    }

    @Test("a program the committed gallery does not have renders, and says why; the others are skipped")
    func notCommitted() {
        let selection = programs.select(.files([]), committed: ["FeedSandbox", "cookbook"], analysis: analysis)
        #expect(selection.rendered == [.init(program: "FavoritesSandbox", reason: "the committed gallery does not have it")])
        #expect(selection.skipped == ["FeedSandbox", "cookbook"])
    }

    @Test("the reason names what changed")
    func reasons() {
        let selection = programs.select(.files(["Features/Feed/FeedScreen.swift"]), committed: ["FeedSandbox"], analysis: analysis)
        #expect(selection.rendered.first == .init(program: "FeedSandbox", reason: "built from what changed: Feed"))
        let all = programs.select(.everything("--all"), committed: [], analysis: analysis)
        #expect(all.rendered.map(\.reason) == ["--all", "--all", "--all"])
    }
}

@Suite("workspace gallery: the files")
struct GalleryDocumentsTests {
    @Test("one page per owner, an index, the HTML page and the data; the same reports give the same bytes")
    func files() {
        let files = GalleryDocuments.files(for: GalleryFixtures.all)

        #expect(
            files.keys.sorted() == [
                "docs/gallery/App.md", "docs/gallery/Favorites.md", "docs/gallery/Feed.md", "docs/gallery/README.md",
                "docs/gallery/gallery.html", "docs/gallery/gallery.json",
            ])
        #expect(GalleryDocuments.files(for: GalleryFixtures.all) == files)
    }

    @Test("pages list screens, scenarios and renderings in the programs' order, with the moments and states of each")
    func page() throws {
        let page = try #require(GalleryDocuments.files(for: GalleryFixtures.all)["docs/gallery/Feed.md"])

        #expect(page.contains("| `default` | fixtures |\n| `slow` | slow |"))
        #expect(page.contains("## Screens.Feed\n\nMust reach: content. Every one is reached."))
        #expect(page.contains("### `Screens.Feed()` · `cookbook://feed`\n\n#### default · slow — content\n\n```text\n# Feed\n```\n"))
        let index = try #require(GalleryDocuments.files(for: GalleryFixtures.all)["docs/gallery/README.md"])
        #expect(index.contains("| [Feed](Feed.md) | `FeedSandbox` | `Screens.Feed` | 2 | 1 |"))
        #expect(index.contains("| `Screens.Favorites` | [Favorites](Favorites.md#screensfavorites) | content | all |"))
        let feedLine = try #require(index.range(of: "| [Feed]"))
        let appLine = try #require(index.range(of: "| [App]"))
        #expect(feedLine.lowerBound < appLine.lowerBound)
    }

    @Test("nothing of the machine or the moment: no absolute path, no date or time of the run")
    func noMachineOrMoment() {
        let text = GalleryDocuments.files(for: GalleryFixtures.all).values.joined()
        #expect(!text.contains(FileManager.default.currentDirectoryPath))
        #expect(!text.contains(NSHomeDirectory()))
        let today = ISO8601DateFormatter().string(from: Date()).prefix(10)
        #expect(!text.contains(today))
    }

    @Test("a screen whose text holds a code fence gets a longer one")
    func fences() {
        #expect(GalleryDocuments.fence(for: "plain") == "```")
        #expect(GalleryDocuments.fence(for: "a ``` b ```` c") == "`````")
    }

    @Test("the HTML page escapes the screens' text and is whole: every card closed")
    func html() throws {
        let tricky = GalleryFixtures.report("FeedSandbox", owner: "Feed", kind: "Feed", text: "<b>Fish & \"Chips\"</b>\n")
        let page = try #require(GalleryDocuments.files(for: [tricky])["docs/gallery/gallery.html"])

        #expect(page.contains("&lt;b&gt;Fish &amp; &quot;Chips&quot;&lt;/b&gt;"))
        #expect(!page.contains("<b>Fish"))
        #expect(page.components(separatedBy: "<figure").count == page.components(separatedBy: "</figure>").count)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.hasSuffix("</html>\n"))
        #expect(!page.contains("http://") && !page.contains("https://"), "self-contained: nothing loaded from elsewhere")
    }

    @Test("the data file reads back as the reports")
    func data() throws {
        let json = try #require(GalleryDocuments.files(for: GalleryFixtures.all)[GalleryDocuments.data])
        #expect(try ScreenGallery.decode(Data(json.utf8), source: "gallery.json").reports == GalleryFixtures.all)
    }
}

@Suite("workspace gallery: complete")
struct GalleryCheckTests {
    @Test("a planted missing state is reported: the screen, the state and the scenarios, with the fix")
    func plantedMissingState() {
        let planted = GalleryFixtures.report("FeedSandbox", owner: "Feed", kind: "Feed", required: [.loading, .content, .empty])
        let problems = GalleryCheck.problems(in: [planted, GalleryFixtures.favorites, GalleryFixtures.app])

        #expect(
            problems == [
                "FeedSandbox: no scenario reaches its states “loading”, “empty” of Screens.Feed (scenarios: default, slow); "
                    + "add a scenario that does, or a gallery script that drives the screen there (.screen(…, scripts: [.run([\"toggle 1\"])]))"
            ])
    }

    @Test("a kind of screen no program renders is reported, with where to link it")
    func unrendered() {
        let problems = GalleryCheck.problems(in: [GalleryFixtures.feed, GalleryFixtures.app])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Screens.Favorites: no program renders it; link its builder in its feature's sandbox") == true)
    }

    @Test("what a program reported is said with its name; a complete gallery has no problem")
    func programProblems() {
        let broken = GalleryFixtures.report(
            "FeedSandbox", owner: "Feed", kind: "Feed", problems: ["the scenario “broken” cannot start: the fixture file is missing"])
        #expect(
            GalleryCheck.problems(in: [broken, GalleryFixtures.favorites, GalleryFixtures.app]) == [
                "FeedSandbox: the scenario “broken” cannot start: the fixture file is missing"
            ])
        #expect(GalleryCheck.problems(in: GalleryFixtures.all).isEmpty)
    }
}

@Suite("workspace gallery: the run")
struct GalleryRunTests {
    /// Where the programs build in this test; its commands are the runner's keys.
    let disk: FocusOnDisk

    init() throws {
        disk = try FocusOnDisk()
    }

    func run(
        _ mode: GalleryRun.Mode, change: GalleryPrograms.Change, files: InMemoryFileSystem, runner: ScriptedRunner
    ) throws -> (status: Int32, output: String, errors: String) {
        var output: [String] = []
        var errors: [String] = []
        let gallery = GalleryRun(
            manifest: try Fixtures.manifest(), files: files, runner: runner, focus: disk.focus, write: { output.append($0) },
            writeError: { errors.append($0) })
        let status = try gallery.run(mode, change: change)
        return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"))
    }

    @Test("one feature changed: only its sandbox is built and rendered, the others are taken from the committed gallery")
    func onlyAffected() throws {
        let files = GalleryFixtures.files(committing: GalleryFixtures.all)
        let edited = GalleryFixtures.report("FeedSandbox", owner: "Feed", kind: "Feed", text: "# Feed, edited\n")
        let runner = GalleryFixtures.runner(disk, [edited])

        let result = try run(.write, change: .files(["Features/Feed/FeedTranslator.swift"]), files: files, runner: runner)

        #expect(result.status == 0, "\(result.errors)")
        #expect(runner.calls == [disk.build, disk.program("FeedSandbox", "--gallery")])
        // The focus held FeedSandbox's closure and nothing else.
        let focused = try #require(runner.focuses.first)
        #expect(focused.contains("FeedSandbox") && !focused.contains("FavoritesSandbox"))
        #expect(
            result.output.contains(
                "gallery: rendered 1 screen (1 rendering) in 1 program (FeedSandbox); "
                    + "skipped 2 screens (2 renderings) in 2 programs the change does not affect (FavoritesSandbox, cookbook)"))
        #expect(try files.read("docs/gallery/Feed.md").contains("# Feed, edited"))
        #expect(
            try files.read("docs/gallery/Favorites.md") == GalleryDocuments.files(for: GalleryFixtures.all)["docs/gallery/Favorites.md"])
    }

    @Test("--check: a screen that renders differently fails with a unified diff and writes nothing")
    func checkShowsTheDiff() throws {
        let files = GalleryFixtures.files(committing: GalleryFixtures.all)
        let before = files.contents
        let edited = GalleryFixtures.report("FeedSandbox", owner: "Feed", kind: "Feed", text: "# Feed, edited\n")

        let result = try run(
            .check, change: .files(["Features/Feed/FeedTranslator.swift"]), files: files, runner: GalleryFixtures.runner(disk, [edited]))

        #expect(result.status == 1)
        #expect(result.output.contains("--- docs/gallery/Feed.md (as it is)\n+++ docs/gallery/Feed.md (as rendered now)\n"))
        #expect(result.output.contains("\n-# Feed\n+# Feed, edited\n"))
        #expect(result.output.contains("(docs/gallery/gallery.html and docs/gallery/gallery.json differ the same way)"))
        #expect(result.errors.contains("gallery --check: 3 file(s) of docs/gallery differ"))
        #expect(files.contents == before)
    }

    @Test("--check passes on a current gallery, and renders nothing when nothing a program is built from changed")
    func checkCurrent() throws {
        let runner = GalleryFixtures.runner(disk, GalleryFixtures.all)
        let result = try run(
            .check, change: .files(["README.md"], since: "HEAD, plus uncommitted and untracked files"),
            files: GalleryFixtures.files(committing: GalleryFixtures.all), runner: runner)

        #expect(result.status == 0, "\(result.errors)")
        #expect(runner.calls.isEmpty)
        // Nothing rendered is said as such, with the base and the way to check every screen.
        #expect(
            result.output.contains(
                "gallery: nothing a program is built from changed since HEAD, plus uncommitted and untracked files, so no screen "
                    + "rendered again; 3 screens (3 renderings) in 3 programs come from docs/gallery/gallery.json as committed. "
                    + "`Tools/workspace gallery --check --all` renders and checks every screen"))
        #expect(!result.output.contains("rendered 0 screens"))
        #expect(result.output.contains("gallery --check: docs/gallery is current"))
    }

    @Test("--check: a hand edit of a page fails, though its program is not rendered again")
    func handEdit() throws {
        let files = GalleryFixtures.files(committing: GalleryFixtures.all)
        try files.write(
            try files.read("docs/gallery/Favorites.md").replacingOccurrences(of: "# Favorites\n", with: "# Favourites\n"),
            to: "docs/gallery/Favorites.md")
        let runner = GalleryFixtures.runner(disk, GalleryFixtures.all)

        let result = try run(.check, change: .files(["docs/gallery/Favorites.md"]), files: files, runner: runner)

        #expect(result.status == 1)
        #expect(runner.calls.isEmpty)
        #expect(result.output.contains("-# Favourites\n+# Favorites\n"))
    }

    @Test("no committed gallery: every program renders and every file is written")
    func firstRun() throws {
        let files = InMemoryFileSystem()
        let result = try run(.write, change: .files([]), files: files, runner: GalleryFixtures.runner(disk, GalleryFixtures.all))

        #expect(result.status == 0, "\(result.errors)")
        #expect(files.contents == GalleryDocuments.files(for: GalleryFixtures.all))
    }

    @Test("a program that does not build: nothing is written, the error is shown, exit 1")
    func buildFailure() throws {
        let files = GalleryFixtures.files(committing: GalleryFixtures.all)
        let before = files.contents
        let runner = GalleryFixtures.runner(
            disk,
            GalleryFixtures.all,
            failing: [
                disk.build: CommandResult(
                    status: 1, output: "Features/Feed/FeedScreen.swift:3:1: error: expected declaration\n")
            ])

        let result = try run(.write, change: .everything("--all"), files: files, runner: runner)

        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "gallery: nothing written: the programs do not build (status 1):\nFeatures/Feed/FeedScreen.swift:3:1: error: expected declaration"
            ))
        #expect(files.contents == before)
    }

    @Test("a program whose output is not a report is named with what is wrong")
    func notAReport() throws {
        let runner = GalleryFixtures.runner(
            disk,
            GalleryFixtures.all, failing: [disk.program("cookbook", "--gallery"): CommandResult(status: 0, output: "Hello\n")])

        let result = try run(.write, change: .everything("--all"), files: InMemoryFileSystem(), runner: runner)

        #expect(result.status == 1)
        #expect(result.errors.contains("gallery: cookbook --gallery: it is not valid JSON"))
    }

    @Test("a scenario that could not start: the rest is written, the scenario is named, exit 1")
    func scenarioProblem() throws {
        let files = InMemoryFileSystem()
        let broken = GalleryFixtures.report(
            "FavoritesSandbox", owner: "Favorites", kind: "Favorites", problems: ["the scenario “broken” cannot start: no fixtures"])
        let runner = GalleryFixtures.runner(disk, [GalleryFixtures.feed, broken, GalleryFixtures.app])

        let result = try run(.write, change: .everything("--all"), files: files, runner: runner)

        #expect(result.status == 1)
        #expect(result.errors.contains("gallery: FavoritesSandbox: the scenario “broken” cannot start: no fixtures"))
        #expect(files.fileExists("docs/gallery/Favorites.md"))
    }

    @Test("a page of an owner no program has any more is removed")
    func stalePage() throws {
        let files = GalleryFixtures.files(committing: GalleryFixtures.all)
        try files.write("old", to: "docs/gallery/Pantry.md")

        let result = try run(.write, change: .everything("--all"), files: files, runner: GalleryFixtures.runner(disk, GalleryFixtures.all))

        #expect(result.status == 0)
        #expect(!files.fileExists("docs/gallery/Pantry.md"))
        #expect(result.output.contains("removed docs/gallery/Pantry.md"))
    }
}

@Suite("UnifiedDiff")
struct UnifiedDiffTests {
    @Test("equal texts have no diff")
    func equal() {
        #expect(UnifiedDiff.diff(from: "a\nb\n", to: "a\nb\n", oldName: "x", newName: "y") == "")
    }

    @Test("a changed line in the middle: one hunk with three lines of context, as diff -u prints it")
    func changedLine() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")

        #expect(
            UnifiedDiff.diff(from: old, to: new, oldName: "a", newName: "b") == """
                --- a
                +++ b
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test("lines added at the end, and removed at the start, each in its own hunk")
    func addedAndRemoved() {
        let old = (1...12).map { "l\($0)" }.joined(separator: "\n") + "\n"
        let new = (2...12).map { "l\($0)" }.joined(separator: "\n") + "\nl13\n"

        let diff = UnifiedDiff.diff(from: old, to: new, oldName: "a", newName: "b")

        #expect(diff.contains("@@ -1,4 +1,3 @@\n-l1\n l2\n l3\n l4\n"))
        #expect(diff.contains("@@ -10,3 +9,4 @@\n l10\n l11\n l12\n+l13\n"))
    }
}
