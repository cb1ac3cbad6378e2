import WorkspaceBase
import WorkspaceFocus
import WorkspaceGallery

/// `workspace gallery [--check] [--all] [--base REF]`: every screen in every scenario, rendered
/// into docs/gallery.
struct GalleryCommand: Subcommand {
    static let name = "gallery"
    static let summary = """
        render every screen of every feature in every scenario into docs/gallery (a
        Markdown page per feature, an index, gallery.html): each sandbox and the app
        print theirs with --gallery. Only the programs the change affects (as for
        affected) are built and rendered; the others come from docs/gallery/gallery.json.
        --check writes nothing and fails with a unified diff when a screen renders
        differently; both fail when a screen has a state no scenario reaches.
        --all renders every program
        """
    enum Option {
        static let check = CommandLineOption.flag(
            "--check", help: "write nothing; fail with a unified diff when a screen renders differently")
        static let all = CommandLineOption.flag("--all", help: "render every program, not only those the change affects")
        static let base = CommandLineOption.value("--base", "REF", help: "the change is what differs from REF (as for affected)")
    }
    static let options = CommandLineSyntax(options: [Option.check, Option.all, Option.base])

    var check: Bool
    var all: Bool
    var base: String?
    var package: PackageOptions

    init(_ arguments: ParsedArguments) {
        check = arguments.has(Option.check)
        all = arguments.has(Option.all)
        base = arguments.value(Option.base)
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let progress = environment.progress(check ? "gallery --check" : "gallery", steps: 2 + GalleryRun.progressSteps)
        defer { progress.finish() }
        progress.step("reading Package.swift")
        let workspace = try environment.workspace(package)
        let manifest = try workspace.manifest()
        let change: GalleryPrograms.Change
        progress.step("asking git what changed")
        if all {
            change = .everything("--all")
        } else {
            let changes = try ChangeDetector(packageRoot: workspace.root, runner: workspace.runner).changes(since: base)
            if let reason = changes.unknownBecause {
                change = .everything("cannot tell what changed (\(reason))")
            } else {
                environment.write(
                    "gallery: changes since \(changes.description): \(changes.files.count) file\(changes.files.count == 1 ? "" : "s")")
                change = .files(changes.files, since: changes.description)
            }
        }
        var run = GalleryRun(
            manifest: manifest, files: workspace.files, runner: workspace.runner, focus: workspace.focus,
            write: environment.write, writeError: environment.writeError)
        let arguments =
            [Self.name] + (check ? [Option.check.name] : []) + (all ? [Option.all.name] : []) + (base.map { [Option.base.name, $0] } ?? [])
        run.progress = progress
        run.recorder = environment.recorder(
            "gallery", loop: .gallery, target: nil, arguments: arguments, workspace: workspace, manifest: manifest)
        return try run.run(check ? .check : .write, change: change) == 0 ? .success : .failure
    }
}
