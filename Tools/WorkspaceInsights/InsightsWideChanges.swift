import Foundation

extension InsightsReport {
    /// An edit in one module that made files of many others recompile, in one of a loop's recent
    /// builds: the build right after a Core change that every feature sees. A loop's median needs
    /// several slow builds to move; this is flagged on the first.
    public struct WideChange: Codable, Equatable, Sendable {
        public var cause: String
        public var causeModule: String?
        /// Modules other than the cause's own with files recompiled, and those files.
        public var modules: Int
        public var files: Int
        public var filesByModule: [String: Int]
        /// The loop whose build it was, and when it ran.
        public var loop: String
        public var at: Date

        /// "`Screens` (Core) recompiled 12 files in 6 other modules in FeedSandbox (sandbox, incremental) at 26 Nov 13:16".
        public var sentence: String {
            let origin = causeModule.map { " (\($0))" } ?? ""
            return "`\(InsightsFormat.cause(cause))`\(origin) recompiled \(InsightsFormat.count(files, "file")) in "
                + "\(InsightsFormat.count(modules, "other module")) in \(loop) at \(InsightsFormat.day(at)) \(Self.time(at))"
        }

        static func time(_ date: Date) -> String {
            let components = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
            return String(format: "%02d:%02d UTC", components.hour ?? 0, components.minute ?? 0)
        }
    }

    /// The wide changes among each loop's last `recentBuilds` builds, widest first.
    static func wideChanges(_ records: [BuildRecord], settings: Settings) -> [WideChange] {
        let recent = Dictionary(grouping: records, by: LoopKey.init).flatMap { key, builds in
            builds.sorted { $0.startedAt < $1.startedAt }.suffix(settings.recentBuilds).map { (key, $0) }
        }
        var changes: [WideChange] = []
        for (key, record) in recent {
            guard case .explained(let causes) = record.explanation else { continue }
            for cause in causes {
                let elsewhere = cause.recompiled.filter { $0.key != cause.causeModule && !$0.value.isEmpty }
                guard elsewhere.count >= settings.wideChangeModules else { continue }
                changes.append(
                    WideChange(
                        cause: cause.cause, causeModule: cause.causeModule, modules: elsewhere.count,
                        files: elsewhere.values.map(\.count).reduce(0, +), filesByModule: elsewhere.mapValues(\.count), loop: key.title,
                        at: record.startedAt))
            }
        }
        return changes.sorted { ($0.modules, $0.files, $0.at) > ($1.modules, $1.files, $1.at) }
    }

    /// Whether anything is flagged: a slower loop or a wide change (`--fail-on-slowdown` exits 1).
    public var flagged: Bool { !slowerLoops.isEmpty || !wideChanges.isEmpty }

    /// The line under the loops' conclusion that names the wide changes, if any.
    var wideChangesLine: String? {
        guard let widest = wideChanges.first else { return nil }
        let more = wideChanges.count > 1 ? " (and \(InsightsFormat.count(wideChanges.count - 1, "more change")))" : ""
        return "A change reached \(settings.wideChangeModules) or more other modules: \(widest.sentence)\(more)."
    }
}
