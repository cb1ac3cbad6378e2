import Foundation

/// What every subcommand runs with: the processes it starts, the folder it was started in, and
/// where its output goes (`write`, `writeError`, so tests can capture it).
package struct CommandEnvironment {
    package var runner: any CommandRunning
    package var currentDirectory: String
    /// The package when no `--package-path` is given (`Tools/workspace` names the one it belongs
    /// to); nil: the nearest folder at or above the current one with a Package.swift.
    var defaultPackageRoot: String?
    package var write: (String) -> Void
    package var writeError: (String) -> Void
    /// Whether the builds and tests it runs are recorded in the build insights (`BuildRecorder`).
    package var recordsBuilds = false
    /// Where a command that reads the whole workspace says how far it is: standard error at a
    /// terminal, else nowhere.
    package var progressTerminal: ProgressTerminal?

    package init(
        runner: any CommandRunning, currentDirectory: String, defaultPackageRoot: String? = nil, write: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void, progressTerminal: ProgressTerminal? = nil
    ) {
        self.runner = runner
        self.currentDirectory = currentDirectory
        self.defaultPackageRoot = defaultPackageRoot
        self.write = write
        self.writeError = writeError
        self.progressTerminal = progressTerminal
    }

    /// The progress of `command`, in `steps` steps; `finish` it when done.
    package func progress(_ command: String, steps: Int) -> Progress {
        Progress(command, steps: steps, terminal: progressTerminal)
    }

    /// `path` as given on the command line, made absolute against the folder the tool was
    /// started in. The one place a relative path from the user is resolved.
    package func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path).standardizedFileURL.path
    }

    /// The package a subcommand works on: `--package-path`, else the default root, else the
    /// nearest folder at or above the current one with a Package.swift.
    package func workspace(_ options: PackageOptions) throws -> Workspace {
        let start = options.packagePath.map(absolute) ?? defaultPackageRoot ?? currentDirectory
        guard let root = Workspace.packageRoot(from: start) else {
            throw CommandError("no Package.swift in \(start) or any folder above it; use --package-path")
        }
        let scratch = options.scratchPath.map(absolute)
        return Workspace(root: root, scratchPath: options.scratchPath, absoluteScratch: scratch, runner: runner)
    }
}

/// The package a subcommand works on.
package struct Workspace {
    package var root: String
    /// Passed on to `swift package`: `--scratch-path DIR` as the user gave it, or nothing.
    package var swiftOptions: [String]
    /// Where the per-feature loops build: `.build`, or the scratch path (their lock and the manifest's
    /// cache in `focus` inside it).
    package var focus: Focus
    package var runner: any CommandRunning
    package var files: DiskFileSystem

    init(root: String, scratchPath: String?, absoluteScratch: String?, runner: any CommandRunning) {
        self.root = root
        self.runner = runner
        swiftOptions = scratchPath.map { ["--scratch-path", $0] } ?? []
        let focusFolder = URL(fileURLWithPath: absoluteScratch ?? root + "/.build").appendingPathComponent("focus")
        focus = Focus(packageRoot: root, folder: focusFolder.standardizedFileURL.path)
        files = DiskFileSystem(root: URL(fileURLWithPath: root))
    }

    static func packageRoot(from start: String) -> String? {
        var folder = URL(fileURLWithPath: start).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The manifest as `swift package dump-package` reads it, kept while Package.swift is unchanged.
    package func manifest() throws -> Manifest {
        try focus.manifest(swiftOptions: swiftOptions, runner: runner)
    }
}

/// `--package-path DIR` and `--scratch-path DIR`, as given (relative to the current folder).
package struct PackageOptions: Equatable, Sendable {
    package var packagePath: String?
    package var scratchPath: String?

    package init(packagePath: String? = nil, scratchPath: String? = nil) {
        self.packagePath = packagePath
        self.scratchPath = scratchPath
    }
}

/// How `workspace` exits.
public struct ExitStatus: Equatable, Sendable {
    public var rawValue: Int32

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let success = ExitStatus(0)
    /// A rule is broken, a command failed, or the change could not be tested.
    public static let failure = ExitStatus(1)
    /// The command line is wrong.
    public static let usage = ExitStatus(2)
    /// A server the command asks did not answer (`cassette verify`): nothing was compared.
    public static let unreachable = ExitStatus(3)
}
