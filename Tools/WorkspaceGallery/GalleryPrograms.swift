import WorkspaceBase
import WorkspaceFocus

/// The programs that render the screen gallery (`--gallery`), and which of them a change makes
/// render again, by the module graph.
///
/// Every sandbox renders its feature's screens; the app renders the screens the App module builds
/// itself. A program renders again when a module it is built from changed: a sandbox's whole
/// closure (its feature, Core, CoreTesting, SandboxSupport, TerminalRunner…), the app's closure
/// without the features it links but whose screens it does not render. So a change to Feed
/// re-renders FeedSandbox only, a change to Core every program.
public struct GalleryPrograms: Sendable {
    public struct Program: Sendable, Equatable {
        public var name: String
        /// The targets whose change re-renders it.
        public var modules: Set<String>

        public init(name: String, modules: Set<String>) {
            self.name = name
            self.modules = modules
        }
    }

    /// Sandboxes first, in manifest order, then the app's executables.
    public let programs: [Program]

    public init(programs: [Program]) {
        self.programs = programs
    }

    public init(manifest: Manifest) {
        let graph = ModuleGraph(manifest: manifest)
        // The app's gallery shows its own screens; a feature's (and its entry, which only forwards) are its sandbox's.
        let features = Set((manifest.features + manifest.entries).map(\.name))
        let sandboxes = manifest.sandboxes.map { Program(name: $0.name, modules: Set(graph.closure(of: [$0.name]))) }
        let apps = manifest.targets.filter { $0.kind == .executable && $0.targetDependencies.contains(Conventions.app) }.map { app in
            Program(name: app.name, modules: Self.closure(of: app.name, in: graph, skipping: features))
        }
        self.init(programs: sandboxes + apps)
    }

    /// `start` and what it depends on, not going through `skipped`.
    static func closure(of start: String, in graph: ModuleGraph, skipping skipped: Set<String>) -> Set<String> {
        var seen: Set<String> = []
        var queue = [start]
        while let name = queue.popLast() {
            guard !skipped.contains(name), seen.insert(name).inserted else { continue }
            queue += graph.dependencies(of: name)
        }
        return seen
    }

    public var names: [String] { programs.map(\.name) }

    /// Which programs render, and why; the others are taken from the committed gallery.
    public struct Selection: Sendable, Equatable {
        public struct Rendered: Sendable, Equatable {
            public var program: String
            public var reason: String
        }

        /// In program order.
        public var rendered: [Rendered]
        public var skipped: [String]
    }

    /// What changed, as the gallery sees it.
    public enum Change: Sendable, Equatable {
        /// Render every program, for this reason.
        case everything(String)
        /// These files changed (package-relative paths) since the base `since` describes
        /// (`HEAD, plus uncommitted and untracked files`).
        case files([String], since: String = "the base")
    }

    /// The programs to render for `change`: every one for `.everything`; otherwise those built from
    /// a changed target, and those the committed gallery does not have (`committed`, by name).
    ///
    /// A changed file counts by the target whose folder holds it. The manifest re-renders
    /// everything; documentation and files no target holds (CI scripts, benchmarks) re-render
    /// nothing: no program reads them. Nor does `docs/gallery` itself, which every run writes: a
    /// hand edit of a page still fails `--check`, since the pages are made again from
    /// `gallery.json` every time (and CI's full run on main renders every program).
    public func select(_ change: Change, committed: Set<String>, analysis: AffectedAnalysis) -> Selection {
        var changedTargets: Set<String> = []
        var everything: String?
        switch change {
        case .everything(let reason):
            everything = reason
        case .files(let files, _):
            for file in files {
                if Conventions.manifestFiles.contains(file) {
                    everything = everything ?? "\(file) changed"
                } else if !analysis.isDocumentation(file), let target = analysis.target(of: file) {
                    changedTargets.insert(target)
                }
            }
        }
        var selection = Selection(rendered: [], skipped: [])
        for program in programs {
            let changed = program.modules.intersection(changedTargets).sorted()
            if let everything {
                selection.rendered.append(.init(program: program.name, reason: everything))
            } else if !committed.contains(program.name) {
                selection.rendered.append(.init(program: program.name, reason: "the committed gallery does not have it"))
            } else if !changed.isEmpty {
                let listed = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
                selection.rendered.append(.init(program: program.name, reason: "built from what changed: \(listed)"))
            } else {
                selection.skipped.append(program.name)
            }
        }
        return selection
    }
}
