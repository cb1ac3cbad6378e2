import DataFormats
import Foundation
import WorkspaceBase
import WorkspaceFocus
import WorkspaceInsights

/// `workspace gallery`: renders the programs a change affects (built together in the focus, each
/// prints its part with `--gallery`), takes the others from the committed gallery, and writes
/// `docs/gallery`, or, with `--check`, compares it with what is committed.
public struct GalleryRun {
    public enum Mode: Sendable {
        /// Write the files that changed.
        case write
        /// Write nothing; fail with a unified diff when a file differs.
        case check
    }

    public var manifest: Manifest
    public var files: any FileSystem
    public var runner: any CommandRunning
    public var packageRoot: String
    /// Where the programs build: one package holding the closures of the programs rendered.
    public var focus: Focus
    public var write: (String) -> Void
    public var writeError: (String) -> Void
    /// Records the programs' build in the build insights, when recording is on.
    public var recorder: BuildRecorder?
    /// Told of `progressSteps` steps.
    public var progress = WorkspaceBase.Progress.silent
    public static let progressSteps = 5

    public init(
        manifest: Manifest, files: any FileSystem, runner: any CommandRunning, focus: Focus,
        write: @escaping (String) -> Void, writeError: @escaping (String) -> Void
    ) {
        self.manifest = manifest
        self.files = files
        self.runner = runner
        self.packageRoot = focus.packageRoot
        self.focus = focus
        self.write = write
        self.writeError = writeError
    }

    /// Runs it; returns 0, or 1 when a program could not be rendered, the gallery has a problem or
    /// (`check`) differs from the committed one.
    public func run(_ mode: Mode, change: GalleryPrograms.Change) throws -> Int32 {
        let programs = GalleryPrograms(manifest: manifest)
        progress.step("reading the committed gallery")
        let committed = committedReports()
        let selection = programs.select(change, committed: Set(committed.keys), analysis: AffectedAnalysis(manifest: manifest))
        for rendered in selection.rendered { write("gallery: \(rendered.program) renders again: \(rendered.reason)") }

        var fresh: [String: GalleryReport] = [:]
        var failures: [String] = []
        let programNames = selection.rendered.map(\.program)
        progress.step("building \(programNames.count) program\(programNames.count == 1 ? "" : "s")")
        if !programNames.isEmpty {
            do {
                // The build shows its own progress.
                try progress.aside { try build(programNames) }
            } catch {
                writeError("\(error)")
                return 1
            }
        }
        progress.step("rendering the screens", count: programNames.count, of: "programs")
        let binaries = focus.programs(for: closure(of: programNames))
        for program in programNames {
            defer { progress.advance() }
            do {
                fresh[program] = try render(program, binaries: binaries)
            } catch {
                failures.append(error.message)
            }
        }
        guard failures.isEmpty else {
            for failure in failures { writeError("gallery: \(failure)") }
            writeError("gallery: nothing written: \(failures.count) of \(selection.rendered.count) programs could not be rendered")
            return 1
        }

        // Each screen must be seen in every state its translator can produce, declared or not.
        progress.step("reading the screens' states")
        let derived = ScreenStates(index: SourceIndex(manifest: manifest, files: files)).derived()
        let reports = ScreenStates.requiring(derived, in: programs.names.compactMap { fresh[$0] ?? committed[$0] })
        write(summary(selection, change: change, mode: mode, fresh: fresh, committed: committed))
        let expected = GalleryDocuments.files(for: reports)
        let stale = files.files(under: GalleryDocuments.folder).filter { path in
            expected[path] == nil && !path.dropFirst(GalleryDocuments.folder.count + 1).contains("/")
                && [".md", ".html", ".json"].contains { path.hasSuffix($0) }
        }
        progress.step("comparing \(GalleryDocuments.folder)", count: expected.count, of: "files")
        let changed = expected.keys.sorted().filter { path in
            defer { progress.advance() }
            return (try? files.read(path)) != expected[path]
        }
        progress.finish()
        var status: Int32 = 0
        switch mode {
        case .write:
            for path in changed { try files.write(expected[path] ?? "", to: path) }
            for path in stale { try files.remove(path) }
            if changed.isEmpty && stale.isEmpty {
                write("gallery: \(GalleryDocuments.folder) is up to date")
            } else {
                let removed = stale.isEmpty ? "" : "; removed \(stale.joined(separator: ", "))"
                write("gallery: wrote \(changed.joined(separator: ", "))\(removed) (\(expected.count - changed.count) files unchanged)")
            }
        case .check:
            if changed.isEmpty && stale.isEmpty {
                write("gallery --check: \(GalleryDocuments.folder) is current")
            } else {
                status = 1
                write(diffs(of: changed, expected: expected))
                for path in stale { write("\(path) is not part of the gallery any more") }
                writeError(
                    "gallery --check: \(changed.count + stale.count) file(s) of \(GalleryDocuments.folder) differ from what the programs "
                        + "render now (diff above); run `Tools/workspace gallery` and commit \(GalleryDocuments.folder)")
            }
        }
        let problems = GalleryCheck.problems(in: reports, derived: derived)
        for problem in problems { writeError("gallery: \(problem)") }
        if !problems.isEmpty {
            status = 1
            writeError("gallery: \(problems.count) problem\(problems.count == 1 ? "" : "s") (above)")
        }
        return status
    }

    /// The reports of the committed gallery, by program; none when it is missing or unreadable
    /// (then every program renders).
    func committedReports() -> [String: GalleryReport] {
        guard files.fileExists(GalleryDocuments.data) else { return [:] }
        do {
            let gallery = try ScreenGallery.decode(Data(try files.read(GalleryDocuments.data).utf8), source: GalleryDocuments.data)
            return Dictionary(gallery.reports.map { ($0.program, $0) }, uniquingKeysWith: { first, _ in first })
        } catch {
            writeError("gallery: \(error); every program renders again")
            return [:]
        }
    }

    /// Builds `programs` in one package holding their closures: one planning and one build,
    /// whatever their number.
    func build(_ programs: [String]) throws {
        let targets = closure(of: programs)
        write(
            "gallery: building \(programs.count) program\(programs.count == 1 ? "" : "s") (a focus of \(targets.count) targets)…"
        )
        let build = try focus.build(
            targets, of: manifest, runner: runner, recorder: { [recorder] in recorder },
            waiting: {
                writeError("gallery: waiting for another workspace command building in \(focus.relativeFolder) to finish…")
            })
        guard build.succeeded else {
            let log = (build.output + build.errorOutput).split(separator: "\n").filter { $0.contains("error") }.prefix(20)
            throw CommandError(
                "gallery: nothing written: the programs do not build (status \(build.status))"
                    + (log.isEmpty ? "; the errors are above" : ":\n" + log.joined(separator: "\n")))
        }
    }

    /// The targets `programs` need, built in one focus.
    func closure(of programs: [String]) -> Set<String> {
        Set(ModuleGraph(manifest: manifest).closure(of: programs))
    }

    /// Runs a built program and reads its report.
    func render(_ program: String, binaries: String) throws(CommandError) -> GalleryReport {
        let output: CommandResult
        do {
            output = try runner.capture(binaries + "/" + program, ["--gallery"], in: packageRoot)
        } catch {
            throw CommandError("cannot run \(program): \(error)")
        }
        // 1: the report lists problems (a scenario that could not start…); they are reported with the rest.
        guard output.status == 0 || output.status == 1 else {
            throw CommandError("\(program) --gallery failed (status \(output.status)): \(output.errorOutput)")
        }
        let report: GalleryReport
        do {
            report = try GalleryReport.decode(Data(output.output.utf8), source: "\(program) --gallery")
        } catch {
            throw CommandError("\(error)")
        }
        guard !report.owner.isEmpty, report.owner.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw CommandError("\(program) --gallery names its screens' owner “\(report.owner)”, which cannot name a page")
        }
        return report
    }

    /// How much was rendered and how much was taken from the committed gallery; when nothing was
    /// rendered, that nothing a program is built from changed since the base, and how to render
    /// every screen all the same.
    func summary(
        _ selection: GalleryPrograms.Selection, change: GalleryPrograms.Change, mode: Mode, fresh: [String: GalleryReport],
        committed: [String: GalleryReport]
    ) -> String {
        func count(_ reports: [GalleryReport]) -> String {
            let screens = reports.flatMap(\.screens).count
            let renderings = reports.flatMap(\.screens).flatMap(\.examples).flatMap(\.renderings).count
            return "\(screens) screen\(screens == 1 ? "" : "s") (\(renderings) rendering\(renderings == 1 ? "" : "s"))"
        }
        let skipped =
            "\(count(selection.skipped.compactMap { committed[$0] })) in \(selection.skipped.count) program"
            + "\(selection.skipped.count == 1 ? "" : "s")"
        if selection.rendered.isEmpty, case .files(_, let base) = change {
            let all = mode == .check ? "`Tools/workspace gallery --check --all`" : "`Tools/workspace gallery --all`"
            return "gallery: nothing a program is built from changed since \(base), so no screen rendered again; "
                + "\(skipped) come from \(GalleryDocuments.folder)/gallery.json as committed. \(all) renders "
                + (mode == .check ? "and checks " : "") + "every screen"
        }
        let rendered = selection.rendered.map(\.program)
        var text =
            "gallery: rendered \(count(rendered.compactMap { fresh[$0] })) in \(rendered.count) program\(rendered.count == 1 ? "" : "s")"
        if !rendered.isEmpty { text += " (\(rendered.joined(separator: ", ")))" }
        if selection.skipped.isEmpty {
            text += "; skipped none"
        } else {
            text += "; skipped \(skipped) the change does not affect (\(selection.skipped.joined(separator: ", ")))"
        }
        return text
    }

    /// The unified diffs of the Markdown pages; the HTML and JSON files, which say the same, are
    /// only named, unless nothing else differs.
    func diffs(of changed: [String], expected: [String: String]) -> String {
        let pages = changed.filter { $0.hasSuffix(".md") }
        let shown = pages.isEmpty ? changed : pages
        var text = shown.map { path in
            UnifiedDiff.diff(
                from: (try? files.read(path)) ?? "", to: expected[path] ?? "", oldName: "\(path) (as it is)",
                newName: "\(path) (as rendered now)")
        }.joined()
        let named = changed.filter { !shown.contains($0) }
        if !named.isEmpty { text += "(\(named.joined(separator: " and ")) differ the same way)\n" }
        return text
    }
}
