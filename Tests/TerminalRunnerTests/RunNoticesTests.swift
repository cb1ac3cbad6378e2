import Core
import CoreTesting
import Foundation
import Testing

@testable import TerminalRunner

/// What a run tells the person besides its screens: the banner on every screen, warnings once,
/// and status 4 for changes that were not saved.
@Suite("RunNotices: banner, warnings, unsaved changes")
@MainActor
struct RunNoticesTests {
    static let banner = "Not saving: the data directory is read-only; changes are kept in memory only and lost at quit"

    @Test("a warning is delivered once, in order; warnings before a listener wait for it")
    func warningsOnce() {
        let notices = RunNotices()
        notices.warn("first")
        notices.warn("second")
        notices.warn("first")
        let heard = Heard()
        notices.deliver(to: heard.append)
        notices.warn("third")
        notices.warn("second")
        #expect(heard.messages == ["first", "second", "third"])
        #expect(notices.warnings == ["first", "second", "third"])

        notices.deliver(to: nil)
        notices.warn("fourth")
        #expect(heard.messages.count == 3, "no listener: the warning waits")
        let later = Heard()
        notices.deliver(to: later.append)
        #expect(later.messages == ["fourth"])
    }

    @Test("the summary counts the unsaved changes, in words; none, no summary")
    func summary() {
        let notices = RunNotices()
        #expect(notices.unsavedSummary == nil)
        notices.recordUnsavedChange()
        #expect(notices.unsavedSummary == "1 change made in this run was not saved.")
        notices.recordUnsavedChange()
        #expect(notices.unsavedSummary == "2 changes made in this run were not saved.")
    }

    @Test("a run that ends with unsaved changes exits 4; a failed script keeps its 1; none changes nothing")
    func finish() {
        let program = ProgramInfo(name: "demo", summary: "a demo")
        let clean = RunNotices()
        #expect(Runner.finish(.success, notices: clean, program: program) == .success)
        let lost = RunNotices()
        lost.recordUnsavedChange()
        #expect(Runner.finish(.success, notices: lost, program: program) == .unsavedChanges)
        #expect(Runner.finish(.scriptFailed, notices: lost, program: program) == .scriptFailed)
        #expect(Runner.ExitCode.unsavedChanges.rawValue == 4)
    }

    @Test("the banner is drawn under the breadcrumb in place of the rule, wrapped, as a red bar the width of the window")
    func bannerInTheFrame() {
        var input = FrameInput(
            rows: 10, columns: 50, tabs: ["Feed", "Search"], path: ["Feed"], content: ScreenContent<RowKey>(title: "Feed"))
        #expect(FrameRenderer.render(input).text[2] == String(repeating: "─", count: 50))
        input.banner = Self.banner
        let frame = FrameRenderer.render(input)
        #expect(frame.text[2] == "! Not saving: the data directory is read-only;    ")
        #expect(frame.text[3] == "  changes are kept in memory only and lost at quit", "the banner wraps under its mark")
        #expect(frame.lines[2...3].allSatisfy { $0.spans.allSatisfy { $0.style == [.bold, .red, .reverse] } })
        #expect(frame.text[4] == "# Feed", "the body starts under it")
        #expect(frame.lines.count == 10)
    }

    @Test("script output starts every screen with the banner; the full screen shows it too")
    func bannerOnEveryScreen() async {
        let tabBar = TabBar(stack("Search", root: StaticScreen("Search")), [stack("Favorites", root: StaticScreen("Favorites"))])
        tabBar.notices.banner = Self.banner
        await tabBar.start()
        #expect(SessionText.render(tabBar).hasPrefix("! \(Self.banner)\nTabs: [Search] | Favorites\n# Search"))
        await tabBar.select(tabAt: 1)
        #expect(SessionText.render(tabBar).hasPrefix("! \(Self.banner)\nTabs: Search | [Favorites]\n"))

        let controller = SessionController(tabBar: tabBar, rows: 12, columns: 200)
        #expect(controller.render().frame.text[2].hasPrefix("! \(Self.banner)  "), "padded to the width")
    }

    @Test("a script whose session has unsaved changes exits 4")
    func scriptExitsFour() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notices-\(UUID().uuidString).txt").path
        try "expect Search\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = await Runner.main(ProgramInfo(name: "demo", summary: "a demo"), arguments: ["--script", path]) { _ in
            let tabBar = TabBar(stack("Search", root: StaticScreen("Search")))
            tabBar.notices.recordUnsavedChange()
            return tabBar
        }
        #expect(status == .unsavedChanges)
    }

    @Test("failures are taken once each, in order, a repeated one once")
    func failuresAreTakenOnce() {
        let notices = RunNotices()
        notices.fail("no answer for GET /feed")
        notices.fail("no answer for GET /recipes/9")
        notices.fail("no answer for GET /feed")
        #expect(notices.takeFailures() == ["no answer for GET /feed", "no answer for GET /recipes/9"])
        #expect(notices.takeFailures().isEmpty)
    }

    /// A script of `lines` over a screen whose "Ask" button records `failure` (as a strict cassette
    /// records a request it has no answer for), and, with `whileStarting`, one recorded at start.
    func runScript(_ lines: String, failure: String?, whileStarting: Bool = false) async throws -> Runner.ExitCode {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("failures-\(UUID().uuidString).txt").path
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return await Runner.main(ProgramInfo(name: "demo", summary: "a demo"), arguments: ["--script", path]) { _ in
            let notices = RunNotices()
            if whileStarting { notices.fail("no answer for GET /feed") }
            let tabBar = TabBar(stack("Search", root: AskingScreen { if let failure { notices.fail(failure) } }))
            tabBar.notices = notices
            return tabBar
        }
    }

    @Test("a failure recorded while a command runs stops the script there with status 1; none, and it passes")
    func aFailureFailsTheScript() async throws {
        #expect(try await runScript("select Ask\nexpect Asked\n", failure: "no answer for GET /recipes?q=pasta") == .scriptFailed)
        #expect(try await runScript("select Ask\nexpect Asked\n", failure: nil) == .success)
        #expect(try await runScript("select Ask\nquit\n", failure: "no answer for GET /recipes?q=pasta") == .scriptFailed)
        #expect(try await runScript("expect Ask\n", failure: nil, whileStarting: true) == .scriptFailed)
    }
}

/// A screen with one button, "Ask", that calls `ask` and then shows "Asked".
@MainActor
private final class AskingScreen: Screen {
    let ask: @MainActor () -> Void
    var onChange: (@MainActor () -> Void)?
    private var asked = false

    init(ask: @escaping @MainActor () -> Void) {
        self.ask = ask
    }

    var content: ScreenContent<RowKey> {
        ScreenContent<RowKey>(
            title: "Search", sections: [ScreenSection<RowKey>(id: "s", rows: [ScreenRow<RowKey>(id: "ask", .button("Ask"))])],
            notice: asked ? "Asked" : nil)
    }

    func appear() async {}

    func handle(_ event: ScreenEvent<RowKey>) async -> Navigation? {
        ask()
        asked = true
        return nil
    }
}

/// What a listener heard.
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []

    var messages: [String] { lock.withLock { heard } }

    @Sendable func append(_ message: String) { lock.withLock { heard.append(message) } }
}
