import WorkspaceBase
import WorkspaceInsights

extension Focus {
    /// Builds `targets` (a closure of `manifest`) in the focus: waits while another command
    /// builds here (`waiting` is called once if so), runs `swift build` on the package narrowed to
    /// them with its progress shown at a terminal, and frees the focus. The build is recorded by
    /// the recorder `recorder` makes once the focus is this command's (none when recording is
    /// off). The one place `run` and `gallery` build; `test` builds through `swift test`
    /// (`FocusedTests.run`) and `watch` through a process it can stop (`WatchDriver`).
    public func build(
        _ targets: Set<String>, of manifest: Manifest, runner: any CommandRunning, recorder: () -> BuildRecorder? = { nil },
        waiting: () -> Void
    ) throws -> CommandResult {
        let lock = try prepare(targets, of: manifest, waiting: waiting)
        defer { lock.unlock() }
        let recorder = recorder()
        recorder?.remarksAsked = !driverRemarks(for: targets).isEmpty
        let command = buildCommand(for: targets, of: manifest)
        let build = try runner.showingProgress(command.program, command.arguments, in: packageRoot) { line in
            BuildRecorder.pass(line, to: recorder)
        }
        recorder?.finish(exitStatus: build.status)
        return build
    }
}
