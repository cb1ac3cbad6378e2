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
            // Where each left-out tool is next named; only the one whose command was just left out
            // is searched for again, so the manifest is read once whatever the order of its commands.
            var next = leftOutTools.map { toolLine(of: $0, in: bytes, from: commands) }
            while let tool = next.compactMap({ $0 }).min() {
                // The command's block: from its name's line, the one above its tool's, to the blank
                // line that ends it.
                var start = tool - 1
                while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                let end = find("\n\n", in: bytes, from: tool).map { $0 + 1 } ?? bytes.count
                guard start >= position else { return nil }
                kept.append(position..<start)
                position = end + (end < bytes.count ? 1 : 0)
                for index in next.indices where next[index].map({ $0 < end }) ?? false {
                    next[index] = toolLine(of: leftOutTools[index], in: bytes, from: end)
                }
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

    /// The direct manifest `direct` narrowed to the commands of `modules` and to the one target
    /// `target`, `program`'s module as `moduleTarget` names it; nil if it is not shaped as `rewrite`
    /// leaves it.
    ///
    /// Why: llbuild reads the whole manifest and checks every command the target reaches, about
    /// 0.2 s at a thousand features with nothing to do. A module whose sources did not change, and
    /// none of whose dependencies did, has nothing to compile: its command is left out, and its
    /// outputs (its `.swiftmodule`, which its dependents' commands read) are plain files to llbuild.
    /// Commands keep their names, so the database they share with SwiftPM stays right for both.
    public static func narrowed(_ direct: Data, to modules: Set<String>, program: String, target: String) -> Data? {
        // `-x86_64-unknown-linux-gnu-debug.`: what follows a module's name in its commands' names.
        guard target.hasPrefix(program + "-"), let kind = target.lastIndex(of: ".") else { return nil }
        let suffix = String(target[target.index(target.startIndex, offsetBy: program.count)...kind])
        return direct.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let targets = find("\ntargets:\n", in: bytes, from: 0),
                let commands = find("\ncommands:\n", in: bytes, from: targets),
                let line = find("\n  \"\(target)\":", in: bytes, from: targets), line < commands
            else { return nil }
            let lineEnd = find("\n", in: bytes, from: line + 1) ?? commands
            var result = Data(UnsafeBufferPointer(rebasing: bytes[0..<(targets + "\ntargets:".utf8.count)]))
            result.append(UnsafeBufferPointer(rebasing: bytes[line..<lineEnd]))
            // The nodes (the folders SwiftPM watches), as they are; `default:` names a target left out.
            let nodes = find("\nnodes:\n", in: bytes, from: lineEnd).flatMap { $0 < commands ? $0 : nil } ?? commands
            result.append(UnsafeBufferPointer(rebasing: bytes[nodes..<(commands + "\ncommands:\n".utf8.count)]))
            var start = commands + "\ncommands:\n".utf8.count
            while start < bytes.count {
                let end = find("\n\n", in: bytes, from: start).map { $0 + 2 } ?? bytes.count
                let nameEnd = find("\":\n", in: bytes, from: start) ?? end
                let name = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[min(start + 3, nameEnd)..<min(nameEnd, end)]), as: UTF8.self)
                if let module = module(ofCommand: name, suffix: suffix), !modules.contains(module) {
                    start = end
                    continue
                }
                result.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
            return result
        }
    }

    /// The module a command of SwiftPM's manifest belongs to: `Feed` for `C.Feed-<suffix>module`,
    /// `<Feed-<suffix>module>` and `…/Feed.build/FeedScreen.swift.o`; nil for a command of no module.
    static func module(ofCommand name: String, suffix: String) -> String? {
        for opening in ["C.", "<"] where name.hasPrefix(opening) {
            guard let range = name.range(of: suffix) else { return nil }
            return String(name[name.index(name.startIndex, offsetBy: opening.count)..<range.lowerBound])
        }
        let folders = name.split(separator: "/").dropLast()
        guard let folder = folders.last, folder.hasSuffix(".build"), folders.count > 1 else { return nil }
        return String(folder.dropLast(".build".count))
    }

    static let clientHeader = "client:\n  name: basic\n"
    static let directClientHeader = "client:\n  name: swift-build\n"
    /// The tools only SwiftPM runs, as their commands' lines read.
    static let leftOutTools = ["\n    tool: write-auxiliary-file\n", "\n    tool: package-structure-tool\n"]

    /// Where the next command of `tool` (one of `leftOutTools`) names its tool, at or after `start`.
    private static func toolLine(of tool: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        find(tool, in: bytes, from: start).map { $0 + 1 }
    }

    private static func find(_ text: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var text = text
        return text.withUTF8 { firstOffset(of: $0, in: bytes, from: start) }
    }
}
