import Foundation

/// Where every per-feature loop builds: the workspace's own package, narrowed to the targets one
/// command needs. Package.swift reads their names from `COOKBOOK_FOCUS` and declares only those.
///
/// SwiftPM plans every target of a package on every build: at a thousand features (three
/// thousand targets) a sandbox's build after any change to Package.swift plans for 40 s before it
/// compiles anything. A focused build plans one closure, a dozen targets at any size of the
/// workspace, and builds in the workspace's build folder (`.build`) from the real sources: what
/// `swift build` or `swift test` compiled is not compiled again, an edit anywhere in the closure is
/// always rebuilt, and the compiler names the files a person edits. Two commands of the tool take
/// turns: a lock (in `folder`) is held from the choice of the closure to the end of its build.
public struct Focus: Sendable, Equatable {
    /// The workspace's package folder, absolute.
    public let packageRoot: String
    /// The tool's own files beside the build (the manifest's cache, the lock), absolute:
    /// `<packageRoot>/.build/focus` by default; the build folder is the folder holding it.
    public let folder: String

    public init(packageRoot: String, folder: String) {
        self.packageRoot = packageRoot
        self.folder = folder
    }

    /// The environment variable Package.swift reads the focused targets from.
    public static let variable = "COOKBOOK_FOCUS"

    /// The build folder the focused builds share with `swift build` and `swift test`.
    public var buildFolder: String { URL(fileURLWithPath: folder).deletingLastPathComponent().path }

    /// Where the workspace's manifest, read by `swift package dump-package`, is kept while
    /// Package.swift is unchanged (`Manifest.loadCached`).
    public var manifestCache: String { folder + "/manifest-cache" }

    /// Closures of more targets than this (the app's, from about 150 features on) build in a
    /// folder of their own, `.build/large`. SwiftPM keeps one build plan per build folder and plans
    /// again whenever the focused targets change, and planning costs targets × dependencies: a
    /// sandbox's closure a fraction of a second, the app's at a thousand features half a minute.
    /// So a sandbox or a feature's tests run between two runs of the app must not take the app's
    /// plan away. Below this, sharing `.build` costs nothing and saves compiling twice.
    public static let largeClosure = 300

    /// The build folder of `targets`: `.build`, or `.build/large` for a large closure
    /// (`largeClosure`); a sanitizer gets its own (`.build/sanitize-thread`), since every module
    /// of a sanitized build is compiled differently.
    public func scratch(for targets: Set<String>, sanitizer: String? = nil) -> String {
        if let sanitizer { return buildFolder + "/sanitize-\(sanitizer)" }
        return targets.count > Self.largeClosure ? buildFolder + "/large" : buildFolder
    }

    /// Where the programs built in the focus of `targets` are.
    public func programs(for targets: Set<String>) -> String { scratch(for: targets) + "/debug" }

    /// The workspace's manifest, from the cache while Package.swift is unchanged. A manifest that
    /// does not evaluate is SwiftPM's error, never an older reading.
    public func manifest(swiftOptions: [String] = [], runner: any CommandRunning) throws -> Manifest {
        try Manifest.loadCached(
            packageRoot: packageRoot, swiftOptions: swiftOptions, runner: runner, cacheFile: manifestCache,
            path: ProcessInfo.processInfo.environment["PATH"].map(pathForBuilds(current:)))
    }

    /// Waits for the focus (`waiting` is called once if another command holds it) and checks that
    /// `targets` are the manifest's. The focus is the caller's until it unlocks the lock returned.
    /// Throws if one of them imports a module it does not declare (`FocusImports`).
    public func prepare(_ targets: Set<String>, of manifest: Manifest, waiting: () -> Void = {}) throws -> FileLock {
        try prepareListing(targets, of: manifest, waiting: waiting).lock
    }

    /// As `prepare`, and the listing of the closure's files the import check read, taken once the
    /// focus is this command's (the build stamps read it too).
    public func prepareListing(_ targets: Set<String>, of manifest: Manifest, waiting: () -> Void = {}) throws -> (
        lock: FileLock, listing: ClosureListing
    ) {
        try Self.check(targets, of: manifest)
        let lock = try FileLock(path: try lockPath(), waiting: waiting)
        let listing = listingMissedEdits(of: targets, in: manifest)
        return (try preparingDriver(for: targets, held: try checkingImports(targets, of: manifest, listing: listing, held: lock)), listing)
    }

    /// As `prepare`, but nil at once if another command holds the focus (a watch keeps reading its
    /// input and signals meanwhile).
    public func prepareIfFree(_ targets: Set<String>, of manifest: Manifest) throws -> FileLock? {
        try Self.check(targets, of: manifest)
        guard let lock = try FileLock(ifFree: try lockPath()) else { return nil }
        let listing = listingMissedEdits(of: targets, in: manifest)
        return try preparingDriver(for: targets, held: try checkingImports(targets, of: manifest, listing: listing, held: lock))
    }

    /// The closure's files, listed once the focus is this command's; the objects of those saved
    /// since their target's last build began are removed, so that it compiles them (`SameSecondEdits`).
    private func listingMissedEdits(of targets: Set<String>, in manifest: Manifest) -> ClosureListing {
        let listedAt = Date().timeIntervalSince1970
        let listing = ClosureListing(targets: targets, of: manifest, packageRoot: packageRoot)
        SameSecondEdits(scratch: scratch(for: targets), programs: programs(for: targets), packageRoot: packageRoot)
            .prepare(listing, listedAt: listedAt)
        return listing
    }

    /// The record of clean import checks (`FocusImports`).
    public var importsRecord: String { folder + "/imports-checked.json" }

    /// `lock` once `targets`' imports are checked; unlocked if they are not clean.
    private func checkingImports(
        _ targets: Set<String>, of manifest: Manifest, listing: ClosureListing, held lock: FileLock
    ) throws -> FileLock {
        do {
            try FocusImports(packageRoot: packageRoot, record: importsRecord).check(targets, of: manifest, listing: listing)
        } catch {
            lock.unlock()
            throw error
        }
        return lock
    }

    static func check(_ targets: Set<String>, of manifest: Manifest) throws {
        let known = Set(manifest.targets.map(\.name))
        if let unknown = targets.subtracting(known).sorted().first {
            throw CommandError("the focus names \(unknown), which Package.swift does not declare")
        }
        for target in manifest.targets where targets.contains(target.name) {
            if let missing = target.targetDependencies.first(where: { !targets.contains($0) }) {
                throw CommandError("target \(target.name) depends on \(missing), which is not among the focused targets")
            }
        }
    }

    private func lockPath() throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(folder): \(error.localizedDescription)")
        }
        return folder + "/.lock"
    }

    /// `swift ARGUMENTS` on the package narrowed to `targets`, as a command line:
    /// `env COOKBOOK_FOCUS=Core,Feed,… swift ARGUMENTS` (the names in the manifest's order). Given
    /// the caller's `environment`, SwiftPM sees only what of it can change a build
    /// (`env -i PATH=… HOME=… COOKBOOK_FOCUS=… swift …`, `buildEnvironment(from:)`); without it,
    /// everything passes through (tests read their own variables).
    public func command(
        _ swiftArguments: [String], targets: Set<String>, of manifest: Manifest,
        keepingOnlyBuildVariablesOf environment: [String: String]? = nil
    ) -> (program: String, arguments: [String]) {
        let names = manifest.targets.map(\.name).filter(targets.contains)
        let cleared = environment.map { ["-i"] + Self.buildEnvironment(from: $0) } ?? []
        let driver = driverVariable(swiftArguments, environment: environment ?? ProcessInfo.processInfo.environment)
        return ("env", cleared + driver + ["\(Self.variable)=\(names.joined(separator: ","))", "swift"] + swiftArguments)
    }

    /// `swift build` of `targets` in the focus, in the environment every build gets
    /// (`buildEnvironment(from:)` of this process's), so that SwiftPM keeps its plan between them.
    /// Its `PATH` is the one the builds here had while it finds the same programs (`pathForBuilds`).
    /// `part` narrows the build further, in the same plan: `--target cookbook` builds that target
    /// and what it imports and links nothing (the split link does, `SplitLink`), `--product
    /// URLSessionHTTP` one product.
    public func buildCommand(for targets: Set<String>, of manifest: Manifest, part: [String] = []) -> (
        program: String, arguments: [String]
    ) {
        var environment = ProcessInfo.processInfo.environment
        if let path = environment["PATH"] { environment["PATH"] = pathForBuilds(current: path) }
        let arguments = buildArguments(for: targets) + part
        return command(arguments, targets: targets, of: manifest, keepingOnlyBuildVariablesOf: environment)
    }

    /// What of the caller's environment a build passes to SwiftPM, as sorted `NAME=value` words:
    /// where programs and the toolchain are (`PATH`, `DEVELOPER_DIR`, `SDKROOT`, `TOOLCHAINS`,
    /// `SWIFT…`, `CC`, `CXX`), the home, caches and temporary files, the language of messages.
    ///
    /// Why not all of it: SwiftPM keeps its build plan only while the whole process environment is
    /// the same, and plans again otherwise, half a minute for the app at a thousand features. A
    /// shell in another folder (`PWD`), another terminal (`TERM`) or any variable set for one command
    /// would cost that; these variables do not change between a person's commands.
    public static func buildEnvironment(from environment: [String: String]) -> [String] {
        environment.filter { buildVariables.contains($0.key) || $0.key.hasPrefix("SWIFT") }.sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value)"
        }
    }

    static let buildVariables: Set<String> = [
        "PATH", "HOME", "TMPDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES",
        "LD_LIBRARY_PATH", "DEVELOPER_DIR", "SDKROOT", "TOOLCHAINS", "CC", "CXX",
    ]

    /// The arguments of `swift build` in the focus: `product`, or every target of the closure when
    /// nil (a program's closure holds the dynamic libraries it opens at run time, which no product
    /// of the program links). Undeclared imports are refused before it runs (`prepare`).
    public func buildArguments(for targets: Set<String>, product: String? = nil) -> [String] {
        ["build", "--package-path", packageRoot, "--scratch-path", scratch(for: targets)] + driverRemarks(for: targets)
            + (product.map { ["--product", $0] } ?? [])
    }

    /// The Swift driver says what it recompiles and why (the build insights read it). Every build
    /// in the focus passes it, recorded or not; it changes no compiled file, so a plain `swift build`
    /// in the same folder recompiles nothing for its absence.
    public static let driverRemarks = ["-Xswiftc", "-driver-show-incremental"]

    /// The driver's remarks for a build of `targets`: none for a closure of more than
    /// `largeClosure` targets (the app's in a large workspace, built in its own folder, so the
    /// flag never flips in one folder). SwiftPM matches every line of every driver's output
    /// against a regular expression, and after a change of Core's interface each of a thousand
    /// modules' drivers remarks on every declaration of Core: at 305 features that took SwiftPM
    /// 90 s of a 125 s build of the app after a pulled screen. Such builds are recorded without
    /// the why (`BuildRecord.Explanation.notAsked`).
    public func driverRemarks(for targets: Set<String>) -> [String] {
        targets.count > Self.largeClosure ? [] : Self.driverRemarks
    }

    /// The folder as the user would name it: `.build/focus`.
    public var relativeFolder: String {
        folder.hasPrefix(packageRoot + "/") ? String(folder.dropFirst(packageRoot.count + 1)) : folder
    }
}
