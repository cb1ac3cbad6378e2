import Core
import CoreTesting
import Foundation
import Testing

@testable import TerminalRunner

@Suite("--report-screen: the link of the screen on show, for workspace watch")
@MainActor
struct ScreenReportTests {
    static let program = ProgramInfo(name: "demo", summary: "runs a demo")

    /// Runs `script` with `--report-screen` (and `arguments`) and returns what the report file holds.
    func report(after script: String, _ arguments: [String] = []) async throws -> (status: Runner.ExitCode, link: String?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptPath = folder.appendingPathComponent("script").path
        let reportPath = folder.appendingPathComponent("screen").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let status = await Runner.main(Self.program, arguments: ["--script", scriptPath, "--report-screen", reportPath] + arguments) { _ in
            TabBar(stack("Feed", root: StaticScreen("Feed")))
        }
        return (status, try? String(contentsOfFile: reportPath, encoding: .utf8))
    }

    @Test("the first screen's link is written when the program starts")
    func firstScreen() async throws {
        let result = try await report(after: "")
        #expect(result.status == .success)
        #expect(result.link == "cookbook://feed\n")
    }

    @Test("the screen --open showed is reported, and the first one again after going back")
    func openedAndBack() async throws {
        #expect(try await report(after: "snapshot\n", ["--open", "cookbook://recipes/42"]).link == "cookbook://recipes/42\n")
        #expect(try await report(after: "back\n", ["--open", "cookbook://recipes/42"]).link == "cookbook://feed\n")
    }

    @Test("a report file that cannot be written does not stop the program")
    func unwritable() async throws {
        let result = try await report(after: "snapshot\n", ["--report-screen", "/nonexistent-folder/screen"])
        #expect(result.status == .success)
    }

    @Test("a screen shown on top of the stack is reported by its own link, and the first one after going back")
    func shownScreens() async {
        let tabBar = await startedTabBar(StaticScreen("Feed"), title: "Feed")
        let report = ScreenReport(path: "/dev/null")
        #expect(report.link(in: tabBar) == "cookbook://feed")
        await tabBar.open(Screens.RecipeDetails(recipeID: 42))
        #expect(report.link(in: tabBar) == "cookbook://recipes/42")
        await tabBar.current.show(Screens.AuthorRecipes(authorID: "aiko-tanaka"))
        #expect(report.link(in: tabBar) == "cookbook://authors/aiko-tanaka")
        await tabBar.current.popToRoot()
        #expect(report.link(in: tabBar) == "cookbook://feed")
    }
}
