import Foundation
import WorkspaceBase
import WorkspaceData

/// `workspace folding [--check]`: Core's search folding table from Foundation's Unicode data.
struct FoldingCommand: Subcommand {
    static let name = "folding"
    static let summary = """
        write Core/Core/Text/TextFolding+Table.swift (what each character folds to for search:
        NFKD, case folding, no accents or format characters) from Foundation's Unicode data;
        --check writes nothing and fails with a unified diff when the file differs
        """
    enum Option {
        static let check = CommandLineOption.flag("--check", help: "write nothing; fail with a unified diff when the file differs")
    }
    static let options = CommandLineSyntax(options: [Option.check])

    var check: Bool
    var package: PackageOptions

    init(_ arguments: ParsedArguments) {
        check = arguments.has(Option.check)
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let workspace = try environment.workspace(package)
        let file = GeneratedFile(
            path: FoldingTableSource.swiftPath, source: "this toolchain's Unicode data", command: Self.name,
            remedy: "run `Tools/workspace folding`")
        return try file.update(to: FoldingTableSource.swift(), check: check, in: workspace.files, environment)
    }
}
