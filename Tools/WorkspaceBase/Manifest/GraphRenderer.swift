/// The module graph as Mermaid (for Markdown) or Graphviz DOT, one edge a line, in manifest
/// order. Test targets are left out unless asked for; system libraries are drawn as cylinders.
public struct GraphRenderer: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case mermaid, dot
    }

    public let manifest: Manifest
    public let includeTests: Bool

    public init(manifest: Manifest, includeTests: Bool = false) {
        self.manifest = manifest
        self.includeTests = includeTests
    }

    var targets: [Target] {
        manifest.targets.filter { includeTests || $0.kind != .test }
    }

    /// The targets drawn, top down: a target comes before everything it depends on (the
    /// longest chain of dependencies below it first, then manifest order).
    public var orderedTargets: [Target] {
        let graph = ModuleGraph(manifest: manifest)
        var heights: [String: Int] = [:]
        func height(_ name: String, visiting: Set<String> = []) -> Int {
            if let known = heights[name] { return known }
            guard !visiting.contains(name) else { return 0 }
            let value = graph.dependencies(of: name).map { height($0, visiting: visiting.union([name])) + 1 }.max() ?? 0
            heights[name] = value
            return value
        }
        let order = Dictionary(uniqueKeysWithValues: manifest.targetNames.enumerated().map { ($1, $0) })
        return targets.sorted { lhs, rhs in
            let (left, right) = (height(lhs.name), height(rhs.name))
            return left != right ? left > right : (order[lhs.name] ?? 0) < (order[rhs.name] ?? 0)
        }
    }

    /// The edges drawn, top down, each target's in manifest order.
    public var edges: [(from: String, to: String)] {
        let shown = Set(targets.map(\.name))
        let graph = ModuleGraph(manifest: manifest)
        return orderedTargets.flatMap { target in
            graph.dependencies(of: target.name).filter(shown.contains).map { (from: target.name, to: $0) }
        }
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .mermaid: mermaid()
        case .dot: dot()
        }
    }

    func mermaid() -> String {
        var lines = ["graph TD"]
        let edges = self.edges
        let connected = Set(edges.flatMap { [$0.from, $0.to] })
        var declared = Set<String>()
        func node(_ name: String) -> String {
            guard manifest.target(named: name)?.kind == .system, declared.insert(name).inserted else { return name }
            return "\(name)[(\(name))]"
        }
        // One line a target: `App --> Core & TerminalRunner & Feed`.
        for target in orderedTargets {
            let targetsOfEdges = edges.filter { $0.from == target.name }.map(\.to)
            if !targetsOfEdges.isEmpty {
                lines.append("  \(node(target.name)) --> \(targetsOfEdges.map(node).joined(separator: " & "))")
            } else if !connected.contains(target.name) {
                lines.append("  \(node(target.name))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func dot() -> String {
        var lines = ["digraph \"\(manifest.name)\" {", "  rankdir=TB;", "  node [shape=box];"]
        for target in orderedTargets {
            switch target.kind {
            case .system: lines.append("  \"\(target.name)\" [shape=cylinder];")
            case .executable: lines.append("  \"\(target.name)\" [shape=ellipse];")
            case .test: lines.append("  \"\(target.name)\" [shape=note];")
            default: break
            }
        }
        let edges = self.edges
        let connected = Set(edges.flatMap { [$0.from, $0.to] })
        for target in orderedTargets where !connected.contains(target.name) && target.kind == .regular {
            lines.append("  \"\(target.name)\";")
        }
        for edge in edges {
            lines.append("  \"\(edge.from)\" -> \"\(edge.to)\";")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
