extension Focus {
    /// Builds `targets` (a closure of `manifest`) in the focus: waits while another command
    /// builds here (`waiting` is called once if so), writes the package holding them, runs
    /// `swift build` with its progress shown at a terminal, its paths written as the workspace's,
    /// and frees the focus. The build is recorded by the recorder `recorder` makes once the focus
    /// is this command's (none when recording is off). The one place `run` and `gallery` build;
    /// `test` builds through `swift test` (`FocusedTests.run`) and `watch` through a process it
    /// can stop (`WatchDriver`).
    public func build(
        _ targets: Set<String>, of manifest: Manifest, runner: any CommandRunning, recorder: () -> BuildRecorder? = { nil },
        waiting: () -> Void
    ) throws -> CommandResult {
        let lock = try prepare(targets, of: manifest, waiting: waiting)
        defer { lock.unlock() }
        let recorder = recorder()
        let build = try runner.showingProgress("swift", buildArguments(), in: packageRoot) { line in
            BuildRecorder.pass(line, to: recorder).map { realPaths(in: $0, of: manifest) }
        }
        recorder?.finish(exitStatus: build.status)
        return build
    }
}
