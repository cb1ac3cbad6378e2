import DataFormats
import Foundation
import WorkspaceBase
import WorkspaceInsights

extension InsightsCommand {
    static let reportUsage = """
        usage: workspace insights [--json | --markdown] [--html FILE] [--threshold PERCENT] [--recent N]
                                  [--days N] [--min-builds N] [--wide N] [--store PATH]… [--against PATH]…
                                  [--fail-on-slowdown]

        Reports on the builds and tests the workspace tool ran (recorded in
        .build/insights/insights.sqlite): for each loop (a target's clean, incremental or
        up-to-date builds in a sandbox, one module's tests, the app, the gallery…) the median of
        its last N successful builds against its builds in the days before them, the modules that
        took the most compile time, and the edits that recompiled the most files. Failed builds
        are counted apart, never in a median. A loop more than PERCENT slower is flagged, and so is
        an edit that made files of N or more other modules recompile in one of a loop's recent
        builds (a Core change that every feature sees: flagged on the build right after it).
        `workspace insights record -- COMMAND…` runs a command and records it (`--help` after
        record says more).

        options:
          --json               the report as JSON (keys: docs/insights.md)
          --markdown           a short summary in Markdown, for a pull request's checks
          --html FILE          also write the report as one self-contained page with charts
          --threshold PERCENT  how much slower is flagged (default 20)
          --recent N           the builds a loop's recent median is taken over (default 5)
          --days N             the days before them it is compared with (default 7)
          --min-builds N       fewer builds than this on a side are not compared (default 3,
                               1 with --against: a CI run builds each loop once)
          --wide N             other modules an edit must reach to be flagged (default 3)
          --store PATH         read these records instead: an insights file, or a folder searched
                               for them (*.sqlite); may be given more than once
          --against PATH       compare with the loops' builds in these records (the base branch's)
          --fail-on-slowdown   exit status 1 when a loop or a wide change is flagged
          --package-path DIR, --scratch-path DIR   as for every command

        exit status: 0, or 1 with --fail-on-slowdown when something is flagged; 1 when the records
        cannot be read, 2 bad command line
        """

    /// `workspace insights [options]`: the report on the recorded builds.
    func report(_ options: InsightsOptions, _ environment: CommandEnvironment) throws -> ExitStatus {
        let now = Date()
        let stores = try insightsStores(options.stores, environment)
        let since = now.addingTimeInterval(-Double(options.settings.baselineDays) * 2 * 86_400)
        let records = try stores.flatMap { try Self.records(of: $0, since: since) }
        let baseline = try options.against.map { paths in
            try insightsStores(paths, environment).flatMap { try Self.records(of: $0, since: nil) }
        }
        let report = InsightsReport(records: records, baseline: baseline, now: now, settings: options.settings)
        if let page = options.html {
            try report.writeHTML(to: URL(fileURLWithPath: environment.absolute(page)))
            environment.writeError("workspace insights: wrote \(page)")
        }
        switch options.format {
        case .json: environment.write(try report.json())
        case .markdown: environment.write(report.markdown)
        case .text where records.isEmpty:
            let places = stores.map { $0.url.path }.joined(separator: ", ")
            environment.write(
                "No builds recorded in \(places) yet. `Tools/workspace run`, `test`, `watch`, `gallery` and `new-feature` record theirs; `Tools/workspace insights record -- COMMAND…` records any other."
            )
        case .text: environment.write(report.text)
        }
        return options.failOnSlowdown && report.flagged ? .failure : .success
    }

    /// The store's records since `since`; a file that cannot be read is an error that says what to do.
    static func records(of store: InsightsStore, since: Date?) throws -> [BuildRecord] {
        do {
            return try store.records(since: since)
        } catch let failure as InsightsStore.Failure {
            throw CommandError("\(failure). \(failure.whatToDo)")
        }
    }

    /// The stores at `paths` (a file, or every `*.sqlite` in a folder), or the workspace's own.
    func insightsStores(_ paths: [String], _ environment: CommandEnvironment) throws -> [InsightsStore] {
        guard !paths.isEmpty else {
            let workspace = try environment.workspace(package)
            return [InsightsStore(at: InsightsStore.defaultLocation(packageRoot: workspace.root, scratchPath: package.scratchPath))]
        }
        return try paths.flatMap { path -> [InsightsStore] in
            let url = URL(fileURLWithPath: environment.absolute(path))
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw CommandError("no insights file or folder at \(path)")
            }
            guard isFolder.boolValue else { return [InsightsStore(at: url)] }
            let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.hasSuffix(".sqlite") }.sorted().map { InsightsStore(at: url.appendingPathComponent($0)) }
        }
    }
}

/// What the report's command line asks for.
struct InsightsOptions {
    enum Format { case text, json, markdown }

    var format = Format.text
    var html: String?
    var settings = InsightsReport.Settings()
    var stores: [String] = []
    var against: [String]?
    var failOnSlowdown = false

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        if arguments.flags.contains("--json") && arguments.flags.contains("--markdown") {
            throw CommandLineError("insights takes --json or --markdown, not both")
        }
        format = arguments.flags.contains("--json") ? .json : arguments.flags.contains("--markdown") ? .markdown : .text
        failOnSlowdown = arguments.flags.contains("--fail-on-slowdown")
        html = arguments.values["--html"]
        stores = arguments.repeated["--store"] ?? []
        against = arguments.repeated["--against"]
        func whole(_ name: String) throws(CommandLineError) -> Int? {
            guard let text = arguments.values[name] else { return nil }
            guard let number = Int(text), number > 0 else { throw CommandLineError("\(name) takes a whole number above 0, not “\(text)”") }
            return number
        }
        if let recent = try whole("--recent") { settings.recentBuilds = recent }
        if let days = try whole("--days") { settings.baselineDays = days }
        if let wide = try whole("--wide") { settings.wideChangeModules = wide }
        if let text = arguments.values["--threshold"] {
            let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let percent = Double(digits), percent >= 0, percent.isFinite else {
                throw CommandLineError("--threshold takes a percentage such as 20 or 20%, not “\(text)”")
            }
            settings.threshold = percent / 100
        }
        // A CI run builds each loop once: against the base branch's run, one build a side is the comparison.
        settings.minimumBuilds = try whole("--min-builds") ?? (against == nil ? 3 : 1)
    }
}
