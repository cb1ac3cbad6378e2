import Foundation

/// The files of one package, by paths relative to its root (`Features/Feed/FeedScreen.swift`).
/// Commands read and write through it, so tests run them on files held in memory.
public protocol FileSystem: AnyObject {
    func read(_ path: String) throws -> String
    /// Writes the file, creating its folders.
    func write(_ text: String, to path: String) throws
    func fileExists(_ path: String) -> Bool
    /// Whether a file or folder is at `path`.
    func itemExists(_ path: String) -> Bool
    /// Every file under `folder`, recursively, as sorted package-relative paths. Hidden files
    /// and folders are left out.
    func files(under folder: String) -> [String]
    /// Removes the file or folder (with what it holds) at `path`.
    func remove(_ path: String) throws
}

public struct FileSystemError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}

extension FileSystem {
    /// The length in bytes of the package folder's absolute path (0 when the files are not on disk):
    /// how much of the file system's path limit the package itself takes.
    public var rootPathLength: Int { (self as? DiskFileSystem)?.root.path.utf8.count ?? 0 }

    /// The Swift files under `folder`.
    public func swiftFiles(under folder: String) -> [String] {
        files(under: folder).filter { $0.hasSuffix(".swift") }
    }
}

/// The package on disk.
public final class DiskFileSystem: FileSystem {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    package func url(_ path: String) -> URL {
        path.isEmpty || path == "." ? root : root.appendingPathComponent(path)
    }

    public func read(_ path: String) throws -> String {
        do {
            return try String(contentsOf: url(path), encoding: .utf8)
        } catch {
            throw FileSystemError(path: path, problem: "cannot be read (\(error.localizedDescription))")
        }
    }

    public func write(_ text: String, to path: String) throws {
        let target = url(path)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: target, options: .atomic)
        } catch {
            throw FileSystemError(path: path, problem: "cannot be written (\(error.localizedDescription))")
        }
    }

    public func remove(_ path: String) throws {
        do {
            try FileManager.default.removeItem(at: url(path))
        } catch {
            throw FileSystemError(path: path, problem: "cannot be removed (\(error.localizedDescription))")
        }
    }

    public func fileExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    public func itemExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    public func files(under folder: String) -> [String] {
        let base = url(folder).path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        let prefix = folder.isEmpty || folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                enumerator.skipDescendants()
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(prefix + relative)
            }
        }
        return result.sorted()
    }
}

/// Files held in memory, for tests and dry runs.
public final class InMemoryFileSystem: FileSystem {
    public private(set) var contents: [String: String]

    public init(_ contents: [String: String] = [:]) {
        self.contents = contents
    }

    public func read(_ path: String) throws -> String {
        guard let text = contents[path] else { throw FileSystemError(path: path, problem: "no such file") }
        return text
    }

    public func write(_ text: String, to path: String) throws {
        contents[path] = text
    }

    public func remove(_ path: String) throws {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        guard itemExists(path) else { throw FileSystemError(path: path, problem: "no such file") }
        contents = contents.filter { $0.key != path && !$0.key.hasPrefix(prefix) }
    }

    public func fileExists(_ path: String) -> Bool { contents[path] != nil }

    public func itemExists(_ path: String) -> Bool {
        contents[path] != nil || contents.keys.contains { $0.hasPrefix(path.hasSuffix("/") ? path : path + "/") }
    }

    public func files(under folder: String) -> [String] {
        let prefix = folder.isEmpty || folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        return contents.keys.filter { $0.hasPrefix(prefix) && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
    }
}
