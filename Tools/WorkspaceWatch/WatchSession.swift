import Foundation
import WorkspaceBase

/// Waits for a quiet moment: an editor's save is often several events (a scratch file written,
/// renamed over the real one, its mode set), and a checkout or a formatter touches many files.
/// Every change pushes the deadline back; the build starts once `quiet` passed without one.
package struct Debouncer: Sendable {
    let quiet: Duration
    private(set) var deadline: ContinuousClock.Instant?

    init(quiet: Duration) {
        self.quiet = quiet
    }

    mutating func note(at now: ContinuousClock.Instant) {
        deadline = now + quiet
    }

    func isDue(at now: ContinuousClock.Instant) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    mutating func reset() {
        deadline = nil
    }
}

/// What the watch loop does to the world. `WatchDriver` does it with processes and the
/// terminal; tests record it.
package protocol WatchEffects: AnyObject {
    func startBuild()
    /// Stops the sandbox and returns the link of the screen it showed, if it said.
    func stopSandbox() -> String?
    /// Starts the last good build on `link`; false when it could not start (the effects said why).
    func launchSandbox(at link: String?) -> Bool
    func show(_ notice: WatchNotice)
}

/// What `workspace watch` tells the person.
package enum WatchNotice: Equatable {
    /// `changed` is empty for the first build.
    case building(changed: [String])
    /// Files changed while building: that build is not launched, a new one starts.
    case changedDuringBuild
    case launching(link: String?, seconds: Double?)
    case buildFailed(BuildFailure, sandboxKeepsRunning: Bool, link: String?)
    /// The sandbox ended by itself with a status that is not a way of quitting.
    case sandboxEnded(ProcessExit, link: String?, canRelaunch: Bool)
    /// The sandbox refused the link it was reopened on (the screen is gone): it starts on its first screen.
    case linkRefused(String)
    /// Enter asked for a relaunch that cannot happen now.
    case cannotRelaunch(String)
}

/// The decisions of `workspace watch`, with no processes and no clock of its own: a change
/// waits for a quiet moment, then the sandbox is built; a good build replaces the running
/// sandbox, reopened on the screen it showed; a failed build is shown and the last good build
/// keeps running (script mode) or comes back once the error is fixed (terminal, where the
/// error takes the sandbox's place). Quitting the sandbox ends the watch.
package final class WatchSession {
    package enum Presentation: Equatable {
        /// The sandbox owns a real terminal while it runs; errors take its place.
        case terminal
        /// Lines in, lines out: the sandbox reads the commands the watch forwards.
        case script
    }

    let presentation: Presentation
    unowned let effects: any WatchEffects
    /// The screen to reopen: the one given with `--open` first, then the one the sandbox reported.
    private(set) var link: String?
    private(set) var sandboxIsRunning = false
    private(set) var buildIsRunning = false
    private(set) var hasGoodBuild = false
    /// The status the watch ends with, once it should end.
    private(set) var exitStatus: Int32?
    private var pending: Set<String> = []
    private var debouncer: Debouncer
    private var buildStarted: ContinuousClock.Instant?
    /// Whether `link` came from the sandbox (not from the person), so it may be dropped if refused.
    private var linkWasReported = false
    private var refusedLinkRetried = false

    init(presentation: Presentation, effects: any WatchEffects, link: String?, quiet: Duration = .milliseconds(100)) {
        self.presentation = presentation
        self.effects = effects
        self.link = link
        debouncer = Debouncer(quiet: quiet)
    }

    /// The sandbox may not be built yet: build it first.
    func start(at now: ContinuousClock.Instant) {
        build(changed: [], at: now)
    }

    /// When `tick` should next be called to start a build; nil when no change is waiting.
    var deadline: ContinuousClock.Instant? {
        buildIsRunning || pending.isEmpty ? nil : debouncer.deadline
    }

    func filesChanged(_ paths: [String], at now: ContinuousClock.Instant) {
        guard !paths.isEmpty, exitStatus == nil else { return }
        pending.formUnion(paths)
        debouncer.note(at: now)
    }

    /// Starts the build once the changes have settled and no build is running.
    func tick(at now: ContinuousClock.Instant) {
        guard exitStatus == nil, !buildIsRunning, !pending.isEmpty, debouncer.isDue(at: now) else { return }
        let changed = pending.sorted()
        pending = []
        debouncer.reset()
        build(changed: changed, at: now)
    }

    private func build(changed: [String], at now: ContinuousClock.Instant) {
        buildIsRunning = true
        buildStarted = now
        effects.show(.building(changed: changed))
        effects.startBuild()
    }

    func buildFinished(succeeded: Bool, failure: @autoclosure () -> BuildFailure, at now: ContinuousClock.Instant) {
        buildIsRunning = false
        guard exitStatus == nil else { return }
        // What was built may predate the last save: build again rather than show it.
        guard pending.isEmpty else {
            effects.show(.changedDuringBuild)
            tick(at: now)
            return
        }
        let seconds = buildStarted.map { Self.seconds(now - $0) }
        guard succeeded else {
            let keepsRunning = presentation == .script && sandboxIsRunning
            if sandboxIsRunning, !keepsRunning { stopSandbox() }
            effects.show(.buildFailed(failure(), sandboxKeepsRunning: keepsRunning, link: link))
            return
        }
        hasGoodBuild = true
        refusedLinkRetried = false
        if sandboxIsRunning { stopSandbox() }
        launch(seconds: seconds)
    }

    /// The sandbox ended without being asked to. Quitting it (q, Ctrl-C, the end of the
    /// commands, a hang-up or a termination) ends the watch with its status; a crash or a
    /// failure does not: the next good build brings it back.
    func sandboxEnded(_ status: ProcessExit, reportedLink: String?) {
        sandboxIsRunning = false
        if let reportedLink { remember(reportedLink) }
        guard exitStatus == nil else { return }
        switch status {
        case .exited(0), .exited(129), .exited(130), .exited(143), .signalled(SIGINT), .signalled(SIGTERM), .signalled(SIGHUP):
            exitStatus = status.shellStatus
        case .exited(2) where !linkWasReported:
            // A bad command line (a scenario or link of the person's): the sandbox said what is wrong.
            exitStatus = 2
        case .exited(2) where !refusedLinkRetried:
            // `--open` refused the link, most likely because its screen changed: start afresh.
            refusedLinkRetried = true
            if let link { effects.show(.linkRefused(link)) }
            link = nil
            linkWasReported = false
            launch(seconds: nil)
        default:
            effects.show(.sandboxEnded(status, link: link, canRelaunch: hasGoodBuild))
        }
    }

    /// Enter, at the terminal while no sandbox runs: run the last good build again.
    func relaunchRequested() {
        guard exitStatus == nil, !sandboxIsRunning else { return }
        guard hasGoodBuild else {
            effects.show(.cannotRelaunch("nothing has built yet: fix the error and save"))
            return
        }
        guard !buildIsRunning else {
            effects.show(.cannotRelaunch("a build is running; the sandbox comes back when it ends"))
            return
        }
        launch(seconds: nil)
    }

    /// Ctrl-C (SIGINT), SIGTERM or SIGHUP reached the watch itself.
    func interrupted(by signal: Int32) {
        guard exitStatus == nil else { return }
        if sandboxIsRunning { stopSandbox() }
        exitStatus = 128 + signal
    }

    /// The person ended the input (Ctrl-D at the terminal while no sandbox runs).
    func inputEnded() {
        guard exitStatus == nil, !sandboxIsRunning else { return }
        exitStatus = 0
    }

    private func stopSandbox() {
        if let reported = effects.stopSandbox() { remember(reported) }
        sandboxIsRunning = false
    }

    private func remember(_ reported: String) {
        link = reported
        linkWasReported = true
    }

    private func launch(seconds: Double?) {
        effects.show(.launching(link: link, seconds: seconds))
        sandboxIsRunning = effects.launchSandbox(at: link)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
