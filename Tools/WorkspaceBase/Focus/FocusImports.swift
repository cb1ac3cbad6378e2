import Foundation

/// Undeclared imports in a focused build, found by the tool before `swift build` runs.
///
/// The build folder holds the modules of every closure built in it, so an import a target does
/// not declare would compile in a focus and fail elsewhere. SwiftPM's
/// `--explicit-target-dependency-import-check` finds it, but reads every target of the build on
/// every build, changed or not: at a thousand features it is 14 of the 15 s an unchanged app's
/// build takes. The focus checks the same rule (`ImportRule`, as `workspace check` does) on the
/// targets whose Swift files or declared dependencies changed since their last clean check,
/// recorded in `imports-checked.json` beside the focus's lock. A target with an undeclared import
/// is never recorded, so it is read again, and refused, until it is fixed.
package struct FocusImports {
    /// The workspace's package folder, absolute.
    let packageRoot: String
    /// The record of clean checks: target name → the stamp of what was checked.
    let record: String

    /// Throws, naming each undeclared import and its fix, if one of `targets` has one. Their
    /// files and stamps are `listing`'s.
    func check(_ targets: Set<String>, of manifest: Manifest, listing: ClosureListing) throws {
        let recorded = records.read()
        var stamps: [String: String] = [:]
        var stale: [Target] = []
        for target in manifest.targets where targets.contains(target.name) && target.kind != .system {
            let stamp = Self.stamp(of: target, files: listing.swiftFiles(of: target.name) ?? [])
            stamps[target.name] = stamp
            if recorded[target.name] != stamp { stale.append(target) }
        }
        guard !stale.isEmpty else { return }
        let index = SourceIndex(manifest: manifest, files: DiskFileSystem(root: URL(fileURLWithPath: packageRoot)))
        var clean = recorded
        var violations: [Violation] = []
        for target in stale {
            let found = ImportRule.violations(of: target, in: manifest, index: index)
            violations += found
            clean[target.name] = found.isEmpty ? stamps[target.name] : nil
        }
        records.write(clean)
        if !violations.isEmpty {
            throw CommandError(
                (["an import names a module its target does not declare, so this build would pass here and fail elsewhere:"]
                    + violations.map { "  \($0)" }
                    + ["Fix each one, then run the command again (`Tools/workspace check` lists every rule)."])
                    .joined(separator: "\n"))
        }
    }

    /// What the check of `target` depends on: its declared dependencies and, for each Swift file,
    /// its path and stamp (size, modification time, inode), hashed (`stableHash`).
    static func stamp(of target: Target, files: [ClosureListing.File]) -> String {
        var text = target.dependencies.map(\.name).sorted().joined(separator: ",")
        for file in files {
            text += "\n\(file.path) \(file.status.stamp)"
        }
        return stableHash(text)
    }

    /// A record that cannot be written only costs the next build a check of every target again.
    private var records: StampRecord<String> { StampRecord(record) }
}
