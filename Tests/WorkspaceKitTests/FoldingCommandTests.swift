import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceData
@testable import WorkspaceKit

/// `workspace folding`: Core's search folding table, written from Foundation's Unicode data.
@Suite("workspace folding")
struct FoldingCommandTests {
    /// What `folding --check` reads of the repository.
    static let repository = RepositoryFiles(reading: "Package.swift", "Core/Core/Text/TextFolding+Table.swift")

    func run(_ arguments: [String], in folder: URL) -> (status: Int32, output: String, errors: String) {
        var output: [String] = []
        var errors: [String] = []
        let status = WorkspaceCommand(
            runner: ScriptedRunner([:]), currentDirectory: folder.path, write: { output.append($0) }, writeError: { errors.append($0) }
        ).run(arguments)
        return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"))
    }

    @Test("each scalar folds as NFKD, case folding and no marks or format characters give it")
    func folds() {
        func folded(_ scalar: Unicode.Scalar) -> String? { FoldingTableSource.fold(scalar).map { String(String.UnicodeScalarView($0)) } }
        #expect(folded("é") == "e")
        #expect(folded("Ａ") == "a")
        #expect(folded("ﬃ") == "ffi")
        #expect(folded("ß") == "ss")
        #expect(folded("\u{200B}") == "")
        #expect(folded("\u{0301}") == "")
        #expect(folded("½") == "1⁄2")
        #expect(folded("ø") == nil)
        #expect(folded("a") == nil)
    }

    @Test("runs of scalars that fold alike are one entry")
    func runs() {
        let text = FoldingTableSource.tableText()
        #expect(text.contains("C0-C5:61"))
        #expect(text.contains("300-344:"))
        #expect(text.contains("FB03:66.66.69"))
    }

    @Test("--check passes on the repository's own file, writing nothing")
    func theRepositoryIsCurrent() {
        let result = run(["folding", "--check"], in: Self.repository.root)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "Core/Core/Text/TextFolding+Table.swift is current with this toolchain's Unicode data")
    }

    @Test("a hand edit fails --check with the diff; running it writes the file again")
    func aHandEditFailsTheCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-folding-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = DiskFileSystem(root: folder)
        try disk.write("// swift-tools-version: 6.0\n", to: "Package.swift")
        let generated = FoldingTableSource.swift()
        try disk.write(generated.replacingOccurrences(of: " C0-C5:61 ", with: " C0-C5:62 "), to: FoldingTableSource.swiftPath)

        let check = run(["folding", "--check"], in: folder)
        #expect(check.status == 1)
        #expect(check.output.contains("-C0-C5:62") || check.output.contains("C0-C5:62"), "\(check.output.prefix(400))")
        #expect(check.errors.contains("run `Tools/workspace folding`"))

        let write = run(["folding"], in: folder)
        #expect(write.status == 0)
        #expect(try disk.read(FoldingTableSource.swiftPath) == generated)
    }
}
