import Foundation

extension WorkspaceCommand {
    static let insightsUsage = """
        usage: workspace insights [--json | --markdown] [--html FILE] [--threshold PERCENT] [--recent N]
                                  [--days N] [--min-builds N] [--store PATH]… [--against PATH]…
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
    func insightsReport(_ arguments: [String]) throws -> Int32 {
        let options = try InsightsOptions.parse(arguments)
        if options.help {
            write(Self.insightsUsage)
            return ExitStatus.success.rawValue
        }
        let now = Date()
        let stores = try insightsStores(options.stores, options: options)
        let since = now.addingTimeInterval(-Double(options.settings.baselineDays) * 2 * 86_400)
        let records = try stores.flatMap { try $0.records(since: since) }
        let baseline = try options.against.map { paths in try insightsStores(paths, options: options).flatMap { try $0.records(since: nil) }
        }
        let report = InsightsReport(records: records, baseline: baseline, now: now, settings: options.settings)
        if let page = options.html {
            let url = URL(fileURLWithPath: page, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
            try report.writeHTML(to: url)
            writeError("workspace insights: wrote \(page)")
        }
        switch options.format {
        case .json: write(try report.json())
        case .markdown: write(report.markdown)
        case .text where records.isEmpty:
            let places = stores.map { $0.url.path }.joined(separator: ", ")
            write(
                "No builds recorded in \(places) yet. `Tools/workspace run`, `test`, `watch`, `gallery` and `new-feature` record theirs; `Tools/workspace insights record -- COMMAND…` records any other."
            )
        case .text: write(report.text)
        }
        return options.failOnSlowdown && report.flagged ? ExitStatus.failure.rawValue : ExitStatus.success.rawValue
    }

    /// The stores at `paths` (a file, or every `*.sqlite` in a folder), or the workspace's own.
    func insightsStores(_ paths: [String], options: InsightsOptions) throws -> [InsightsStore] {
        guard !paths.isEmpty else {
            let start = options.packageOptions["--package-path"] ?? defaultPackageRoot ?? currentDirectory
            let absolute = URL(fileURLWithPath: start, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)).path
            guard let root = Context.packageRoot(from: absolute) else {
                throw CommandError("no Package.swift in \(absolute) or any folder above it; use --package-path or --store")
            }
            return [
                InsightsStore(at: InsightsStore.defaultLocation(packageRoot: root, scratchPath: options.packageOptions["--scratch-path"]))
            ]
        }
        return try paths.flatMap { path -> [InsightsStore] in
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)).standardizedFileURL
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

/// The command line of `workspace insights`.
struct InsightsOptions {
    enum Format { case text, json, markdown }

    var format = Format.text
    var html: String?
    var settings = InsightsReport.Settings()
    var stores: [String] = []
    var against: [String]?
    var failOnSlowdown = false
    var help = false
    var packageOptions: [String: String] = [:]

    static func parse(_ arguments: [String]) throws(WorkspaceCommand.UsageError) -> InsightsOptions {
        var options = InsightsOptions()
        var minimumBuilds: Int?
        var index = 0
        func value(_ name: String, inline: String?) throws(WorkspaceCommand.UsageError) -> String {
            if let inline { return inline }
            guard index + 1 < arguments.count else { throw WorkspaceCommand.UsageError(message: "\(name) needs a value") }
            index += 1
            return arguments[index]
        }
        func whole(_ name: String, _ text: String) throws(WorkspaceCommand.UsageError) -> Int {
            guard let number = Int(text), number > 0 else {
                throw WorkspaceCommand.UsageError(message: "\(name) takes a whole number above 0, not “\(text)”")
            }
            return number
        }
        while index < arguments.count {
            let parts = arguments[index].split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            let inline = parts.count == 2 ? parts[1] : nil
            switch name {
            case "-h", "--help": options.help = true
            case "--json", "--markdown":
                let format: Format = name == "--json" ? .json : .markdown
                if options.format != .text, options.format != format {
                    throw WorkspaceCommand.UsageError(message: "insights takes --json or --markdown, not both")
                }
                options.format = format
            case "--fail-on-slowdown": options.failOnSlowdown = true
            case "--html": options.html = try value(name, inline: inline)
            case "--store": options.stores.append(try value(name, inline: inline))
            case "--against": options.against = (options.against ?? []) + [try value(name, inline: inline)]
            case "--recent": options.settings.recentBuilds = try whole(name, try value(name, inline: inline))
            case "--days": options.settings.baselineDays = try whole(name, try value(name, inline: inline))
            case "--min-builds": minimumBuilds = try whole(name, try value(name, inline: inline))
            case "--wide": options.settings.wideChangeModules = try whole(name, try value(name, inline: inline))
            case "--threshold":
                let text = try value(name, inline: inline)
                let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
                guard let percent = Double(digits), percent >= 0, percent.isFinite else {
                    throw WorkspaceCommand.UsageError(message: "--threshold takes a percentage such as 20 or 20%, not “\(text)”")
                }
                options.settings.threshold = percent / 100
            case "--package-path", "--scratch-path": options.packageOptions[name] = try value(name, inline: inline)
            default:
                throw WorkspaceCommand.UsageError(message: "insights has no option \(arguments[index])")
            }
            index += 1
        }
        // A CI run builds each loop once: against the base branch's run, one build a side is the comparison.
        options.settings.minimumBuilds = minimumBuilds ?? (options.against == nil ? 3 : 1)
        return options
    }
}
