import Foundation
import Synchronization
import Testing

@testable import WorkspaceBase
@testable import WorkspaceKit

/// How far a command that reads the whole workspace is: one line at a terminal, after a second,
/// rewritten in place and erased at the end; nothing at all elsewhere.
@Suite("progress of whole-workspace commands")
struct ProgressTests {
    /// What a terminal was sent.
    final class Screen: Sendable {
        private let sent = Mutex<[String]>([])

        func record(_ text: String) { sent.withLock { $0.append(text) } }

        /// Everything sent, in order.
        var output: String { sent.withLock { $0.joined() } }

        /// Each line drawn, in order.
        var lines: [String] {
            output.components(separatedBy: ProgressTerminal.erase).filter { !$0.isEmpty }
        }

        /// A terminal that draws whenever the command reports, from the command's start or after `delay`.
        func terminal(delay: Double = 0) -> ProgressTerminal {
            ProgressTerminal(delay: delay, interval: 0, ticks: false, width: 200) { [self] in record($0) }
        }
    }

    /// A clock the test moves by hand.
    final class TestClock: Sendable {
        private let seconds = Mutex(100.0)
        var now: Double { seconds.withLock { $0 } }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    @Test func nothingIsShownInTheFirstSecondThenHowFarOfHowMuchDoingWhat() {
        let screen = Screen()
        let clock = TestClock()
        let progress = WorkspaceBase.Progress("check", steps: 3, terminal: screen.terminal(delay: 1), clock: { clock.now })
        progress.step("listing the targets' files", count: 3_024, of: "targets")
        progress.advance(by: 3_024)
        progress.step("reading the sources", count: 7_493, of: "files")
        clock.advance(0.9)
        progress.advance(by: 120)
        #expect(screen.output.isEmpty)

        clock.advance(0.6)
        progress.advance(by: 3_000)
        #expect(screen.lines == ["workspace check 2/3: reading the sources: 3,120 of 7,493 files (1.5 s)"])

        progress.step("applying the rules")
        #expect(screen.lines.last == "workspace check 3/3: applying the rules (1.5 s)")
        progress.finish()
        #expect(screen.output.hasSuffix("applying the rules (1.5 s)" + ProgressTerminal.erase), "erased when finished")
        // Nothing is drawn once finished.
        progress.step("one step too many")
        #expect(screen.lines.count == 2)
    }

    @Test func theLineIsRedrawnAtMostOncePerIntervalAndFitsTheTerminal() {
        let screen = Screen()
        let clock = TestClock()
        let terminal = ProgressTerminal(delay: 0, interval: 0.5, ticks: false, width: 40) { screen.record($0) }
        let progress = WorkspaceBase.Progress("affected", steps: 1, terminal: terminal, clock: { clock.now })
        progress.step("reading the test targets", count: 1_000)
        for _ in 0..<1_000 { progress.advance() }
        #expect(screen.lines.count == 1, "drawn once at the step, not once per target")
        clock.advance(0.5)
        progress.advance(by: 0)
        #expect(screen.lines.count == 2)
        #expect(screen.lines.allSatisfy { $0.count == 39 }, "one column short of the terminal's width, so it never wraps")
        progress.finish()
    }

    @Test func aSideTaskWithItsOwnOutputHasTheTerminalToItself() {
        let screen = Screen()
        let progress = WorkspaceBase.Progress("gallery", steps: 2, terminal: screen.terminal(), clock: { 0 })
        progress.step("building 3 programs")
        let shownBefore = screen.lines.count
        progress.aside {
            progress.advance()
            #expect(screen.output.hasSuffix(ProgressTerminal.erase), "the line is erased while the build prints")
        }
        #expect(screen.lines.count == shownBefore)
        progress.step("rendering the screens", count: 3, of: "programs")
        #expect(screen.lines.last == "workspace gallery 2/2: rendering the screens: 0 of 3 programs (0.0 s)")
        progress.finish()
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(
            [0, 7, 999, 1_000, 7_493, 1_234_567].map(WorkspaceBase.Progress.grouped) == ["0", "7", "999", "1,000", "7,493", "1,234,567"])
    }

    @Test func onlyATerminalGetsAProgressLine() {
        #expect(ProgressTerminal.standardError(isTerminal: { _ in false }) == nil)
        #expect(ProgressTerminal.standardError(isTerminal: { $0 == STDERR_FILENO }) != nil)
    }

    /// `workspace check` on the fixture workspace, with `terminal` where its progress goes.
    func check(terminal: ProgressTerminal?) throws -> (output: [String], errors: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = DiskFileSystem(root: folder)
        try disk.write(Fixtures.packageSwift, to: "Package.swift")
        for (path, text) in Fixtures.files().contents { try disk.write(text, to: path) }
        let runner = ScriptedRunner(["swift package dump-package": CommandResult(status: 0, output: Fixtures.manifestJSON)])
        var output: [String] = []
        var errors: [String] = []
        _ = WorkspaceCommand(
            runner: runner, currentDirectory: folder.path, write: { output.append($0) }, writeError: { errors.append($0) },
            progressTerminal: terminal
        ).run(["check"])
        return (output, errors)
    }

    @Test func checkAtATerminalSaysEachStepThenErasesItsLine() throws {
        let screen = Screen()
        let atTerminal = try check(terminal: screen.terminal())
        let shape = #/workspace check [1-4]/4: [A-Za-z' .]+(: [0-9,]+ of [0-9,]+ [a-z]+)? \([0-9]+\.[0-9] s\)/#
        #expect(!screen.lines.isEmpty)
        for line in screen.lines { #expect(line.wholeMatch(of: shape) != nil, "\(line)") }
        #expect(screen.lines.contains { $0.hasPrefix("workspace check 3/4: reading the sources: ") })
        #expect(screen.output.hasSuffix(ProgressTerminal.erase), "nothing is left of it when the command's output comes")

        // Without a terminal the command's output is all there is, and it is the same.
        let elsewhere = try check(terminal: nil)
        #expect(elsewhere.output == atTerminal.output)
        #expect(elsewhere.errors == atTerminal.errors)
        #expect(elsewhere.output.last?.hasPrefix("workspace check: ") == true)
    }

    @Test func whatACommandWritesFirstErasesTheLine() {
        let screen = Screen()
        var written: [String] = []
        let command = WorkspaceCommand(write: { written.append(screen.output + "|" + $0) }, progressTerminal: screen.terminal())
        let progress = command.environment.progress("spec", steps: 1)
        progress.step("generating project-spec.yml from 3,024 targets")
        command.environment.write("wrote project-spec.yml")
        #expect(screen.lines.count == 1)
        #expect(written.count == 1)
        #expect(written.first?.hasSuffix(ProgressTerminal.erase + "|wrote project-spec.yml") == true, "\(written)")
        progress.finish()
    }
}
