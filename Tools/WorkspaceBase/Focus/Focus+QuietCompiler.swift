import Foundation

extension Focus {
    /// The remark lines the quiet compiler leaves out: one for each declaration of an imported
    /// module that has no fingerprint, repeated by every module's driver after the module changes.
    static let fingerprintRemark = "^remark: Incremental compilation: Fingerprint missing"

    /// Where the focus keeps its quiet compiler (`quietCompiler(path:)`).
    var quietCompilerFile: String { folder + "/swiftc-without-fingerprint-remarks" }

    /// A `swiftc` for SwiftPM (`SWIFT_EXEC`) that runs the one `path` finds and leaves its
    /// fingerprint remarks out of the output; nil where it cannot be written, on macOS, or when
    /// `path` finds no `swiftc`.
    ///
    /// Why: the focus asks every driver for its remarks (the build insights read why a file
    /// recompiled). After a change of Core's interface each driver of a module that imports Core
    /// also remarks on every declaration of Core without a fingerprint, among them every name a
    /// screen adds to `Screens`, and SwiftPM matches each line against a regular expression:
    /// 6,400 lines after one pulled screen at 305 features, 0.4 s of a sandbox's 3.4 s build. The
    /// insights use none of those lines. The driver and SwiftPM have no switch for them, so this
    /// script filters them; the rest of the output, SwiftPM's parseable messages included, passes
    /// unchanged, and the status is the compiler's. Not on macOS, where it has not been tried.
    public func quietCompiler(path: String) -> String? {
        #if os(Linux)
            // The name, not the file a link leads to: the driver behaves as `swiftc` by the name it is run as.
            let folders = path.split(separator: ":").filter { $0.hasPrefix("/") }
            guard let compiler = folders.map({ "\($0)/swiftc" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
                return nil
            }
            let script = Self.quietCompilerScript(running: compiler)
            if (try? String(contentsOfFile: quietCompilerFile, encoding: .utf8)) != script {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try script.write(toFile: quietCompilerFile, atomically: true, encoding: .utf8)
                    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: quietCompilerFile)
                } catch {
                    // Without it the build only prints more; the next build tries again.
                    return nil
                }
            }
            return quietCompilerFile
        #else
            return nil
        #endif
    }

    /// The script of `quietCompiler(path:)`, running `compiler`.
    static func quietCompilerScript(running compiler: String) -> String {
        let quoted = "'" + compiler.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return """
            #!/bin/bash
            # Written by Tools/workspace for its focused builds (Focus.quietCompiler): the compiler
            # below, with the driver's remarks on declarations without a fingerprint left out.
            \(quoted) "$@" 2> >(grep -v --line-buffered '\(fingerprintRemark)' >&2)
            status=$?
            wait $!
            exit $status

            """
    }
}
