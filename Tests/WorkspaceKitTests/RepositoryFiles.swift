import Foundation

/// The files of this repository a suite reads, declared in string literals where the suite
/// holds them: `static let repository = RepositoryFiles(reading: "README.md", "docs/gallery")`.
/// `workspace affected` runs the suite when a declared file, or one under a declared folder,
/// changes (`.` declares the whole repository); `workspace check` refuses a test that finds the
/// repository another way, and a read of a path not declared throws.
struct RepositoryFiles: Sendable {
    /// The repository: this file is Tests/WorkspaceKitTests/RepositoryFiles.swift (the focus links to it).
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Package-relative files and folders.
    let paths: [String]

    init(reading paths: String...) {
        self.paths = paths
    }

    struct Undeclared: Error, CustomStringConvertible {
        var path: String
        var declared: [String]
        var description: String {
            "\(path) is not among the files this suite declares it reads (\(declared.joined(separator: ", "))): add it to its RepositoryFiles(reading: …)"
        }
    }

    /// The repository's root, for a program that reads it itself: the declaration must name what the program reads.
    var root: URL { Self.root }

    /// Where `path` is; it must be declared, or under a declared folder.
    func url(_ path: String) throws -> URL {
        let declared = paths.contains { declared in
            let folder = declared.hasSuffix("/") ? String(declared.dropLast()) : declared
            return folder == "." || path == folder || path.hasPrefix(folder + "/")
        }
        guard declared else { throw Undeclared(path: path, declared: paths) }
        return Self.root.appendingPathComponent(path)
    }

    /// The text of the declared file `path`.
    func text(_ path: String) throws -> String {
        try String(contentsOf: try url(path), encoding: .utf8)
    }
}
