import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The compiler driver the focus's builds name in `SWIFT_EXEC` on Linux: the toolchain's own
/// `swiftc`, run by a script that leaves one kind of the driver's remarks out of what SwiftPM reads.
///
/// Why: SwiftPM matches every line a driver prints against a regular expression, about 0.2 ms of
/// CPU a line. After any change of Core, the driver of each module that imports Core remarks on
/// every declaration of Core without a fingerprint ("Fingerprint missing for existing …"), one
/// line or two per screen, per module: 5,600 lines for Feed's sandbox at 305 features, 0.6 s of a
/// 3.5 s build; 2,000 at 5 features. The build insights read the driver's other remarks (what
/// changed, what was traced to what), never these, so the builds still ask for all of them.
///
/// SwiftPM finds the rest of the toolchain beside `SWIFT_EXEC` (the index-store library test
/// discovery loads, `swift-autolink-extract`, the linkers), so the script sits in a folder shaped
/// like the toolchain's: `usr/bin/swiftc`, beside links to every other file and folder of it.
public struct FilteredDriver: Sendable, Equatable {
    /// The folder shaped like the toolchain (`<focus>/driver`).
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The start of the remark the script leaves out.
    public static let droppedRemark = "remark: Incremental compilation: Fingerprint missing for existing "

    /// What `SWIFT_EXEC` names.
    public var program: String { folder + "/usr/bin/swiftc" }

    /// Which toolchain the folder stands for: the folder of its `swift` and `swiftc`.
    var record: String { folder + "/toolchain-bin" }

    /// Makes the folder for the toolchain whose programs are in `toolchainBin` (`/opt/swift/usr/bin`),
    /// unless it stands for that toolchain already. Made beside and renamed into place, so a
    /// command that stops half-way leaves no folder that looks whole.
    public func prepare(toolchainBin: String) throws {
        let script = Self.script(driver: toolchainBin + "/swiftc")
        if (try? String(contentsOfFile: record, encoding: .utf8)) == toolchainBin,
            (try? String(contentsOfFile: program, encoding: .utf8)) == script
        {
            return
        }
        let files = FileManager.default
        let making = folder + ".making-\(ProcessInfo.processInfo.processIdentifier)"
        // Builds take turns in the focus, so another folder being made was left by a command that stopped.
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        let prefix = URL(fileURLWithPath: folder).lastPathComponent + ".making-"
        for name in (try? files.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            try? files.removeItem(atPath: parent + "/" + name)
        }
        do {
            try files.createDirectory(atPath: making + "/usr/bin", withIntermediateDirectories: true)
            let toolchain = URL(fileURLWithPath: toolchainBin).deletingLastPathComponent().path
            for name in try files.contentsOfDirectory(atPath: toolchain) where name != "bin" {
                try files.createSymbolicLink(atPath: "\(making)/usr/\(name)", withDestinationPath: "\(toolchain)/\(name)")
            }
            for name in try files.contentsOfDirectory(atPath: toolchainBin) where name != "swiftc" {
                try files.createSymbolicLink(atPath: "\(making)/usr/bin/\(name)", withDestinationPath: "\(toolchainBin)/\(name)")
            }
            try Self.writeProgram(script, to: making + "/usr/bin/swiftc")
            try toolchainBin.write(toFile: making + "/toolchain-bin", atomically: false, encoding: .utf8)
            try? files.removeItem(atPath: folder)
            try files.moveItem(atPath: making, toPath: folder)
        } catch {
            try? files.removeItem(atPath: making)
            // Another command may have made the same folder meanwhile.
            if (try? String(contentsOfFile: record, encoding: .utf8)) == toolchainBin { return }
            throw CommandError(
                "cannot make the compiler driver's folder \(folder) for the toolchain in \(toolchainBin): "
                    + "\(error.localizedDescription). Check that the build folder is writable, or remove it and build again.")
        }
    }

    /// The script: the driver's standard output as it is, its error output without the dropped
    /// remark, line by line (a compiler error shows when it is printed), and the driver's status.
    static func script(driver: String) -> String {
        let quoted = "'" + driver.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        return """
            #!/usr/bin/env bash
            # Written by Tools/workspace (FilteredDriver): the toolchain's compiler driver, its error
            # output without the remarks on declarations that have no fingerprint.
            { \(quoted) "$@" 2>&1 1>&3 3>&- | grep --line-buffered -v -F '\(droppedRemark)' >&2; exit "${PIPESTATUS[0]}"; } 3>&1

            """
    }
}

extension FilteredDriver {
    /// Writes `text` to a new program at `path`, its descriptor closed on `exec`.
    ///
    /// Why: a program cannot start while any process holds it open for writing ("Text file busy").
    /// A descriptor opened without `O_CLOEXEC` (as `String.write(toFile:)` opens one) is inherited
    /// by every child another thread starts meanwhile, and held for that child's whole life: the
    /// script then could not run until, say, a minute-long build started beside it had ended.
    package static func writeProgram(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(written)
        }
        // The mode given to `open` is narrowed by the umask; a program must be runnable by its owner.
        guard chmod(path, 0o755) == 0 else { throw CommandError("cannot make \(path) runnable: \(String(cString: strerror(errno)))") }
    }
}
