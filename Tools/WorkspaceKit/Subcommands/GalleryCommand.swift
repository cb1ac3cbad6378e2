extension WorkspaceCommand {
    /// `workspace gallery [--check] [--all] [--base REF]`.
    func gallery(check: Bool, all: Bool, base: String?, context: Context) throws -> ExitStatus {
        let manifest = try context.manifest()
        let change: GalleryPrograms.Change
        if all {
            change = .everything("--all")
        } else {
            let changes: ChangeSet
            do {
                changes = try ChangeDetector(packageRoot: context.root, runner: context.runner).changes(base: base)
            } catch {
                throw UsageError(message: error.description)
            }
            if let reason = changes.unknownBecause {
                change = .everything("cannot tell what changed (\(reason))")
            } else {
                write("gallery: changes since \(changes.description): \(changes.files.count) file\(changes.files.count == 1 ? "" : "s")")
                change = .files(changes.files)
            }
        }
        var run = GalleryRun(
            manifest: manifest, files: context.files, runner: context.runner, focus: context.focus,
            write: write, writeError: writeError)
        let arguments = ["gallery"] + (check ? ["--check"] : []) + (all ? ["--all"] : []) + (base.map { ["--base", $0] } ?? [])
        run.recorder = recorder("gallery", loop: .gallery, target: nil, arguments: arguments, context: context, manifest: manifest)
        return try run.run(check ? .check : .write, change: change) == 0 ? .success : .failure
    }
}
