import CoreTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `workspace watch Feed` on a copy of this workspace: real saves, real builds, the real sandbox.
/// Every wait is bounded (the first build of the copy is a clean one, so it gets minutes); none
/// asserts a time.
@Suite("workspace watch end to end")
struct WatchEndToEndTests {
    /// A copy of the package's sources in a temporary folder, with a build folder of its own.
    final class WorkspaceCopy {
        let root: URL
        let translator: URL
        /// The translator as it was copied.
        let original: String

        init() throws {
            let source = RepositoryFiles(reading: "Package.swift", "Core", "Platform", "Features", "App", "Sandboxes", "Tests", "Tools")
            root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            // Every folder the manifest names a target in, and the manifest.
            for item in source.paths {
                try FileManager.default.copyItem(at: source.url(item), to: root.appendingPathComponent(item))
            }
            translator = root.appendingPathComponent("Features/Feed/FeedTranslator.swift")
            original = try String(contentsOf: translator, encoding: .utf8)
        }

        deinit {
            try? FileManager.default.removeItem(at: root)
        }

        /// Saves the translator with the Popular section's title changed to `title`, and `extra` code after it.
        func saveTranslator(popularTitle title: String, extra: String = "") async throws {
            let edited = original.replacingOccurrences(of: "\"Popular\"", with: "\"\(title)\"") + extra
            try #require(edited != original || title == "Popular", "FeedTranslator.swift no longer says \"Popular\"; update this test")
            try Data(edited.utf8).write(to: translator, options: .atomic)
        }
    }

    @Test("an edit relaunches on the same screen, an error keeps the last good build until fixed; full screen at a terminal")
    func watchAFeature() async throws {
        let copy = try WorkspaceCopy()
        let watch = try LiveProcess(
            "workspace", arguments: ["watch", "Feed", "--open", "cookbook://recipes/3", "--package-path", copy.root.path])
        defer { watch.killNow() }
        func count(_ text: String) -> Int { watch.text.components(separatedBy: text).count - 1 }
        func waitUntil(_ what: String, timeout: Duration = .seconds(300), _ condition: () -> Bool) async throws {
            guard await Waiting.until(timeout: timeout, every: .milliseconds(20), condition) else {
                Issue.record("timed out waiting for \(what) (\(timeout)); the watch printed:\n\(watch.text)")
                throw CancellationError()
            }
        }
        let onDetails = "starting FeedSandbox on cookbook://recipes/3"

        // The first build of the copy is a clean one.
        try await waitUntil("the first launch", timeout: .seconds(900)) { watch.text.contains("Screens.RecipeDetails(recipeID: 3)") }
        #expect(count(onDetails) == 1)

        try await copy.saveTranslator(popularTitle: "Popular, edited")
        try await waitUntil("the relaunch on the same screen") { count(onDetails) == 2 && count("Screens.RecipeDetails(recipeID: 3)") >= 2 }
        #expect(watch.text.contains("Features/Feed/FeedTranslator.swift changed: building FeedSandbox…"))
        watch.send("back")
        try await waitUntil("the edited feed") { watch.text.contains("## Popular, edited") }

        try await copy.saveTranslator(popularTitle: "Popular, edited", extra: "\nlet broken: Int = \"not a number\"\n")
        try await waitUntil("the build error") { watch.text.contains("watch: FeedSandbox keeps running the last good build") }
        #expect(watch.text.contains("watch: FeedSandbox does not build (1 error):"))
        #expect(watch.text.contains("watch: Features/Feed/FeedTranslator.swift:"))
        // The last good build keeps running and answering; the screen the feature pushes (the
        // first popular recipe) is where the fixed build reopens.
        let shown = count("## Popular, edited")
        watch.send("snapshot")
        try await waitUntil("the last good build answering") { count("## Popular, edited") > shown }
        let details = count("Screens.RecipeDetails(recipeID:")
        watch.send("select 1")
        try await waitUntil("the recipe opened again") { count("Screens.RecipeDetails(recipeID:") > details }

        try await copy.saveTranslator(popularTitle: "Popular, fixed")
        try await waitUntil("the relaunch after the fix, on the recipe") {
            count("starting FeedSandbox on cookbook://recipes/") == 3 && count("Screens.RecipeDetails(recipeID:") > details + 1
        }
        watch.send("back")
        try await waitUntil("the fixed feed below it") { watch.text.contains("## Popular, fixed") }

        watch.send("quit")
        #expect(await watch.finish() == 0, "quitting the sandbox ends the watch")

        // The same copy at a terminal: built already, so this build does nothing.
        let terminal = try TerminalSession(ProductProcess(name: "workspace"), ["watch", "Feed", "--package-path", copy.root.path])
        var screen = try await terminal.waitFor("## Popular, fixed", timeout: .seconds(300))
        #expect(screen.isAlternateScreen, "the sandbox runs full screen")
        // A build error takes the sandbox's place; Enter brings the last good build back.
        try await copy.saveTranslator(popularTitle: "Popular, fixed", extra: "\nlet broken: Int = \"not a number\"\n")
        screen = try await terminal.waitFor("FeedSandbox does not build (1 error):", timeout: .seconds(300))
        #expect(!screen.isAlternateScreen)
        #expect(screen.contains("Enter runs the last good build again"))
        terminal.send(TerminalKeys.enter)
        screen = try await terminal.waitFor("## Popular, fixed", timeout: .seconds(60))
        #expect(screen.isAlternateScreen)
        try await copy.saveTranslator(popularTitle: "Popular, at a terminal")
        screen = try await terminal.waitFor("## Popular, at a terminal", timeout: .seconds(300))
        #expect(screen.isAlternateScreen)
        terminal.send(TerminalKeys.controlC)
        #expect(try await terminal.waitForExit(timeout: .seconds(30)) == 130)
        #expect(terminal.isCooked, "echo and line editing are back")
        #expect(!terminal.screen.isAlternateScreen)
    }
}
