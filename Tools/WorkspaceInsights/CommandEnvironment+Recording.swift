import Foundation
import WorkspaceBase

extension CommandEnvironment {
    /// A recorder for one build or test run of `command`, or nil when recording is off.
    package func recorder(
        _ command: String, loop: BuildRecord.Loop, target: String?, arguments: [String], workspace: Workspace, manifest: Manifest?
    ) -> BuildRecorder? {
        guard recordsBuilds else { return nil }
        return BuildRecorder(
            command: command, loop: loop, target: target, arguments: arguments,
            settings: BuildRecorder.Settings(packageRoot: workspace.root, scratchPath: workspace.buildFolder, manifest: manifest),
            warn: writeError)
    }
}

extension Workspace {
    /// The build folder, absolute: `.build`, or `--scratch-path`; the focus is inside it.
    var buildFolder: String {
        URL(fileURLWithPath: focus.folder).deletingLastPathComponent().path
    }
}
