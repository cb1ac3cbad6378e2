import Foundation
import WorkspaceBase

/// Records one build the workspace runs: created as it starts, handed each line of its output as
/// it streams (the driver's remarks are taken out of what is shown), finished with its status.
/// Recording never fails a build: a store that cannot be written is said in one line on standard
/// error, and a locked or damaged one is set aside for a new one.
public final class BuildRecorder {
    /// Where records go and what every record of this workspace shares.
    public struct Settings {
        public var store: InsightsStore
        public var packageRoot: String
        public var featureCount: Int
        /// Module → its folder relative to the package root, to name the files compiled.
        public var moduleFolders: [String: String]

        public init(store: InsightsStore, packageRoot: String, featureCount: Int, moduleFolders: [String: String]) {
            self.store = store
            self.packageRoot = packageRoot
            self.featureCount = featureCount
            self.moduleFolders = moduleFolders
        }

        /// The workspace's settings: its store (`.build/insights`, or under `--scratch-path`),
        /// its features and their folders.
        public init(packageRoot: String, scratchPath: String?, manifest: Manifest?) {
            self.init(
                store: InsightsStore(at: InsightsStore.defaultLocation(packageRoot: packageRoot, scratchPath: scratchPath)),
                packageRoot: packageRoot, featureCount: manifest?.features.count ?? 0,
                moduleFolders: Dictionary((manifest?.targets ?? []).map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first }))
        }

        /// Recording is on unless `COOKBOOK_INSIGHTS=off` (the benchmark's comparison, or by choice).
        public static var enabledByEnvironment: Bool {
            ProcessInfo.processInfo.environment["COOKBOOK_INSIGHTS"]?.lowercased() != "off"
        }
    }

    let settings: Settings
    let command: String
    let loop: BuildRecord.Loop
    let target: String?
    let arguments: [String]
    let warn: (String) -> Void
    let startedAt = Date()
    let clock = ContinuousClock.now
    private var reader: BuildOutputReader
    private let repository: RepositoryState
    private var finished = false

    public init(
        command: String, loop: BuildRecord.Loop, target: String?, arguments: [String], settings: Settings,
        warn: @escaping (String) -> Void
    ) {
        self.command = command
        self.loop = loop
        self.target = target
        self.arguments = arguments
        self.settings = settings
        self.warn = warn
        // The commit and the tree's state are read while the build runs, so they cost it nothing.
        repository = RepositoryState(packageRoot: settings.packageRoot)
        let folders = settings.moduleFolders
        let root = settings.packageRoot
        // Each module's folder and files, looked up once: a build names thousands of files.
        var located: [String: (folder: String?, files: [String: String])] = [:]
        reader = BuildOutputReader { module, file in
            let place =
                located[module]
                ?? {
                    // Without the manifest (a command recorded in another package), SwiftPM's default folders.
                    let folder =
                        folders[module]
                        ?? ["Sources/\(module)", "Tests/\(module)"].first { FileManager.default.fileExists(atPath: "\(root)/\($0)") }
                    let place = (folder: folder, files: folder.map { Self.files(under: $0, in: root) } ?? [:])
                    located[module] = place
                    return place
                }()
            guard let folder = place.folder else { return file }
            return place.files[file] ?? "\(folder)/\(file)"
        }
    }

    /// Whether the build asks the driver for its remarks (`Focus.driverRemarks(for:)`).
    public var remarksAsked: Bool {
        get { reader.remarksAsked }
        set { reader.remarksAsked = newValue }
    }

    /// Takes a line of the build's output; returns it to be shown, or nil for a driver remark.
    public func take(_ line: String) -> String? {
        reader.read(line, at: seconds)
        return BuildOutputReader.isDriverRemark(line) ? nil : line
    }

    /// A line of a focus build's output as it is to be shown: taken by the recorder if there is
    /// one; the driver's remarks are dropped either way (every focus build asks for them).
    public static func pass(_ line: String, to recorder: BuildRecorder?) -> String? {
        if let recorder { return recorder.take(line) }
        return BuildOutputReader.isDriverRemark(line) ? nil : line
    }

    var seconds: Double {
        let elapsed = ContinuousClock.now - clock
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The record of the finished build.
    func record(exitStatus: Int32) -> BuildRecord {
        let wall = seconds
        let state = repository.result()
        return BuildRecord(
            startedAt: startedAt, command: command, loop: loop, target: target, arguments: arguments,
            wallSeconds: (wall * 1000).rounded() / 1000, exitStatus: exitStatus, kind: reader.kind(succeeded: exitStatus == 0),
            featureCount: settings.featureCount, commit: state.commit, dirty: state.dirty,
            cores: ProcessInfo.processInfo.activeProcessorCount, modules: reader.modules,
            explanation: reader.explanation(driverVersion: Self.driverVersion))
    }

    /// Writes the record of the build that ended with `exitStatus`. Never throws; says in one line
    /// why a record could not be kept.
    public func finish(exitStatus: Int32) {
        guard !finished else { return }
        finished = true
        let record = record(exitStatus: exitStatus)
        let store = settings.store
        do {
            try store.append(record)
        } catch let failure as InsightsStore.Failure {
            switch failure {
            case .locked, .damaged:
                setAside(after: failure, retrying: record)
            case .other:
                warn("workspace: this build is not recorded in the insights: \(failure)")
            }
        } catch {
            warn("workspace: this build is not recorded in the insights: \(error)")
        }
    }

    private func setAside(after failure: InsightsStore.Failure, retrying record: BuildRecord) {
        let store = settings.store
        let what: String
        if case .locked = failure {
            what = "was locked by another process for over \(store.busyTimeoutMilliseconds / 1000) s"
        } else {
            what = "was damaged"
        }
        do {
            let aside = try store.setAside()
            try store.append(record)
            warn(
                "workspace: the build insights file \(store.url.path) \(what); it is set aside as \(aside.lastPathComponent) and a new one "
                    + "holds this build. Nothing to do; delete the old one once you no longer need its records.")
        } catch {
            warn(
                "workspace: the build insights file \(store.url.path) \(what) and could not be set aside (\(error)); delete it to record again."
            )
        }
    }

    /// A module's Swift files by base name, relative to the package root.
    static func files(under folder: String, in root: String) -> [String: String] {
        let base = URL(fileURLWithPath: root).appendingPathComponent(folder).path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
        var files: [String: String] = [:]
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let name = (relative as NSString).lastPathComponent
            if files[name] == nil { files[name] = "\(folder)/\(relative)" }
        }
        return files
    }

    /// `swift --version`'s first line: asked only when the driver's output is not understood.
    static func driverVersion() -> String? {
        let result = try? ProcessRunner().capture("swift", ["--version"], in: FileManager.default.currentDirectoryPath)
        return result?.output.split(separator: "\n").first.map(String.init)
    }
}
