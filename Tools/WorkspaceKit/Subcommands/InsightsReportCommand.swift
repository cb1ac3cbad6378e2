import DataFormats
import Foundation
import WorkspaceBase
import WorkspaceInsights

extension InsightsCommand {
    static let details = """
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
        """
    static let exitStatus = """
        0, or 1 with --fail-on-slowdown when something is flagged; 1 when the records
        cannot be read, 2 bad command line
        """

    enum Option {
        static let json = CommandLineOption.flag("--json", help: "the report as JSON (keys: docs/insights.md)")
        static let markdown = CommandLineOption.flag("--markdown", help: "a short summary in Markdown, for a pull request's checks")
        static let html = CommandLineOption.value("--html", "FILE", help: "also write the report as one self-contained page with charts")
        static let threshold = CommandLineOption.value("--threshold", "PERCENT", help: "how much slower is flagged (default 20)")
        static let recent = CommandLineOption.value("--recent", "N", help: "the builds a loop's recent median is taken over (default 5)")
        static let days = CommandLineOption.value("--days", "N", help: "the days before them it is compared with (default 7)")
        static let minBuilds = CommandLineOption.value(
            "--min-builds", "N",
            help: "fewer builds than this on a side are not compared (default 3,\n1 with --against: a CI run builds each loop once)")
        static let wide = CommandLineOption.value("--wide", "N", help: "other modules an edit must reach to be flagged (default 3)")
        static let store = CommandLineOption.repeatable(
            "--store", "PATH",
            help: "read these records instead: an insights file, or a folder searched\nfor them (*.sqlite); may be given more than once")
        static let against = CommandLineOption.repeatable(
            "--against", "PATH", help: "compare with the loops' builds in these records (the base branch's)")
        static let failOnSlowdown = CommandLineOption.flag(
            "--fail-on-slowdown", help: "exit status 1 when a loop or a wide change is flagged")
    }

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
        typealias Option = InsightsCommand.Option
        format = arguments.has(Option.json) ? .json : arguments.has(Option.markdown) ? .markdown : .text
        failOnSlowdown = arguments.has(Option.failOnSlowdown)
        html = arguments.value(Option.html)
        stores = arguments.repeatedValues(Option.store) ?? []
        against = arguments.repeatedValues(Option.against)
        func whole(_ option: CommandLineOption) throws(CommandLineError) -> Int? {
            guard let text = arguments.value(option) else { return nil }
            guard let number = Int(text), number > 0 else {
                throw CommandLineError("\(option.name) takes a whole number above 0, not “\(text)”")
            }
            return number
        }
        if let recent = try whole(Option.recent) { settings.recentBuilds = recent }
        if let days = try whole(Option.days) { settings.baselineDays = days }
        if let wide = try whole(Option.wide) { settings.wideChangeModules = wide }
        if let text = arguments.value(Option.threshold) {
            let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let percent = Double(digits), percent >= 0, percent.isFinite else {
                throw CommandLineError("--threshold takes a percentage such as 20 or 20%, not “\(text)”")
            }
            settings.threshold = percent / 100
        }
        // A CI run builds each loop once: against the base branch's run, one build a side is the comparison.
        settings.minimumBuilds = try whole(Option.minBuilds) ?? (against == nil ? 3 : 1)
    }
}
