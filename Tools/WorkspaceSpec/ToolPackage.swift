import Foundation
import WorkspaceBase

/// `Tools/Package.swift`: the workspace tool's own package, generated from the workspace's
/// manifest like project-spec.yml, and checked to be current the same way.
///
/// `Tools/workspace` builds the tool from it, so starting the tool plans its own targets, not the
/// workspace's thousands. It declares the closure of the `workspace` program as Package.swift
/// declares it: targets under `Tools/` at their folders, the others (DataFormats, URLSessionHTTP)
/// through links in `Tools/Links`, since a package's targets must live inside its folder.
public struct ToolPackage {
    public let manifest: Manifest

    public init(manifest: Manifest) {
        self.manifest = manifest
    }

    /// Where the links to targets outside the tool's folder are, relative to it.
    static let linksFolder = "Links"

    public var manifestPath: String { "\(Conventions.toolPackageFolder)/Package.swift" }

    /// The targets of the package: the tool program's closure.
    public var targets: [Target] {
        let closure = Set(ModuleGraph(manifest: manifest).closure(of: [Conventions.toolProgram]))
        return manifest.targets.filter { closure.contains($0.name) }
    }

    /// The targets living outside the tool's folder, each with the link that reaches it:
    /// `Tools/Links/DataFormats` → `../../Platform/DataFormats`.
    public var links: [(path: String, destination: String)] {
        targets.filter { !isInside($0) }.map { target in
            let depth = "\(Conventions.toolPackageFolder)/\(Self.linksFolder)".split(separator: "/").count
            return (
                "\(Conventions.toolPackageFolder)/\(Self.linksFolder)/\(target.name)", String(repeating: "../", count: depth) + target.path
            )
        }
    }

    func isInside(_ target: Target) -> Bool {
        target.path.hasPrefix("\(Conventions.toolPackageFolder)/")
    }

    /// The text of `Tools/Package.swift`.
    public func generate() throws -> String {
        guard manifest.target(named: Conventions.toolProgram) != nil else {
            throw CommandError("Package.swift declares no program \(Conventions.toolProgram) to make \(manifestPath) for")
        }
        let folder = Conventions.toolPackageFolder + "/"
        return try ManifestWriter.manifestText(
            of: manifest, for: Set(targets.map(\.name)),
            header: [
                "// swift-format-ignore-file",
                "// Generated from Package.swift by `Tools/workspace spec`; do not edit it by hand (`workspace check` fails",
                "// when it is stale). The workspace tool's own package: Tools/workspace builds it, so starting the tool",
                "// never plans the workspace's targets. Targets outside Tools/ are reached through links in Tools/\(Self.linksFolder).",
            ]
        ) { target in
            isInside(target) ? String(target.path.dropFirst(folder.count)) : "\(Self.linksFolder)/\(target.name)"
        }
    }

    /// What differs from the generated package: a stale manifest, a missing or wrong link. Empty
    /// when current.
    public func problems(in files: any FileSystem) -> [String] {
        var problems: [String] = []
        do {
            let expected = try generate()
            if (try? files.read(manifestPath)) != expected {
                problems.append("\(manifestPath) is not what Package.swift generates")
            }
        } catch {
            problems.append("\(error)")
        }
        guard let root = (files as? DiskFileSystem)?.root else { return problems }
        for link in links {
            let path = root.appendingPathComponent(link.path).path
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != link.destination {
                problems.append("\(link.path) is not a link to \(link.destination)")
            }
        }
        for stale in staleLinks(under: root) { problems.append("\(stale) links a target the tool no longer needs") }
        return problems
    }

    /// Links in the links folder that the package does not declare.
    func staleLinks(under root: URL) -> [String] {
        let folder = "\(Conventions.toolPackageFolder)/\(Self.linksFolder)"
        let wanted = Set(links.map(\.path))
        let present = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return present.map { "\(folder)/\($0)" }.filter { !wanted.contains($0) }.sorted()
    }

    /// Writes the manifest and the links (a link is replaced only when it leads elsewhere; a link
    /// the package no longer declares is removed).
    public func write(to files: DiskFileSystem) throws {
        for stale in staleLinks(under: files.root) {
            try FileManager.default.removeItem(at: files.root.appendingPathComponent(stale))
        }
        try files.write(try generate(), to: manifestPath)
        let manager = FileManager.default
        for link in links {
            let path = files.root.appendingPathComponent(link.path).path
            if (try? manager.destinationOfSymbolicLink(atPath: path)) == link.destination { continue }
            try? manager.removeItem(atPath: path)
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: path, withDestinationPath: link.destination)
        }
    }
}
