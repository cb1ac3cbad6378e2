import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceKit
@testable import WorkspaceWatch

/// Records what the session asks of the world; the sandbox "reports" `screen` when stopped.
private final class RecordedEffects: WatchEffects {
    var log: [String] = []
    var notices: [WatchNotice] = []
    var screen: String?
    var launchSucceeds = true

    func startBuild() { log.append("build") }

    func stopSandbox() -> String? {
        log.append("stop")
        return screen
    }

    func launchSandbox(at link: String?) -> Bool {
        log.append("launch \(link ?? "first screen")")
        return launchSucceeds
    }

    func show(_ notice: WatchNotice) { notices.append(notice) }
}

@Suite("workspace watch: what a save, a build and a quit lead to")
struct WatchSessionTests {
    let start = ContinuousClock.now
    let failure = BuildFailure(lines: ["Features/Feed/FeedTranslator.swift:3:1: error: nope"], errorCount: 1)

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// A session that built once and runs the sandbox on `link`.
    fileprivate func running(_ presentation: WatchSession.Presentation, link: String? = nil) -> (WatchSession, RecordedEffects) {
        let effects = RecordedEffects()
        let session = WatchSession(presentation: presentation, effects: effects, link: link, quiet: .milliseconds(100))
        session.start(at: at(0))
        session.buildFinished(succeeded: true, failure: failure, at: at(10))
        effects.log = []
        effects.notices = []
        return (session, effects)
    }

    /// A save at `milliseconds`, the build it starts once quiet, and that build's end.
    func save(_ path: String, in session: WatchSession, at milliseconds: Int, buildSucceeds: Bool, endingAt end: Int) {
        session.filesChanged([path], at: at(milliseconds))
        session.tick(at: at(milliseconds) + .milliseconds(100))
        session.buildFinished(succeeded: buildSucceeds, failure: failure, at: at(end))
    }

    @Test("it builds first, then starts the sandbox on the screen given with --open")
    func firstBuild() {
        let effects = RecordedEffects()
        let session = WatchSession(presentation: .script, effects: effects, link: "cookbook://recipes/3")
        session.start(at: at(0))
        #expect(effects.log == ["build"])
        #expect(effects.notices == [.building(changed: [])])
        session.buildFinished(succeeded: true, failure: failure, at: at(1500))
        #expect(effects.log == ["build", "launch cookbook://recipes/3"])
        #expect(effects.notices.last == .launching(link: "cookbook://recipes/3", seconds: 1.5))
        #expect(session.sandboxIsRunning)
    }

    @Test("a save waits for a quiet moment, and each further change pushes the build back")
    func debounce() {
        let (session, effects) = running(.script)
        session.filesChanged(["Features/Feed/A.swift"], at: at(100))
        #expect(session.deadline == at(200))
        session.tick(at: at(150))
        #expect(effects.log.isEmpty)
        session.filesChanged(["Features/Feed/B.swift"], at: at(180))
        session.tick(at: at(250))
        #expect(effects.log.isEmpty, "the second change moved the deadline to 280")
        session.tick(at: at(280))
        #expect(effects.log == ["build"])
        #expect(effects.notices == [.building(changed: ["Features/Feed/A.swift", "Features/Feed/B.swift"])])
        #expect(session.deadline == nil)
    }

    @Test("a good build replaces the sandbox and reopens it on the screen it reported")
    func relaunchOnTheSameScreen() {
        let (session, effects) = running(.script)
        effects.screen = "cookbook://recipes/7"
        save("Features/Feed/A.swift", in: session, at: 100, buildSucceeds: true, endingAt: 1400)
        #expect(effects.log == ["build", "stop", "launch cookbook://recipes/7"])
        #expect(effects.notices.last == .launching(link: "cookbook://recipes/7", seconds: 1.2))
    }

    @Test("a build that saw only part of the changes is not launched: it builds again")
    func changesDuringABuild() {
        let (session, effects) = running(.script)
        session.filesChanged(["A.swift"], at: at(100))
        session.tick(at: at(200))
        session.filesChanged(["B.swift"], at: at(500))
        session.tick(at: at(700))
        #expect(effects.log == ["build"], "one build at a time")
        session.buildFinished(succeeded: true, failure: failure, at: at(1000))
        #expect(effects.log == ["build", "build"])
        #expect(effects.notices.contains(.changedDuringBuild))
        #expect(effects.notices.last == .building(changed: ["B.swift"]))
        #expect(session.sandboxIsRunning, "the last good build still runs")
    }

    @Test("with piped input a failed build is shown and the last good build keeps running")
    func failureInScriptMode() {
        let (session, effects) = running(.script)
        save("A.swift", in: session, at: 100, buildSucceeds: false, endingAt: 900)
        #expect(effects.log == ["build"])
        #expect(effects.notices.last == .buildFailed(failure, sandboxKeepsRunning: true, link: nil))
        #expect(session.sandboxIsRunning)
    }

    @Test("at a terminal the error takes the sandbox's place; the fix brings it back on its screen")
    func failureAtATerminal() {
        let (session, effects) = running(.terminal)
        effects.screen = "cookbook://recipes/7"
        save("A.swift", in: session, at: 100, buildSucceeds: false, endingAt: 900)
        #expect(effects.log == ["build", "stop"])
        #expect(effects.notices.last == .buildFailed(failure, sandboxKeepsRunning: false, link: "cookbook://recipes/7"))
        #expect(!session.sandboxIsRunning)

        effects.screen = nil
        save("A.swift", in: session, at: 2000, buildSucceeds: true, endingAt: 3000)
        #expect(effects.log == ["build", "stop", "build", "launch cookbook://recipes/7"])
    }

    @Test("Enter at the error screen runs the last good build again, but not during a build or before any")
    func relaunchOnRequest() {
        let (session, effects) = running(.terminal)
        save("A.swift", in: session, at: 100, buildSucceeds: false, endingAt: 900)
        session.relaunchRequested()
        #expect(effects.log == ["build", "stop", "launch first screen"])

        let fresh = RecordedEffects()
        let broken = WatchSession(presentation: .terminal, effects: fresh, link: nil)
        broken.start(at: at(0))
        broken.buildFinished(succeeded: false, failure: failure, at: at(500))
        broken.relaunchRequested()
        #expect(fresh.log == ["build"])
        #expect(fresh.notices.last == .cannotRelaunch("nothing has built yet: fix the error and save"))
    }

    @Test("quitting the sandbox ends the watch with its status", arguments: [ProcessExit.exited(0), .exited(130), .signalled(SIGINT)])
    func quitting(status: ProcessExit) {
        let (session, _) = running(.terminal)
        session.sandboxEnded(status, reportedLink: nil)
        #expect(session.exitStatus == status.shellStatus)
    }

    @Test("a sandbox that crashes is reported and comes back with the next good build")
    func crash() {
        let (session, effects) = running(.terminal)
        session.sandboxEnded(.signalled(SIGILL), reportedLink: "cookbook://recipes/2")
        #expect(session.exitStatus == nil)
        #expect(effects.notices.last == .sandboxEnded(.signalled(SIGILL), link: "cookbook://recipes/2", canRelaunch: true))
        save("A.swift", in: session, at: 100, buildSucceeds: true, endingAt: 900)
        #expect(effects.log == ["build", "launch cookbook://recipes/2"])
    }

    @Test("a reported link the new build refuses is dropped once: it starts on its first screen")
    func refusedLink() {
        let (session, effects) = running(.script)
        effects.screen = "cookbook://gone/1"
        save("A.swift", in: session, at: 100, buildSucceeds: true, endingAt: 900)
        session.sandboxEnded(.exited(2), reportedLink: nil)
        #expect(effects.notices.contains(.linkRefused("cookbook://gone/1")))
        #expect(effects.log.suffix(1) == ["launch first screen"])
        #expect(session.exitStatus == nil)
    }

    @Test("a bad command line of the person's (exit 2 on their own --open or --scenario) ends the watch")
    func badCommandLine() {
        let (session, _) = running(.script, link: "cookbook://nowhere")
        session.sandboxEnded(.exited(2), reportedLink: nil)
        #expect(session.exitStatus == 2)
    }

    @Test("Ctrl-C stops the sandbox and ends the watch with 130")
    func interrupt() {
        let (session, effects) = running(.terminal)
        session.interrupted(by: SIGINT)
        #expect(effects.log == ["stop"])
        #expect(session.exitStatus == 130)
    }

    @Test("a sandbox that cannot start is not counted as running")
    func launchFails() {
        let effects = RecordedEffects()
        effects.launchSucceeds = false
        let session = WatchSession(presentation: .script, effects: effects, link: nil)
        session.start(at: at(0))
        session.buildFinished(succeeded: true, failure: failure, at: at(10))
        #expect(!session.sandboxIsRunning)
    }
}

@Suite("workspace watch: options, files, build output, text")
struct WatchPartsTests {
    static let focus = Focus(packageRoot: "/w", folder: "/w/.build/focus")

    @Test("the options, the sandbox's modules and the folders watched come from the manifest")
    func plan() throws {
        let options = try #require(
            try WatchCommand.parse(["Feed", "--scenario", "empty", "--open=cookbook://recipes/3", "--", "--replay", "x.json"]))
        #expect(options.feature == "Feed")
        let plan = try options.plan(manifest: Fixtures.manifest(), root: "/w", focus: Self.focus, reading: Fixtures.manifest)
        #expect(plan.sandbox == "FeedSandbox")
        #expect(plan.modules == ["Core", "CoreTesting", "SandboxSupport", "Feed", "FeedSandbox"])
        #expect(
            plan.files.folders == ["Core/Core", "Core/CoreTesting", "Sandboxes/SandboxSupport", "Features/Feed", "Sandboxes/FeedSandbox"])
        #expect(plan.focus == Self.focus)
        #expect(plan.sandboxArguments == ["--scenario", "empty", "--replay", "x.json"])
        #expect(plan.link == "cookbook://recipes/3")
        #expect(
            try #require(try WatchCommand.parse(["FeedSandbox", "--poll"])).plan(
                manifest: Fixtures.manifest(), root: "/w", focus: Self.focus, reading: Fixtures.manifest
            ).poll)
    }

    /// The message of the usage error `body` throws; nil if it throws none.
    func usageMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as CommandLineError {
            return error.message
        } catch {
            return "not a usage error: \(error)"
        }
    }

    @Test("an unknown feature lists the features; a missing one, an unknown option or a second name is a usage error")
    func badCommandLines() {
        #expect(
            usageMessage {
                _ = try WatchCommand.parse(["Fed"])?.plan(
                    manifest: Fixtures.manifest(), root: "/w", focus: Self.focus, reading: Fixtures.manifest)
            }
                == "no feature “Fed” with a sandbox; features: Feed, Favorites")
        #expect(usageMessage { _ = try WatchCommand.parse([]) } == "watch needs a FEATURE, such as: workspace watch Feed")
        #expect(
            usageMessage { _ = try WatchCommand.parse(["Feed", "--replay", "x"]) }
                == "watch has no option --replay; options for the sandbox go after --, e.g. workspace watch Feed -- --replay")
        #expect(usageMessage { _ = try WatchCommand.parse(["Feed", "Favorites"]) } == "watch takes one FEATURE, not also “Favorites”")
        #expect(usageMessage { _ = try WatchCommand.parse(["Feed", "--scenario"]) } == "watch: --scenario needs a value")
    }

    @Test("workspace watch with a bad feature exits 2 and says why; --help explains it")
    func commandLine() throws {
        let bad = try WorkspaceCommandTests().run(["watch", "Nope"])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("no feature “Nope” with a sandbox; features: Feed, Favorites"))
        let help = try WorkspaceCommandTests().run(["watch", "--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: workspace watch FEATURE"))
    }

    @Test("saves count in the sandbox's folders and the manifest; scratch, hidden and other files do not")
    func relevance() {
        let files = WatchedFiles(root: "/w", folders: ["Features/Feed", "Core/Core"])
        #expect(files.isRelevant("Features/Feed/FeedTranslator.swift"))
        #expect(files.isRelevant("Core/Core/Screen/Screen.swift"))
        #expect(files.isRelevant("Package.swift"))
        #expect(!files.isRelevant("Features/Favorites/FavoritesScreen.swift"))
        #expect(!files.isRelevant("Features/FeedX/A.swift"))
        #expect(!files.isRelevant("Features/Feed/.FeedTranslator.swift.swp"))
        #expect(!files.isRelevant("Features/Feed/FeedTranslator.swift~"))
        #expect(!files.isRelevant("Features/Feed/4913"))
        #expect(!files.isRelevant("Features/Feed/.hidden/A.swift"))
        #expect(!files.isRelevant("README.md"))
    }

    @Test("the diagnostics are picked out of swift build's output, once each, with package-relative paths")
    func buildFailure() {
        let output = """
            Building for debugging...
            [1/4] Write sources
            [3/6] Compiling Feed FeedTranslator.swift
            /w/Features/Feed/FeedTranslator.swift:18:60: error: cannot find 'x' in scope
            16 |   sections: [
            18 |       title: "Popular" + x,
               |                          `- error: cannot find 'x' in scope
            /w/Features/Feed/FeedScreen.swift:2:1: error: expected declaration
            error: emit-module command failed with exit code 1 (use -v to see invocation)
            [4/6] Compiling Feed FeedScreen.swift
            /w/Features/Feed/FeedScreen.swift:2:1: error: expected declaration
            """
        let failure = BuildFailure(output: output, packageRoot: "/w")
        #expect(failure.errorCount == 2)
        #expect(
            failure.lines == [
                "Features/Feed/FeedTranslator.swift:18:60: error: cannot find 'x' in scope",
                "16 |   sections: [",
                "18 |       title: \"Popular\" + x,",
                "   |                          `- error: cannot find 'x' in scope",
                "Features/Feed/FeedScreen.swift:2:1: error: expected declaration",
            ])
        let manifestError = BuildFailure(output: "error: 'w': Invalid manifest\n", packageRoot: "/w")
        #expect(manifestError.lines == ["error: 'w': Invalid manifest"])
        #expect(manifestError.errorCount == 1)
    }

    @Test("with piped input every line of the watch starts with “watch: ”; at a terminal an error clears the screen")
    func text() throws {
        let plan = try #require(try WatchCommand.parse(["Feed"])).plan(
            manifest: Fixtures.manifest(), root: "/nowhere", focus: Focus(packageRoot: "/nowhere", folder: "/nowhere/.build/focus"),
            reading: Fixtures.manifest)
        let failure = BuildFailure(lines: ["A.swift:1:1: error: no"], errorCount: 1)
        let script = WatchText(plan: plan, presentation: .script)
        #expect(
            script.render(.session(.building(changed: ["Features/Feed/A.swift"])))
                == "watch: Features/Feed/A.swift changed: building FeedSandbox…")
        #expect(
            script.render(.session(.launching(link: "cookbook://recipes/3", seconds: 1.24)))
                == "watch: built in 1.2 s; starting FeedSandbox on cookbook://recipes/3")
        #expect(
            script.render(.session(.buildFailed(failure, sandboxKeepsRunning: true, link: nil))).split(separator: "\n").allSatisfy {
                $0.hasPrefix("watch: ")
            })
        let terminal = WatchText(plan: plan, presentation: .terminal)
        let screen = terminal.render(.session(.buildFailed(failure, sandboxKeepsRunning: false, link: "cookbook://recipes/3")))
        #expect(screen.hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(screen.contains("Fix the error and save: FeedSandbox comes back on cookbook://recipes/3."))
    }

    @Test("a change is due once the quiet period passed since the last one")
    func debouncer() {
        let start = ContinuousClock.now
        var debouncer = Debouncer(quiet: .milliseconds(50))
        #expect(!debouncer.isDue(at: start))
        debouncer.note(at: start)
        #expect(!debouncer.isDue(at: start + .milliseconds(49)))
        #expect(debouncer.isDue(at: start + .milliseconds(50)))
        debouncer.reset()
        #expect(!debouncer.isDue(at: start + .seconds(1)))
    }
}
