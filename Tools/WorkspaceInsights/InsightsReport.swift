import Foundation

/// What `workspace insights` says about a set of build records: each loop's recent median against
/// its own past, the modules that take the most compile time, and the edits that recompiled the
/// most. A pure function of the records, the time it is asked at and the settings, so every
/// output (text, JSON, Markdown, HTML) says the same thing and tests need no store.
///
/// Its `Codable` form is the `--json` output: the keys are documented in docs/insights.md and only
/// ever added to (`version` changes if one has to change meaning).
public struct InsightsReport: Codable, Equatable, Sendable {
    /// How recent and previous builds are chosen, and what counts as slower.
    public struct Settings: Codable, Equatable, Sendable {
        /// A loop's recent median is that of its last `recentBuilds` successful builds.
        public var recentBuilds = 5
        /// It is compared with the loop's successful builds in the `baselineDays` days before the
        /// first of those (or with every build of the other records, `--against`).
        public var baselineDays = 7
        /// A loop whose recent median is more than this fraction above its previous one is slower.
        public var threshold = 0.2
        /// Fewer builds than this on either side are not compared: one slow build is not a trend.
        public var minimumBuilds = 3
        /// The slowest modules and fan-outs listed.
        public var listed = 10
        /// An edit whose recent build recompiled files in this many other modules is flagged.
        public var wideChangeModules = 3

        public init() {}
    }

    /// Several builds of one loop: how many, their median wall time and when they ran.
    public struct Window: Codable, Equatable, Sendable {
        public var builds: Int
        public var medianSeconds: Double
        public var first: Date
        public var last: Date
    }

    public enum Verdict: String, Codable, Sendable {
        case slower, faster, steady
        /// Fewer than `minimumBuilds` on one side.
        case tooFewBuilds = "too-few-builds"
        /// Nothing to compare with: the loop is new, or has only failed before.
        case noBaseline = "no-baseline"
        /// Only failed builds: no time to speak of.
        case onlyFailed = "only-failed"
    }

    /// One loop: builds of the same kind (clean, incremental…) of the same target in the same loop.
    public struct Loop: Codable, Equatable, Sendable {
        public var loop: BuildRecord.Loop
        /// The product or test target, or for other commands the command line.
        public var target: String
        public var kind: BuildRecord.Kind
        public var recent: Window?
        public var baseline: Window?
        /// recent ÷ baseline − 1 (0.25: a quarter slower), when both exist.
        public var change: Double?
        public var verdict: Verdict
        /// Failed builds of this loop among the records read: counted here, never in a median.
        public var failed: Int
        /// Every successful build's start and wall time, oldest first (the HTML page's trend).
        public var history: [Point] = []

        enum CodingKeys: String, CodingKey {
            case loop, target, kind, recent, baseline, change, verdict, failed
        }

        public var slower: Bool { verdict == .slower }
        /// `FeedSandbox (sandbox, incremental)`.
        public var title: String { LoopKey(loop: loop, target: target, kind: kind).title }
    }

    public struct Point: Equatable, Sendable {
        public var at: Date
        public var seconds: Double
    }

    /// One module's compile jobs over the last `baselineDays` days.
    public struct Module: Codable, Equatable, Sendable {
        public var module: String
        /// Builds that compiled it (and said how long it took).
        public var builds: Int
        public var medianSeconds: Double
        public var totalSeconds: Double
        public var maxSeconds: Double
    }

    /// An edit and what it made recompile, over the last `baselineDays` days: the largest it ever did.
    public struct FanOut: Codable, Equatable, Sendable {
        public var cause: String
        public var causeModule: String?
        /// Builds it was seen in.
        public var builds: Int
        /// Files it recompiled in its largest build, and in how many modules.
        public var files: Int
        public var modules: Int
        /// That build's recompiled files per module (module → count).
        public var filesByModule: [String: Int]
        public var last: Date

        /// "`Screens` (Core) recompiled 10 files in 5 modules".
        public var sentence: String {
            let origin = causeModule.map { " (\($0))" } ?? ""
            let times = builds == 1 ? "" : ", in \(builds) builds"
            return
                "`\(InsightsFormat.cause(cause))`\(origin) recompiled \(InsightsFormat.count(files, "file")) in \(InsightsFormat.count(modules, "module"))\(times)"
        }
    }

    public var version = 1
    public var generatedAt: Date
    public var settings: Settings
    /// Every record read, succeeded or failed.
    public var builds: Int
    public var failedBuilds: Int
    /// Incremental builds whose compiler driver output this version could not read (no explanation).
    public var unexplainedBuilds: Int
    /// Whether the previous figures come from other records (`--against`) rather than the same ones.
    public var comparedWithOtherRecords: Bool
    public var loops: [Loop]
    public var slowestModules: [Module]
    public var fanOuts: [FanOut]
    /// Recent builds in which one edit recompiled files in `wideChangeModules` or more other modules.
    public var wideChanges: [WideChange]

    public var slowerLoops: [Loop] { loops.filter(\.slower) }
}

extension InsightsReport {
    /// The report on `records` at `now`. With `baseline`, each loop's previous median is that of
    /// the baseline's builds of the same loop (a pull request's run against its base branch's).
    public init(records: [BuildRecord], baseline: [BuildRecord]? = nil, now: Date, settings: Settings = Settings()) {
        generatedAt = now
        self.settings = settings
        builds = records.count
        failedBuilds = records.filter { !$0.succeeded }.count
        unexplainedBuilds =
            records.filter {
                if case .unknownDriverOutput = $0.explanation { return true }
                return false
            }.count
        comparedWithOtherRecords = baseline != nil
        let recentStart = now.addingTimeInterval(-Double(settings.baselineDays) * 86_400)
        let lately = records.filter { $0.startedAt >= recentStart && $0.startedAt <= now }
        loops = Self.loops(records, baseline: baseline, settings: settings)
        slowestModules = Array(Self.modules(lately).prefix(settings.listed))
        fanOuts = Array(Self.fanOuts(lately).prefix(settings.listed))
        wideChanges = Array(Self.wideChanges(records, settings: settings).prefix(settings.listed))
    }

    struct LoopKey: Hashable {
        var loop: BuildRecord.Loop
        var target: String
        var kind: BuildRecord.Kind

        init(loop: BuildRecord.Loop, target: String, kind: BuildRecord.Kind) {
            self.loop = loop
            self.target = target
            self.kind = kind
        }

        init(_ record: BuildRecord) {
            loop = record.loop
            target = record.target ?? (record.arguments.isEmpty ? record.command : record.arguments.joined(separator: " "))
            kind = record.kind
        }

        var title: String { "\(target) (\(InsightsReport.name(of: loop)), \(kind.rawValue))" }
    }

    static func loops(_ records: [BuildRecord], baseline: [BuildRecord]?, settings: Settings) -> [Loop] {
        let groups = Dictionary(grouping: records, by: LoopKey.init)
        let previousGroups = baseline.map { Dictionary(grouping: $0.filter(\.succeeded), by: LoopKey.init) }
        let order = Dictionary(uniqueKeysWithValues: BuildRecord.Loop.allCases.enumerated().map { ($1, $0) })
        return groups.map { key, builds in
            let succeeded = builds.filter(\.succeeded).sorted { $0.startedAt < $1.startedAt }
            let recent = Array(succeeded.suffix(settings.recentBuilds))
            let previous: [BuildRecord]
            if let previousGroups {
                previous = previousGroups[key] ?? []
            } else if let start = recent.first?.startedAt {
                let from = start.addingTimeInterval(-Double(settings.baselineDays) * 86_400)
                previous = succeeded.dropLast(recent.count).filter { $0.startedAt >= from }
            } else {
                previous = []
            }
            let recentWindow = window(recent)
            let baselineWindow = window(previous)
            var change: Double?
            if let recentWindow, let baselineWindow, baselineWindow.medianSeconds > 0 {
                change = recentWindow.medianSeconds / baselineWindow.medianSeconds - 1
            }
            let verdict: Verdict
            if recentWindow == nil {
                verdict = .onlyFailed
            } else if baselineWindow == nil {
                verdict = .noBaseline
            } else if recent.count < settings.minimumBuilds || previous.count < settings.minimumBuilds {
                verdict = .tooFewBuilds
            } else if let change, change > settings.threshold {
                verdict = .slower
            } else if let change, change < -settings.threshold {
                verdict = .faster
            } else {
                verdict = .steady
            }
            return Loop(
                loop: key.loop, target: key.target, kind: key.kind, recent: recentWindow, baseline: baselineWindow, change: change,
                verdict: verdict, failed: builds.count - succeeded.count,
                history: succeeded.map { Point(at: $0.startedAt, seconds: $0.wallSeconds) })
        }.sorted { a, b in
            (order[a.loop] ?? 0, a.target, a.kind.rawValue) < (order[b.loop] ?? 0, b.target, b.kind.rawValue)
        }
    }

    static func window(_ builds: [BuildRecord]) -> Window? {
        guard let first = builds.map(\.startedAt).min(), let last = builds.map(\.startedAt).max() else { return nil }
        return Window(builds: builds.count, medianSeconds: median(builds.map(\.wallSeconds)), first: first, last: last)
    }

    /// Modules by the compile time spent on them, most first.
    static func modules(_ records: [BuildRecord]) -> [Module] {
        var times: [String: [Double]] = [:]
        for record in records where record.succeeded {
            for module in record.modules {
                if let seconds = module.seconds { times[module.name, default: []].append(seconds) }
            }
        }
        return times.map { name, seconds in
            Module(
                module: name, builds: seconds.count, medianSeconds: median(seconds), totalSeconds: seconds.reduce(0, +),
                maxSeconds: seconds.max() ?? 0)
        }.sorted { ($0.totalSeconds, $1.module) > ($1.totalSeconds, $0.module) }
    }

    /// Edits by the files they made recompile (their largest build), most first.
    static func fanOuts(_ records: [BuildRecord]) -> [FanOut] {
        struct Key: Hashable {
            var cause: String
            var module: String?
        }
        var found: [Key: FanOut] = [:]
        for record in records {
            guard case .explained(let causes) = record.explanation else { continue }
            for cause in causes {
                // An edited file recompiling itself is no fan-out: only the files it made recompile count.
                let byModule = cause.recompiled.mapValues { $0.filter { $0 != cause.cause }.count }.filter { $0.value > 0 }
                let files = byModule.values.reduce(0, +)
                let key = Key(cause: cause.cause, module: cause.causeModule)
                var fanOut =
                    found[key]
                    ?? FanOut(
                        cause: cause.cause, causeModule: cause.causeModule, builds: 0, files: 0, modules: 0, filesByModule: [:],
                        last: record.startedAt)
                fanOut.builds += 1
                fanOut.last = max(fanOut.last, record.startedAt)
                if files > fanOut.files {
                    fanOut.files = files
                    fanOut.modules = byModule.count
                    fanOut.filesByModule = byModule
                }
                found[key] = fanOut
            }
        }
        return found.values.filter { $0.files > 0 }.sorted {
            ($0.files, $0.modules, $1.cause) > ($1.files, $1.modules, $0.cause)
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// How a loop is called in the report: `sandbox`, `tests`, `app`…
    static func name(of loop: BuildRecord.Loop) -> String {
        switch loop {
        case .sandbox: "sandbox"
        case .moduleTests: "tests"
        case .app: "app"
        case .gallery: "gallery"
        case .newFeature: "new feature"
        case .other: "other"
        }
    }
}
