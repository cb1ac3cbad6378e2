import Foundation

extension Focus {
    /// The programs a build finds on `PATH`: SwiftPM and the compiler's driver, the C compiler and
    /// linkers, `pkg-config` (system libraries' flags), `git`.
    static let buildPrograms = ["swift", "swiftc", "swift-build", "clang", "ld", "ld.lld", "pkg-config", "git"]

    /// Where the focus keeps the `PATH` of its builds (`pathForBuilds(current:)`).
    var buildPathRecord: String { folder + "/build-path" }

    /// The `PATH` to pass SwiftPM: the one the builds here had so far (kept in `buildPathRecord`)
    /// while `current` finds the same `buildPrograms` as it does; otherwise `current`, kept from now on.
    ///
    /// Why: SwiftPM plans again whenever its environment differs, `PATH` included (half a minute for
    /// the app at a thousand features), and `PATH` differs between shells that find the same
    /// toolchain: a Python environment, a profiler or an editor's terminal puts its own folders first.
    public func pathForBuilds(current: String) -> String {
        let kept = try? String(contentsOfFile: buildPathRecord, encoding: .utf8)
        let chosen = Self.pathForBuilds(current: current, kept: kept, find: Self.find)
        if chosen != kept {
            // A record that cannot be written only costs a plan when the next shell differs.
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? chosen.write(toFile: buildPathRecord, atomically: true, encoding: .utf8)
        }
        return chosen
    }

    /// The folder of the toolchain's programs the focus's builds run (`/opt/swift/usr/bin`): where
    /// `swift` on their `PATH` is, its links resolved; nil if it is not there.
    package var toolchainPrograms: String? {
        Self.find("swift", onPath: pathForBuilds(current: ProcessInfo.processInfo.environment["PATH"] ?? ""))
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }

    /// `kept` if every one of `buildPrograms` is found (`find(program, path)`) as the same file,
    /// or as nothing, on both; `current` otherwise.
    static func pathForBuilds(current: String, kept: String?, find: (String, String) -> String?) -> String {
        guard let kept, kept != current else { return current }
        return buildPrograms.allSatisfy { find($0, current) == find($0, kept) } ? kept : current
    }

    /// The file `program` is on `path`, its links resolved: what a shell would run.
    static func find(_ program: String, onPath path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            }
        }
        return nil
    }
}
