import Foundation
import WorkspaceBase

/// The last successful focused build of each command line, so that a build with nothing to do
/// does not ask SwiftPM.
///
/// Why: SwiftPM's build with nothing to do still loads its plan and looks at every target's files,
/// about 1.1 s for the app at a thousand features against 0.3 s at five. What a focused build's
/// result depends on is known here: its command line with the environment it passes, Package.swift,
/// every file in the folders of the targets it builds, and the compiler. These are stamped as
/// llbuild stamps files (path, size, modification time, inode) before the build, and the programs
/// the build leaves after it. A later build of the same command line whose stamps are the same
/// would do nothing, so it is not run. Anything else (an edit, a file added or removed, another
/// toolchain, a program deleted or rebuilt by another command) runs SwiftPM as always.
package struct FocusBuildStamps {
    /// `builds-done.json` in the focus's folder: command line (hashed) → the stamps of its last success.
    let record: String

    package struct Stamps: Codable, Equatable {
        /// What the build read: the command line, Package.swift, the targets' files, the compiler.
        var inputs: String
        /// What it left: the programs and libraries in the programs' folder.
        var outputs: String
    }

    /// Whether the last success of `command` left exactly `stamps`.
    func isCurrent(_ command: [String], _ stamps: Stamps) -> Bool {
        read()[Self.key(command)] == stamps
    }

    /// Records the success of `command`, or forgets its last one (nil): called with nil before a
    /// build runs, so a build that fails or is stopped never leaves an older success standing.
    func record(_ command: [String], _ stamps: Stamps?) {
        // A record that cannot be written only costs the next build a run of SwiftPM.
        StampRecord(record).update(Self.key(command), to: stamps, keepingAtMost: Self.bound)
    }

    private func read() -> [String: Stamps] { StampRecord(record).read() }

    /// How many command lines the record keeps: every sandbox, the app and the gallery of a
    /// workspace, as long as no feature changes their closures.
    static let bound = 64

    /// A command line by its hash: the app's names a thousand targets.
    static func key(_ command: [String]) -> String { stableHash(command.joined(separator: " ")) }

    /// What a build of `targets` by `command` reads, stamped; nil if something cannot be read
    /// (the build then runs). The targets' files are `listing`'s when given (the import check's
    /// walk), else listed here.
    static func inputs(
        of targets: Set<String>, in manifest: Manifest, command: [String], packageRoot: String, listing: ClosureListing? = nil
    ) -> String? {
        let listing = listing ?? ClosureListing(targets: targets, of: manifest, packageRoot: packageRoot)
        let root = URL(fileURLWithPath: packageRoot)
        var text = key(command) + "\n"
        guard let package = stamp(root.appendingPathComponent("Package.swift").path) else { return nil }
        text += "Package.swift \(package)\n"
        // The compiler SwiftPM will find first on PATH: another toolchain compiles everything again.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let compiler = "\(folder)/swiftc"
            if let stamp = stamp(compiler) {
                text += "swiftc \(compiler) \(stamp)\n"
                break
            }
        }
        for target in manifest.targets where targets.contains(target.name) {
            guard let files = listing.files[target.name] ?? nil else { return nil }
            text += "\(target.name) \(target.path)\n"
            for file in files { text += "\(file.path) \(file.status.stamp)\n" }
        }
        return stableHash(text)
    }

    /// The files `programs` holds, the programs and libraries of the build, stamped; nil if one of
    /// `executables` is not there (a build must make it).
    static func outputs(in programs: String, executables: [String]) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: programs) else { return nil }
        guard executables.allSatisfy(names.contains) else { return nil }
        // Hashed as numbers: the folder holds a thousand entries at a thousand features.
        var hasher = StableHasher()
        for name in names.sorted() {
            guard let status = FileStatus(path: programs + "/" + name), status.kind != .folder else { continue }
            hasher.combine(name)
            hasher.combine(status)
        }
        return hasher.value
    }

    /// `size modified inode` of a file (of a link, the link's own); nil for a folder (its files are
    /// stamped one by one) or what does not exist.
    static func stamp(_ path: String) -> String? {
        guard let status = FileStatus(path: path), status.kind != .folder else { return nil }
        return status.stamp
    }
}
