import Foundation
import WorkspaceBase

/// SwiftPM's build manifest (`debug.yaml`) made runnable by llbuild's own program,
/// `swift-build-tool`, for a direct build (`Focus.directBuild`).
///
/// SwiftPM's manifest names its client `basic`, which `swift-build-tool` does not accept (its client
/// is `swift-build`), and has commands of two tools only SwiftPM runs: `write-auxiliary-file` (the
/// lists of sources, the compiler's version) and `package-structure-tool` (planning again when a
/// folder's files change). A direct build runs only while SwiftPM's plan holds, when SwiftPM's last
/// build wrote those files and nothing would plan again, so those commands are left out. Every
/// other command is SwiftPM's, unchanged, so both share one build database: what either built,
/// the other does not build again. The manifest keeps `file-system: device-agnostic`, which the
/// database's file stamps were made with.
public enum DirectBuildManifest {
    /// The manifest for `swift-build-tool`, or nil if `buildManifest` is not shaped as SwiftPM 6's.
    public static func rewrite(_ buildManifest: Data) -> Data? {
        buildManifest.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let header = find(clientHeader, in: bytes, from: 0), header == 0,
                let commands = find("\ncommands:\n", in: bytes, from: 0)
            else { return nil }
            var kept: [Range<Int>] = []
            var position = clientHeader.utf8.count
            var searched = commands
            while let tool = nextLeftOutTool(in: bytes, from: searched) {
                // The command's block: from its name's line, the one above its tool's, to the blank
                // line that ends it.
                var start = tool - 1
                while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                let end = find("\n\n", in: bytes, from: tool).map { $0 + 1 } ?? bytes.count
                guard start >= position else { return nil }
                kept.append(position..<start)
                position = end + (end < bytes.count ? 1 : 0)
                searched = end
            }
            kept.append(position..<bytes.count)
            var result = Data(directClientHeader.utf8)
            for range in kept where !range.isEmpty {
                result.append(UnsafeBufferPointer(rebasing: bytes[range]))
            }
            return result
        }
    }

    /// The name of llbuild's target that `swift build --target PROGRAM` builds: PROGRAM's module
    /// (`cookbook-x86_64-unknown-linux-gnu-debug.module`); nil if the manifest has none or several.
    public static func moduleTarget(of program: String, in buildManifest: Data) -> String? {
        buildManifest.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let targets = find("\ntargets:\n", in: bytes, from: 0) else { return nil }
            let end = find("\n\n", in: bytes, from: targets) ?? find("\ncommands:\n", in: bytes, from: targets) ?? bytes.count
            let section = String(decoding: UnsafeBufferPointer(rebasing: bytes[targets..<end]), as: UTF8.self)
            let names = section.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("\"\(program)-"), let close = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
                let name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
                return name.hasSuffix("-debug.module") || name.hasSuffix("-release.module") ? name : nil
            }
            return names.count == 1 ? names[0] : nil
        }
    }

    static let clientHeader = "client:\n  name: basic\n"
    static let directClientHeader = "client:\n  name: swift-build\n"
    /// The tools only SwiftPM runs, as their commands' lines read.
    static let leftOutTools = ["\n    tool: write-auxiliary-file\n", "\n    tool: package-structure-tool\n"]

    /// Where the next command of a left-out tool names its tool, at or after `start`.
    private static func nextLeftOutTool(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        leftOutTools.compactMap { find($0, in: bytes, from: start).map { $0 + 1 } }.min()
    }

    private static func find(_ text: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var text = text
        return text.withUTF8 { firstOffset(of: $0, in: bytes, from: start) }
    }
}
