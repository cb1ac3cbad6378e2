/// The targets of a package and their declared dependencies, both ways.
public struct ModuleGraph: Sendable, Equatable {
    /// Target names in manifest order.
    public let names: [String]
    private let dependenciesByName: [String: [String]]
    private let dependentsByName: [String: [String]]
    /// Where each name stands in `names`, to put a closure in manifest order without scanning them all.
    private let positions: [String: [Int]]

    /// The manifest's graph, plus `extraEdges` (`from` → `to`) it cannot declare: an
    /// end-to-end test target that runs built executables depends on them.
    public init(manifest: Manifest, extraEdges: [(from: String, to: String)] = []) {
        let names = manifest.targetNames
        self.names = names
        positions = Dictionary(grouping: names.indices) { names[$0] }
        let known = Set(names)
        var dependencies: [String: [String]] = [:]
        for target in manifest.targets {
            dependencies[target.name] = target.targetDependencies.filter(known.contains)
        }
        for edge in extraEdges where known.contains(edge.from) && known.contains(edge.to) {
            if dependencies[edge.from, default: []].contains(edge.to) == false {
                dependencies[edge.from, default: []].append(edge.to)
            }
        }
        var dependents: [String: [String]] = [:]
        for name in names {
            for dependency in dependencies[name] ?? [] {
                dependents[dependency, default: []].append(name)
            }
        }
        dependenciesByName = dependencies
        dependentsByName = dependents
    }

    /// What `name` depends on directly, in manifest order.
    public func dependencies(of name: String) -> [String] { dependenciesByName[name] ?? [] }

    /// What depends on `name` directly, in manifest order.
    public func dependents(of name: String) -> [String] { dependentsByName[name] ?? [] }

    /// Every edge, in manifest order.
    public var edges: [(from: String, to: String)] {
        names.flatMap { name in dependencies(of: name).map { (from: name, to: $0) } }
    }

    /// `names` and everything that depends on them, directly or not, in manifest order.
    public func reverseClosure(of start: some Sequence<String>) -> [String] {
        closure(of: start, following: dependents(of:))
    }

    /// `names` and everything they depend on, directly or not, in manifest order.
    public func closure(of start: some Sequence<String>) -> [String] {
        closure(of: start, following: dependencies(of:))
    }

    private func closure(of start: some Sequence<String>, following next: (String) -> [String]) -> [String] {
        var seen = Set<String>()
        var queue = Array(start)
        while let name = queue.popLast() {
            guard seen.insert(name).inserted else { continue }
            queue.append(contentsOf: next(name))
        }
        // `names.filter(seen.contains)`, without reading every name for a small closure.
        return seen.flatMap { positions[$0] ?? [] }.sorted().map { names[$0] }
    }

    /// Whether the graph has a cycle, and one if so (`[A, B, A]`).
    public var cycle: [String]? {
        var state: [String: Int] = [:]  // 1: on the path, 2: done
        var path: [String] = []
        func visit(_ name: String) -> [String]? {
            state[name] = 1
            path.append(name)
            for dependency in dependencies(of: name) {
                if state[dependency] == 1, let start = path.firstIndex(of: dependency) {
                    return Array(path[start...]) + [dependency]
                }
                if state[dependency] == nil, let found = visit(dependency) { return found }
            }
            path.removeLast()
            state[name] = 2
            return nil
        }
        for name in names where state[name] == nil {
            if let found = visit(name) { return found }
        }
        return nil
    }

    public static func == (lhs: ModuleGraph, rhs: ModuleGraph) -> Bool {
        lhs.names == rhs.names && lhs.dependenciesByName == rhs.dependenciesByName
    }
}
