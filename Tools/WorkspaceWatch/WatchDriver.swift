import Foundation
import WorkspaceBase
import WorkspaceInsights

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `workspace watch` was asked to do, resolved against the package.
package struct WatchPlan {
    var root: String
    /// `FeedSandbox`.
    package var sandbox: String
    /// The sandbox's modules, in manifest order, for the first message.
    var modules: [String]
    var files: WatchedFiles
    /// Where the sandbox builds, as `workspace run` builds it.
    var focus: Focus
    /// Reads the manifest again before each build (from the cache while Package.swift is
    /// unchanged), so an edited manifest changes what the focus holds.
    var manifest: () throws -> Manifest
    /// Passed to every launch: `--scenario NAME` and anything after `--`.
    var sandboxArguments: [String]
    /// `--open LINK`: the first screen.
    var link: String?
    var poll: Bool
    var quiet: Duration = .milliseconds(100)
    /// A recorder for each build, from the manifest it read (nil when recording is off).
    package var makeRecorder: (Manifest) -> BuildRecorder? = { _ in nil }

    package init(
        root: String, sandbox: String, modules: [String], files: WatchedFiles, focus: Focus, manifest: @escaping () throws -> Manifest,
        sandboxArguments: [String], link: String? = nil, poll: Bool, quiet: Duration = .milliseconds(100),
        makeRecorder: @escaping (Manifest) -> BuildRecorder? = { _ in nil }
    ) {
        self.root = root
        self.sandbox = sandbox
        self.modules = modules
        self.files = files
        self.focus = focus
        self.manifest = manifest
        self.sandboxArguments = sandboxArguments
        self.link = link
        self.poll = poll
        self.quiet = quiet
        self.makeRecorder = makeRecorder
    }
}

/// Runs a `WatchSession` on real processes: one thread, one `poll(2)` over the file watcher,
/// the build's output, the signals and (in script mode) the commands to forward, so nothing
/// needs a lock. The sandbox is spawned into this process's group, on this terminal or on a
/// pipe of forwarded commands; the build into a group of its own, so it can be stopped whole.
package final class WatchDriver: WatchEffects {
    let plan: WatchPlan
    let presentation: WatchSession.Presentation
    private let watcher: any FileWatching
    private let write: (String) -> Void
    private lazy var session = WatchSession(presentation: presentation, effects: self, link: plan.link, quiet: plan.quiet)

    private var sandbox: ChildProcess?
    private var build: ChildProcess?
    private var buildOutput: [UInt8] = []
    /// Records the build in progress, fed each whole line of its output as it comes.
    private var recorder: BuildRecorder?
    private var recordedUpTo = 0
    /// The focus, held from the start of a build to its end.
    private var focusLock: FileLock?
    /// The manifest the build in progress read, to name the real files in its errors.
    private var buildManifest: Manifest?
    /// Where the last build put its programs (`Focus.programs(for:)`).
    private var programsFolder: String?
    /// A build waits for another command building in the focus; it starts when that one is done.
    private var waitsForFocus = false
    /// Script mode: forwarded bytes not yet sent (no sandbox running, or no whole line yet).
    private var input: [UInt8] = []
    private var inputEnded = false
    private let folder: URL
    private var reportPath: String { folder.appendingPathComponent("screen").path }
    private var signals: SignalPipe?
    private let terminal: TerminalState?

    package init(plan: WatchPlan, presentation: WatchSession.Presentation, write: @escaping (String) -> Void) throws {
        self.plan = plan
        self.presentation = presentation
        self.write = write
        #if canImport(Glibc)
            watcher = plan.poll ? PollingWatcher(plan.files) : try InotifyWatcher(plan.files)
        #else
            // FSEvents would need CoreServices; looking every 250 ms is enough for a few modules.
            watcher = PollingWatcher(plan.files)
        #endif
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        terminal = presentation == .terminal ? TerminalState.save() : nil
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Watches until the sandbox quits or a signal arrives; returns the exit status.
    package func run() throws -> Int32 {
        let signals = try SignalPipe(watching: [SIGINT, SIGTERM, SIGHUP])
        self.signals = signals
        defer { signals.cancel() }
        say(.watching)
        session.start(at: .now)
        var nextLook = ContinuousClock.now + watcher.interval
        while session.exitStatus == nil {
            var descriptors = [pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0)]
            let watcherIndex = watcher.descriptor.map { descriptor -> Int in
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
                return descriptors.count - 1
            }
            let buildIndex = build?.output.map { descriptor -> Int in
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
                return descriptors.count - 1
            }
            let readsInput = presentation == .script ? !inputEnded : sandbox == nil
            if readsInput { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }

            let now = ContinuousClock.now
            var deadlines = [session.deadline].compactMap { $0 }
            if watcher.descriptor == nil { deadlines.append(nextLook) }
            // A sandbox that ends by itself, or a focus that is free again, is noticed by looking.
            if sandbox != nil || waitsForFocus { deadlines.append(now + .milliseconds(100)) }
            let timeout = deadlines.min().map { Int32(max(0, min(60_000, WatchSession.seconds($0 - now) * 1000).rounded(.up))) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0, errno != EINTR { throw CommandError("cannot wait for changes: \(String(cString: strerror(errno)))") }

            func isReady(_ index: Int?) -> Bool {
                guard let index, ready > 0 else { return false }
                return descriptors[index].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
            }
            if isReady(0), let signal = signals.next() {
                session.interrupted(by: signal)
                break
            }
            if isReady(watcherIndex) || (watcher.descriptor == nil && ContinuousClock.now >= nextLook) {
                session.filesChanged(try watcher.changes(), at: .now)
                nextLook = ContinuousClock.now + watcher.interval
            }
            if isReady(buildIndex) { readBuildOutput() }
            if readsInput, isReady(descriptors.count - 1) { readInput() }
            if let sandbox, let status = sandbox.poll() {
                self.sandbox = nil
                restoreTerminal(after: status)
                session.sandboxEnded(status, reportedLink: reportedLink())
            }
            if waitsForFocus, build == nil { startBuild() }
            session.tick(at: .now)
        }
        stopBuild()
        if sandbox != nil { _ = stopSandbox() }
        terminal?.restore()
        return session.exitStatus ?? 0
    }

    // MARK: - Effects

    package func startBuild() {
        buildOutput = []
        do {
            let manifest = try plan.manifest()
            guard manifest.target(named: plan.sandbox) != nil else {
                throw CommandError("Package.swift no longer declares \(plan.sandbox)")
            }
            let targets = Set(ModuleGraph(manifest: manifest).closure(of: [plan.sandbox]))
            guard let lock = try plan.focus.prepareIfFree(targets, of: manifest) else {
                if !waitsForFocus { say(.waitingForFocus) }
                waitsForFocus = true
                return
            }
            waitsForFocus = false
            focusLock = lock
            buildManifest = manifest
            programsFolder = plan.focus.programs(for: targets)
            recorder = plan.makeRecorder(manifest)
            recorder?.remarksAsked = !plan.focus.driverRemarks(for: targets).isEmpty
            recordedUpTo = 0
            let command = plan.focus.buildCommand(for: targets, of: manifest)
            build = try ChildProcess([command.program] + command.arguments, input: .null, output: .pipe, ownGroup: true)
        } catch {
            waitsForFocus = false
            releaseFocus()
            session.buildFinished(
                succeeded: false, failure: BuildFailure(lines: ["\(error)"], errorCount: 1), at: .now)
        }
    }

    private func releaseFocus() {
        focusLock?.unlock()
        focusLock = nil
    }

    package func stopSandbox() -> String? {
        guard let sandbox else { return nil }
        sandbox.closeInput()
        sandbox.kill(SIGTERM)
        let status = sandbox.wait(timeout: .seconds(3))
        self.sandbox = nil
        restoreTerminal(after: status)
        return reportedLink()
    }

    package func launchSandbox(at link: String?) -> Bool {
        try? FileManager.default.removeItem(atPath: reportPath)
        do {
            let executable = try sandboxExecutable()
            let arguments = [executable] + (link.map { ["--open", $0] } ?? []) + ["--report-screen", reportPath] + plan.sandboxArguments
            let child = try ChildProcess(arguments, input: presentation == .script ? .pipe : .inherit, output: .inherit)
            sandbox = child
            if presentation == .script {
                forwardInput()
                if inputEnded { child.closeInput() }
            }
            return true
        } catch {
            say(.cannotLaunch("\(error)"))
            return false
        }
    }

    package func show(_ notice: WatchNotice) {
        say(.session(notice))
    }

    // MARK: - Parts

    private func say(_ message: WatchText.Message) {
        // At a terminal the sandbox owns the screen while it runs.
        if presentation == .terminal, sandbox != nil { return }
        write(WatchText(plan: plan, presentation: presentation).render(message))
    }

    private func readBuildOutput() {
        guard let build, let descriptor = build.output else { return }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            buildOutput += chunk[0..<count]
            recordWholeLines()
            return
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        // The end of its output: the build is ending.
        build.closeOutput()
        let status = build.wait(timeout: .seconds(30), killing: true)
        self.build = nil
        releaseFocus()
        buildOutput.append(UInt8(ascii: "\n"))
        recordWholeLines()
        recorder?.finish(exitStatus: status.shellStatus)
        recorder = nil
        let output = String(decoding: buildOutput, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !BuildOutputReader.isDriverRemark(String($0)) }.joined(separator: "\n")
        session.buildFinished(succeeded: status == .exited(0), failure: BuildFailure(output: output, packageRoot: plan.root), at: .now)
    }

    /// Hands the recorder the lines of the build's output it has not seen.
    private func recordWholeLines() {
        guard let recorder else { return }
        while let newline = buildOutput[recordedUpTo...].firstIndex(of: UInt8(ascii: "\n")) {
            _ = recorder.take(String(decoding: buildOutput[recordedUpTo..<newline], as: UTF8.self))
            recordedUpTo = newline + 1
        }
    }

    /// Stops a build in progress and everything it started; a stopped build is not recorded.
    private func stopBuild() {
        waitsForFocus = false
        recorder = nil
        guard let build else { return }
        build.kill(SIGINT, group: true)
        build.wait(timeout: .seconds(5), killing: true)
        self.build = nil
        releaseFocus()
    }

    private func readInput() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 { return }
        switch presentation {
        case .script:
            if count == 0 {
                inputEnded = true
                sandbox?.closeInput()
            } else {
                input += chunk[0..<count]
                forwardInput()
            }
        case .terminal:
            // No sandbox runs: the error is on screen. Enter brings the last good build back.
            if count == 0 { session.inputEnded() } else { session.relaunchRequested() }
        }
    }

    /// Sends the whole lines received so far to the sandbox; a relaunch gets whole lines only.
    private func forwardInput() {
        guard let sandbox, let lastNewline = input.lastIndex(of: UInt8(ascii: "\n")) else { return }
        sandbox.send(Array(input[...lastNewline]))
        input.removeFirst(lastNewline + 1)
    }

    private func reportedLink() -> String? {
        guard let text = try? String(contentsOfFile: reportPath, encoding: .utf8) else { return nil }
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return link.isEmpty ? nil : link
    }

    /// The sandbox's path in the focus's build folder.
    private func sandboxExecutable() throws -> String {
        (programsFolder ?? plan.focus.programs(for: [])) + "/" + plan.sandbox
    }

    private func restoreTerminal(after status: ProcessExit) {
        // A sandbox restores the terminal itself, unless it could not (SIGKILL).
        terminal?.restore(leavingFullScreen: status == .signalled(SIGKILL))
    }
}

/// The terminal's settings when the watch started, put back whenever a sandbox leaves it.
package struct TerminalState {
    private var settings: termios

    static func save() -> TerminalState? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        return TerminalState(settings: settings)
    }

    func restore(leavingFullScreen: Bool = false) {
        var settings = settings
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        if leavingFullScreen {
            // Main screen, cursor shown, styles off.
            let text = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m"
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

/// Signals as bytes on a pipe, so `poll(2)` wakes for them. Their default action (ending the
/// process at once) is turned off; children get it back (`ChildProcess`). SIGPIPE is ignored:
/// writing to a sandbox that just ended must not end the watch.
package final class SignalPipe {
    private let read: Int32
    private let write: Int32
    private var sources: [any DispatchSourceSignal] = []

    init(watching numbers: [Int32]) throws {
        (read, write) = try ChildProcess.pipe()
        _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
        signal(SIGPIPE, SIG_IGN)
        let write = self.write
        for number in numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Foundation.write(write, &byte, 1)
            }
            source.resume()
            sources.append(source)
        }
    }

    var descriptor: Int32 { read }

    /// The next signal received, if any.
    func next() -> Int32? {
        var byte: UInt8 = 0
        return Foundation.read(read, &byte, 1) == 1 ? Int32(byte) : nil
    }

    func cancel() {
        for source in sources { source.cancel() }
        sources = []
    }

    deinit {
        cancel()
        close(read)
        close(write)
    }
}
