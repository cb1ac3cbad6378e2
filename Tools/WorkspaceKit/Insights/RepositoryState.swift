import Foundation

/// The commit a build ran on and whether the tree had changes, read by one `git status` started
/// with the build and collected when it ends: the build does not wait for it.
final class RepositoryState {
    private let process = Process()
    private let pipe = Pipe()
    private let started: Bool

    init(packageRoot: String) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", packageRoot, "status", "--porcelain=v2", "--branch"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        started = (try? process.run()) != nil
    }

    /// (nil, false) outside a repository, or without git.
    func result() -> (commit: String?, dirty: Bool) {
        guard started else { return (nil, false) }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return (nil, false) }
        return Self.parse(String(decoding: data, as: UTF8.self))
    }

    /// `# branch.oid 1a2b…` names the commit (`(initial)` before the first); any line not starting
    /// with `#` is a changed or untracked file.
    static func parse(_ status: String) -> (commit: String?, dirty: Bool) {
        let lines = status.split(separator: "\n")
        let oid = lines.first { $0.hasPrefix("# branch.oid ") }.map { String($0.dropFirst("# branch.oid ".count)) }
        return (oid == "(initial)" ? nil : oid, lines.contains { !$0.hasPrefix("#") })
    }
}
