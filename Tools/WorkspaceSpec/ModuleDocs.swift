import Foundation
import WorkspaceBase

/// The module graph and the module table of the docs (`Conventions.moduleDocuments`), written from
/// the manifest between marker comments by `workspace spec`, and checked by `spec --check`, so
/// that they cannot drift from Package.swift.
///
/// The graph is all generated. Of the table, the layer, module, folder and dependency columns are;
/// the last column, what each module holds, is written by hand and kept across regenerations
/// (by module), and a module whose cell is empty fails the check.
public struct ModuleDocs: Sendable {
    public enum Block: String, CaseIterable, Sendable {
        case graph, table

        public var begin: String {
            switch self {
            case .graph: "<!-- module graph: generated from Package.swift by Tools/workspace spec -->"
            case .table: "<!-- module table: generated from Package.swift by Tools/workspace spec, but for the holds column -->"
            }
        }

        public var end: String { "<!-- end module \(rawValue) -->" }
    }

    public let manifest: Manifest
    public let layers: ModuleLayers

    public init(manifest: Manifest) {
        self.manifest = manifest
        self.layers = ModuleLayers(manifest: manifest)
    }

    // MARK: Graph

    /// A Mermaid graph: one subgraph per layer, then each module's dependencies on one line
    /// (`App --> Core & TerminalRunner`), a conditional one dotted and labelled with its platforms.
    public func graph() -> [String] {
        let modules = layers.modules
        var lines = ["```mermaid", "graph TD"]
        for layer in modules.map(\.layer).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            lines.append("  subgraph \(layer)_layer [\"\(layer)/\"]")
            for module in modules where module.layer == layer { lines.append("    " + node(module)) }
            lines.append("  end")
        }
        for module in modules {
            let always = module.dependencies.filter(\.platforms.isEmpty).map(\.to)
            if !always.isEmpty { lines.append("  \(module.name) --> \(always.joined(separator: " & "))") }
            for edge in module.dependencies where !edge.platforms.isEmpty {
                lines.append("  \(module.name) -. \(ModuleLayers.platformsInWords(edge.platforms)) .-> \(edge.to)")
            }
        }
        return lines + ["```"]
    }

    func node(_ module: ModuleLayers.Module) -> String {
        switch (module.name, module.kind) {
        case (ModuleLayers.feature, _): return "\(module.name)[\"each feature\"]"
        case (ModuleLayers.featureSandbox, _): return "\(module.name)[\"each feature's sandbox\"]"
        case (ModuleLayers.entriesPart, _): return "\(module.name)[\"the features' entries, by part\"]"
        case (ModuleLayers.toolLibrary, _): return "\(module.name)[\"the tool's libraries\"]"
        case (_, .system): return "\(module.name)[(\(module.name))]"
        case (_, .executable): return "\(module.name)([\(module.name)])"
        default: return module.name
        }
    }

    // MARK: Table

    static let tableHeader = ["| layer | module | folder | depends on | holds |", "|---|---|---|---|---|"]

    /// The module cell: a fold in italics (`*Feature*Sandbox`).
    static func moduleCell(_ module: ModuleLayers.Module) -> String {
        switch module.name {
        case ModuleLayers.feature: "*Feature*"
        case ModuleLayers.featureSandbox: "*Feature*Sandbox"
        case ModuleLayers.entriesPart: "EntriesPart*NN*"
        case ModuleLayers.toolLibrary: "*ToolLibrary*"
        default: module.name
        }
    }

    static func dependencyCell(_ module: ModuleLayers.Module) -> String {
        if module.kind == .system { return "the system's \(module.pkgConfig ?? module.name) (pkg-config)" }
        let words = module.dependencies.map { edge -> String in
            var name = edge.to
            if edge.to == ModuleLayers.feature {
                name =
                    module.name == ModuleLayers.featureSandbox
                    ? "its feature" : module.name == ModuleLayers.entriesPart ? "its part's features" : "the features"
            }
            if edge.to == ModuleLayers.entriesPart { name = "the features' entries" }
            if edge.to == ModuleLayers.toolLibrary { name = "the tool's libraries" }
            return edge.platforms.isEmpty ? name : "\(name) (\(ModuleLayers.platformsInWords(edge.platforms)))"
        }
        return words.isEmpty ? "nothing" : words.joined(separator: ", ")
    }

    /// The cells of a table row, `|` escaped ones kept whole.
    static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var previous: Character = " "
        for character in row.trimmingCharacters(in: .whitespaces).dropFirst() {
            if character == "|", previous != "\\" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        return cells
    }

    /// The hand-written last cell of each row of a table block, by its module cell.
    static func holds(in block: [String]) -> [String: String] {
        var holds: [String: String] = [:]
        for row in block.dropFirst(tableHeader.count) where row.hasPrefix("|") {
            let cells = cells(of: row)
            if cells.count >= 5, !cells[4].isEmpty { holds[cells[1]] = cells[4] }
        }
        return holds
    }

    /// The table, keeping each module's holds cell from `previous` (the block's current lines).
    public func table(keeping previous: [String]) -> [String] {
        let holds = Self.holds(in: previous)
        return Self.tableHeader
            + layers.modules.map { module in
                let cell = Self.moduleCell(module)
                let text = holds[cell].map { " \($0) " } ?? " "
                return "| `\(module.layer)/` | \(cell) | `\(module.folder)` | \(Self.dependencyCell(module)) |\(text)|"
            }
    }

    /// The modules whose holds cell is empty in the table `block`.
    static func undescribed(in block: [String]) -> [String] {
        block.dropFirst(tableHeader.count).filter { $0.hasPrefix("|") }.map(cells(of:)).filter { $0.count >= 5 && $0[4].isEmpty }
            .map { $0[1] }
    }

    // MARK: Documents

    /// Where each block of `text` is: the lines between its markers (0-based), or a problem.
    struct Found {
        var block: Block
        var contents: Range<Int>
    }

    static func blocks(in lines: [String]) throws -> [Found] {
        var found: [Found] = []
        var index = 0
        while index < lines.count {
            if let block = Block.allCases.first(where: { $0.begin == lines[index] }) {
                guard let end = lines[(index + 1)...].firstIndex(of: block.end) else {
                    throw CommandError("line \(index + 1): the module \(block.rawValue) has no end marker \(block.end)")
                }
                found.append(Found(block: block, contents: (index + 1)..<end))
                index = end
            }
            index += 1
        }
        return found
    }

    /// `text` with every block written from the manifest.
    public func updated(_ text: String) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for found in try Self.blocks(in: lines).reversed() {
            let previous = Array(lines[found.contents])
            lines.replaceSubrange(found.contents, with: found.block == .graph ? graph() : table(keeping: previous))
        }
        return lines.joined(separator: "\n")
    }

    /// What is wrong with the documents that exist, each with its fix: a document without a
    /// block, a stale block (the first line that differs), a module the table does not describe.
    public func problems(in files: any FileSystem) -> [String] {
        var problems: [String] = []
        for path in Conventions.moduleDocuments where files.fileExists(path) {
            do {
                let text = try files.read(path)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let found = try Self.blocks(in: lines)
                if found.isEmpty {
                    problems.append(
                        "\(path): no generated module graph or table — fix: put \(Block.graph.begin) and \(Block.graph.end) where the graph goes, then run `Tools/workspace spec`"
                    )
                    continue
                }
                let expected = try updated(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if let line = zip(lines, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                    ?? (lines.count == expected.count ? nil : min(lines.count, expected.count))
                {
                    let block = found.last { $0.contents.lowerBound <= line }?.block.rawValue ?? "graph"
                    let wanted = line < expected.count ? "“\(expected[line])”" : "the end of the file"
                    problems.append(
                        "\(path):\(line + 1): the module \(block) is not what Package.swift gives: line \(line + 1) should be \(wanted) — fix: run `Tools/workspace spec`"
                    )
                }
                for table in found where table.block == .table {
                    for module in Self.undescribed(in: self.table(keeping: Array(lines[table.contents]))) {
                        problems.append(
                            "\(path): the module table does not say what \(module) holds — fix: write it in the row's last cell")
                    }
                }
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        return problems
    }

    /// Writes the documents whose blocks are stale; returns their paths.
    public func write(to files: any FileSystem) throws -> [String] {
        var written: [String] = []
        for path in Conventions.moduleDocuments where files.fileExists(path) {
            let text = try files.read(path)
            let new = try updated(text)
            if new != text {
                try files.write(new, to: path)
                written.append(path)
            }
        }
        return written
    }
}
