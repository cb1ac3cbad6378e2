import Foundation
import WorkspaceBase

/// Tells which files changed under some folders. `workspace watch` asks it after the
/// descriptor becomes readable, or every `interval` when there is none.
package protocol FileWatching: AnyObject {
    /// Readable when changes may be waiting; nil when the watcher must be asked on a timer.
    var descriptor: Int32? { get }
    /// How often to ask when there is no descriptor.
    var interval: Duration { get }
    /// The files that changed since the last call, as package-relative paths, without repeats.
    func changes() throws -> [String]
}

/// What `workspace watch` watches: the folders of the sandbox's modules, recursively, and the
/// manifest. Editors' scratch files and hidden files are left out, so a save counts once.
package struct WatchedFiles: Sendable, Equatable {
    /// The package root, absolute.
    var root: String
    /// Package-relative folders, watched with everything below them.
    var folders: [String]
    /// Package-relative files at the root (`Package.swift`).
    var rootFiles: [String] = ["Package.swift", "Package.resolved"]

    package init(root: String, folders: [String], rootFiles: [String] = ["Package.swift", "Package.resolved"]) {
        self.root = root
        self.folders = folders
        self.rootFiles = rootFiles
    }

    /// Whether a change to `path` (package-relative) should rebuild.
    func isRelevant(_ path: String) -> Bool {
        if rootFiles.contains(path) { return true }
        guard folders.contains(where: { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else { return false }
        let components = path.split(separator: "/")
        guard let name = components.last, !components.contains(where: { $0.hasPrefix(".") }) else { return false }
        return !Self.isScratchFile(String(name))
    }

    /// Backup, swap and probe files editors write next to the real one.
    static func isScratchFile(_ name: String) -> Bool {
        name.hasSuffix("~") || name.hasPrefix("#") || name == "4913"
            || [".swp", ".swo", ".swx", ".tmp", ".orig"].contains { name.hasSuffix($0) }
    }

    /// `root/Features/Feed` → `Features/Feed`; nil outside the package.
    func relative(_ absolute: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }

    func absolute(_ relative: String) -> String {
        relative.isEmpty ? root : (root.hasSuffix("/") ? root : root + "/") + relative
    }

    /// Every folder under `folder` (absolute), itself included, hidden ones left out.
    static func folders(under folder: String) -> [String] {
        var result = [folder]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return result }
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), isFolder.boolValue else {
                continue
            }
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
            } else {
                result.append(folder + "/" + relative)
            }
        }
        return result
    }
}

/// Watches by looking: every `interval` it compares each file's size, modification time and
/// identity with the last look. Works on any file system (network drives, containers whose
/// bind mounts send no inotify events) and is what macOS uses here; `--poll` chooses it on Linux.
package final class PollingWatcher: FileWatching {
    struct Stamp: Equatable {
        var size: UInt64
        var modified: Date
        var identity: UInt64
    }

    let files: WatchedFiles
    package let interval: Duration
    private var stamps: [String: Stamp]

    init(_ files: WatchedFiles, interval: Duration = .milliseconds(250)) {
        self.files = files
        self.interval = interval
        stamps = Self.look(files)
    }

    package var descriptor: Int32? { nil }

    package func changes() throws -> [String] {
        let now = Self.look(files)
        let changed = Set(now.keys).union(stamps.keys).filter { now[$0] != stamps[$0] }
        stamps = now
        return changed.sorted()
    }

    static func look(_ files: WatchedFiles) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let manager = FileManager.default
        func stamp(_ relative: String) {
            guard files.isRelevant(relative), let status = FileStatus(path: files.absolute(relative)), status.kind == .file else {
                return
            }
            stamps[relative] = Stamp(
                size: UInt64(max(status.size, 0)), modified: Date(timeIntervalSince1970: status.modified), identity: status.inode)
        }
        for name in files.rootFiles { stamp(name) }
        for folder in files.folders {
            guard let enumerator = manager.enumerator(atPath: files.absolute(folder)) else { continue }
            while let relative = enumerator.nextObject() as? String {
                if (relative as NSString).lastPathComponent.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                stamp(folder + "/" + relative)
            }
        }
        return stamps
    }
}
