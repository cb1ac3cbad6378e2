import WorkspaceBase
import WorkspaceFocus

/// The rule that keeps `workspace affected` told what each test reads of the repository:
///
/// - repository-reads: a test finds the repository only through its target's `RepositoryFiles`
///   (the file declaring `struct RepositoryFiles` is the one place a test target may use
///   `#filePath` or `#file`), and every `RepositoryFiles(reading: …)` names its files and folders
///   in string literals, which `workspace affected` reads to select the suite when one changes.
extension ArchitectureCheck {
    func repositoryReadsRule() -> [Violation] {
        let helper = AffectedAnalysis.readsHelper
        var violations: [Violation] = []
        for target in manifest.targets where target.kind == .test {
            for path in index.swiftFiles(of: target) {
                guard let source = index.source(path), source.text.containsText("#file") || source.text.containsText(helper) else {
                    continue
                }
                let declaresHelper = source.typeDeclarations.contains { $0.name == helper && $0.kind != "extension" }
                if !declaresHelper {
                    for offset in Self.fileLiteralOffsets(in: source) {
                        violations.append(
                            Violation(
                                path, source.line(ofOffset: offset), "repository-reads",
                                "\(target.name) finds the repository with \(source.identifier(at: offset + 1) == "file" ? "#file" : "#filePath"), so `workspace affected` cannot tell what it reads",
                                fix:
                                    "read through \(helper)(reading: \"path\", …) (Tests/\(target.name)/\(helper).swift), naming each file or folder read"
                            ))
                    }
                }
                for read in AffectedAnalysis.declaredReads(in: source, within: 0..<source.codeBytes.count) where read.paths == nil {
                    violations.append(
                        Violation(
                            path, source.line(ofOffset: read.offset), "repository-reads",
                            "\(helper)(…) declares what it reads with something other than string literals, so `workspace affected` cannot tell what it reads",
                            fix: "write each file or folder as a string literal: \(helper)(reading: \"README.md\", \"docs/gallery\")"))
                }
            }
        }
        return violations
    }

    /// Where `#file` and `#filePath` occur in code (not `#fileID`, which holds no folder).
    static func fileLiteralOffsets(in source: SwiftSource) -> [Int] {
        let bytes = source.codeBytes
        let needle = Array("#file".utf8)
        guard bytes.count >= needle.count else { return [] }
        return (0...(bytes.count - needle.count)).filter { offset in
            bytes[offset] == needle[0] && bytes[offset..<(offset + needle.count)].elementsEqual(needle)
                && ["file", "filePath"].contains(source.identifier(at: offset + 1))
        }
    }
}
