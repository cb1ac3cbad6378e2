import Foundation

/// Where every per-feature loop builds: a package generated from the workspace's manifest that
/// holds only the targets one command needs (`FocusPackage`), in `.build/focus`.
///
/// SwiftPM plans every target of a package on every build: at a thousand features (three
/// thousand targets) a sandbox's build after any change to Package.swift plans for 40 s before it
/// compiles anything. A focus holds one closure, a dozen targets at any size of the workspace.
/// There is one focus folder and one build folder: commands that need the same closure (`run`,
/// `watch` and `gallery` of one sandbox) write the same manifest, which SwiftPM then reads from its
/// cache, and a module shared by two closures (Core) is compiled once. Two commands take turns: a
/// lock is held from the writing of the package to the end of the build in it.
public struct Focus: Sendable, Equatable {
    /// The workspace's package folder, absolute.
    public let packageRoot: String
    /// The focused package's folder, absolute: `<packageRoot>/.build/focus` by default.
    public let folder: String

    public init(packageRoot: String, folder: String) {
        self.packageRoot = packageRoot
        self.folder = folder
    }

    /// Where the workspace's manifest, read by `swift package dump-package`, is kept while
    /// Package.swift is unchanged (`Manifest.loadCached`).
    public var manifestCache: String { folder + "/manifest-cache.json" }

    /// The build folder; a sanitizer gets its own (`.build-thread`), since every module of a
    /// sanitized build is compiled differently.
    public func scratch(sanitizer: String? = nil) -> String {
        folder + "/" + (sanitizer.map { ".build-\($0)" } ?? ".build")
    }

    /// Where the programs built in the focus are.
    public var programs: String { scratch() + "/debug" }

    /// The workspace's manifest, from the cache while Package.swift is unchanged. A manifest that
    /// does not evaluate is SwiftPM's error, never an older reading.
    public func manifest(swiftOptions: [String] = [], runner: any CommandRunning) throws -> Manifest {
        try Manifest.loadCached(packageRoot: packageRoot, swiftOptions: swiftOptions, runner: runner, cacheFile: manifestCache)
    }

    /// Waits for the focus (`waiting` is called once if another command holds it), then writes the
    /// package holding `targets`. The focus is the caller's until it unlocks the lock returned.
    public func prepare(_ targets: Set<String>, of manifest: Manifest, waiting: () -> Void = {}) throws -> FileLock {
        let lock = try FileLock(path: try lockPath(), waiting: waiting)
        do {
            try FocusPackage(manifest: manifest, packageRoot: packageRoot, folder: folder).write(targets: targets)
        } catch {
            lock.unlock()
            throw error
        }
        return lock
    }

    /// As `prepare`, but nil at once if another command holds the focus (a watch keeps reading its
    /// input and signals meanwhile).
    public func prepareIfFree(_ targets: Set<String>, of manifest: Manifest) throws -> FileLock? {
        guard let lock = try FileLock(ifFree: try lockPath()) else { return nil }
        do {
            try FocusPackage(manifest: manifest, packageRoot: packageRoot, folder: folder).write(targets: targets)
        } catch {
            lock.unlock()
            throw error
        }
        return lock
    }

    private func lockPath() throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(folder): \(error.localizedDescription)")
        }
        return folder + "/.lock"
    }

    /// `swift build` in the focus: `product`, or every target of the package when nil (a
    /// program's closure holds the dynamic libraries it opens at run time, which no product
    /// of the program links). Undeclared imports are errors, as in every build of the workspace:
    /// the build folder holds modules of other closures, which an undeclared import would find.
    public func buildArguments(product: String? = nil) -> [String] {
        ["build", "--package-path", folder, "--scratch-path", scratch(), "--explicit-target-dependency-import-check", "error"]
            + Self.driverRemarks + (product.map { ["--product", $0] } ?? [])
    }

    /// The Swift driver says what it recompiles and why (the build insights read it). Every build
    /// in the focus passes it, recorded or not: SwiftPM plans a build again when its flags change.
    public static let driverRemarks = ["-Xswiftc", "-driver-show-incremental"]

    /// `text` with the focus's links written as the real paths of the files they lead to.
    public func realPaths(in text: String, of manifest: Manifest) -> String {
        FocusPackage(manifest: manifest, packageRoot: packageRoot, folder: folder).realPaths(in: text)
    }

    /// The folder as the user would name it: `.build/focus`.
    public var relativeFolder: String {
        folder.hasPrefix(packageRoot + "/") ? String(folder.dropFirst(packageRoot.count + 1)) : folder
    }
}
