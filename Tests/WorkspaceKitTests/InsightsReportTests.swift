import Foundation
import Testing

@testable import WorkspaceInsights

/// Build records as the recorder writes them, at times counted back from a fixed "now".
enum InsightsFixtures {
    /// 26 Nov 2026 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_694_400)

    static func build(
        _ loop: BuildRecord.Loop = .sandbox, _ target: String = "FeedSandbox", seconds: Double, hoursAgo: Double,
        kind: BuildRecord.Kind = .incremental, exitStatus: Int32 = 0, modules: [BuildRecord.CompiledModule] = [],
        explanation: BuildRecord.Explanation = .notNeeded
    ) -> BuildRecord {
        BuildRecord(
            startedAt: now.addingTimeInterval(-hoursAgo * 3_600), command: loop == .moduleTests ? "test" : "run", loop: loop,
            target: target, arguments: [], wallSeconds: seconds, exitStatus: exitStatus, kind: kind, featureCount: 5,
            commit: "95cc007", dirty: true, cores: 2, modules: modules, explanation: explanation)
    }

    /// A week of a feature's edit loop at about a second a build, then, after a Core change every
    /// feature sees, five builds at about 1.4 s; its tests' loop stays as it was.
    static var plantedSlowdown: [BuildRecord] {
        let before = [1.02, 0.98, 1.05, 0.97, 1.0, 1.01, 0.99, 1.03].enumerated().map { index, seconds in
            build(seconds: seconds, hoursAgo: 150 - Double(index) * 12)
        }
        let after = [1.41, 1.38, 1.45, 1.39, 1.42].enumerated().map { index, seconds in
            build(
                seconds: seconds, hoursAgo: 5 - Double(index),
                modules: [
                    .init(name: "Core", seconds: 0.5, files: ["Core/Core/Screens.swift"]),
                    .init(name: "Feed", seconds: 0.6, files: ["Features/Feed/FeedScreen.swift"]),
                ])
        }
        let tests = [0.8, 0.82, 0.79, 0.81, 0.8, 0.83, 0.8, 0.81].enumerated().map { index, seconds in
            build(.moduleTests, "FeedTests", seconds: seconds, hoursAgo: 100 - Double(index) * 15)
        }
        return before + after + tests
    }
}

@Suite("workspace insights: each loop against its own past")
struct InsightsReportTests {
    let now = InsightsFixtures.now

    func build(_ seconds: Double, hoursAgo: Double, kind: BuildRecord.Kind = .incremental, exitStatus: Int32 = 0) -> BuildRecord {
        InsightsFixtures.build(seconds: seconds, hoursAgo: hoursAgo, kind: kind, exitStatus: exitStatus)
    }

    /// `count` builds of `seconds` each, an hour apart, the first `hoursAgo`.
    func builds(_ count: Int, _ seconds: Double, from hoursAgo: Double, kind: BuildRecord.Kind = .incremental) -> [BuildRecord] {
        (0..<count).map { build(seconds, hoursAgo: hoursAgo - Double($0), kind: kind) }
    }

    @Test("the build right after a Core change that every feature sees is flagged on its own, before any median moves")
    func wideChangeFlaggedOnTheNextBuild() throws {
        let steady = (0..<8).map { build(1.0 + Double($0 % 3) / 100, hoursAgo: 30 - Double($0)) }
        let everyFeature = BuildRecord.RecompileCause(
            cause: "Screens", causeModule: "Core",
            recompiled: [
                "Core": ["Core/Core/Screens.swift"], "Feed": ["Features/Feed/FeedFeature.swift"],
                "SandboxSupport": ["Sandboxes/SandboxSupport/Sandbox.swift"], "TerminalRunner": ["Platform/TerminalRunner/Runner.swift"],
                "FeedSandbox": ["Sandboxes/FeedSandbox/main.swift"],
            ])
        let feedOnly = BuildRecord.RecompileCause(
            cause: "FeedState", causeModule: "Feed",
            recompiled: [
                "Feed": ["Features/Feed/FeedState.swift", "Features/Feed/FeedScreen.swift"],
                "FeedSandbox": ["Sandboxes/FeedSandbox/main.swift"],
            ])
        let afterCore = InsightsFixtures.build(seconds: 9.5, hoursAgo: 1, explanation: .explained([everyFeature]))
        let report = InsightsReport(records: steady + [afterCore], now: now)
        #expect(report.slowerLoops.isEmpty, "one slow build does not move a median of five")
        let wide = try #require(report.wideChanges.first)
        #expect(report.wideChanges.count == 1)
        #expect((wide.cause, wide.causeModule, wide.modules, wide.files) == ("Screens", "Core", 4, 4))
        #expect(report.flagged)
        #expect(
            report.text.hasSuffix(
                "A change reached 3 or more other modules: `Screens` (Core) recompiled 4 files in 4 other modules in FeedSandbox (sandbox, incremental) at 26 Nov 11:00 UTC."
            ))
        #expect(report.markdown.contains("**A change reached 3 or more other modules: `Screens` (Core)"))
        #expect(
            report.html.contains("<p class=\"conclusion slower\">A change reached 3 or more other modules: <code>Screens</code> (Core)"))

        let afterFeed = InsightsFixtures.build(seconds: 1.1, hoursAgo: 1, explanation: .explained([feedOnly]))
        let quiet = InsightsReport(records: steady + [afterFeed], now: now)
        #expect(quiet.wideChanges.isEmpty && !quiet.flagged, "a feature's own edit reaches its sandbox only")
        var settings = InsightsReport.Settings()
        settings.wideChangeModules = 1
        #expect(InsightsReport(records: steady + [afterFeed], now: now, settings: settings).flagged)
        let later = (0..<5).map { build(1.0, hoursAgo: 0.5 - Double($0) / 10) }
        #expect(
            InsightsReport(records: steady + [afterCore] + later, now: now).wideChanges.isEmpty,
            "once out of the recent builds, no longer flagged")
    }

    @Test("a Core change that every feature sees makes the sandbox loop slower, and the report flags that loop alone")
    func plantedSlowdownIsFlagged() throws {
        let report = InsightsReport(records: InsightsFixtures.plantedSlowdown, now: now)
        let sandbox = try #require(report.loops.first { $0.target == "FeedSandbox" })
        #expect(sandbox.verdict == .slower)
        #expect(sandbox.recent?.builds == 5)
        #expect(sandbox.recent?.medianSeconds == 1.41)
        #expect(sandbox.baseline?.builds == 8)
        #expect(abs((sandbox.baseline?.medianSeconds ?? 0) - 1.005) < 0.000_001)
        let tests = try #require(report.loops.first { $0.target == "FeedTests" })
        #expect(tests.verdict == .steady)
        #expect(report.slowerLoops.map(\.target) == ["FeedSandbox"])
        let lastLine = try #require(report.text.split(separator: "\n").last)
        #expect(lastLine == "1 loop got slower by more than 20%: FeedSandbox (sandbox, incremental) +40% (1.00 s → 1.41 s).")
        #expect(report.text.contains("FeedSandbox (sandbox, incremental)  1.41 s × 5  1.00 s × 8  +40% SLOWER"))
    }

    @Test("a loop within the threshold is steady; a lower --threshold flags it")
    func threshold() {
        let records: [BuildRecord] = builds(6, 1.0, from: 40) + builds(5, 1.15, from: 4)
        #expect(InsightsReport(records: records, now: now).loops.first?.verdict == .steady)
        var settings = InsightsReport.Settings()
        settings.threshold = 0.1
        #expect(InsightsReport(records: records, now: now, settings: settings).loops.first?.verdict == .slower)
        #expect(InsightsReport(records: records.reversed(), now: now, settings: settings).loops.first?.verdict == .slower)
    }

    @Test("failed builds are counted apart and change no median")
    func failedBuildsApart() throws {
        let failures = [build(60, hoursAgo: 3, exitStatus: 1), build(55, hoursAgo: 2.5, exitStatus: 1)]
        let records: [BuildRecord] = builds(6, 1.0, from: 40) + failures + builds(5, 1.0, from: 2)
        let report = InsightsReport(records: records, now: now)
        let loop = try #require(report.loops.first)
        #expect(report.loops.count == 1)
        #expect(loop.failed == 2)
        #expect(loop.recent?.medianSeconds == 1.0)
        #expect(loop.verdict == .steady)
        #expect(report.failedBuilds == 2)
        #expect(report.text.contains("(2 failed, counted apart from the medians)"))
    }

    @Test("clean and incremental builds of one target are separate loops")
    func cleanApartFromIncremental() {
        let records: [BuildRecord] = builds(4, 20, from: 30, kind: .clean) + builds(4, 1, from: 3)
        let report = InsightsReport(records: records, now: now)
        #expect(report.loops.map(\.title) == ["FeedSandbox (sandbox, clean)", "FeedSandbox (sandbox, incremental)"])
        #expect(report.loops.map { $0.recent?.medianSeconds } == [20, 1])
        #expect(report.slowerLoops.isEmpty)
    }

    @Test("a slow build or two is not a trend: fewer than three builds a side are not compared")
    func tooFewBuilds() throws {
        let records: [BuildRecord] = builds(5, 1, from: 40) + [build(3, hoursAgo: 1)]
        var settings = InsightsReport.Settings()
        settings.recentBuilds = 2
        let loop = try #require(InsightsReport(records: records, now: now, settings: settings).loops.first)
        #expect(loop.verdict == .tooFewBuilds)
        #expect(loop.change == 1)
    }

    @Test("the previous median is the builds' in the seven days before the recent ones, not older")
    func baselineIsTheWeekBefore() throws {
        let records: [BuildRecord] = builds(5, 5, from: 400) + builds(4, 1, from: 100) + builds(5, 1.1, from: 5)
        let loop = try #require(InsightsReport(records: records, now: now).loops.first)
        #expect(loop.baseline?.builds == 4)
        #expect(loop.baseline?.medianSeconds == 1)
        #expect(loop.verdict == .steady)
    }

    @Test("the slowest modules by compile time spent, and the edits that recompiled the most")
    func modulesAndFanOuts() throws {
        let screens = BuildRecord.RecompileCause(
            cause: "Screens", causeModule: "Core",
            recompiled: [
                "Feed": ["a", "b", "c"], "RecipeSearch": ["a", "b"], "RecipeDetails": ["a", "b"], "ShoppingList": ["a", "b"],
                "Favorites": ["a"],
            ])
        let small = BuildRecord.RecompileCause(
            cause: "Features/Feed/FeedScreen.swift", causeModule: "Feed", recompiled: ["Feed": ["Features/Feed/FeedScreen.swift", "a"]])
        let itself = BuildRecord.RecompileCause(
            cause: "Features/Feed/FeedState.swift", causeModule: "Feed", recompiled: ["Feed": ["Features/Feed/FeedState.swift"]])
        let records = [
            InsightsFixtures.build(
                seconds: 9, hoursAgo: 3, modules: [.init(name: "Core", seconds: 4, files: []), .init(name: "Feed", seconds: 1, files: [])],
                explanation: .explained([screens])),
            InsightsFixtures.build(
                seconds: 2, hoursAgo: 2,
                modules: [.init(name: "Feed", seconds: 1.5, files: []), .init(name: "Core", seconds: nil, files: [])],
                explanation: .explained([small, screens, itself])),
            InsightsFixtures.build(seconds: 2, hoursAgo: 1, explanation: .unknownDriverOutput(driverVersion: "9.9")),
            InsightsFixtures.build(seconds: 2, hoursAgo: 400, modules: [.init(name: "Old", seconds: 100, files: [])]),
        ]
        let report = InsightsReport(records: records, now: now)
        #expect(report.slowestModules.map(\.module) == ["Core", "Feed"])
        #expect(report.slowestModules.map(\.totalSeconds) == [4, 2.5])
        #expect(report.slowestModules.map(\.builds) == [1, 2])
        #expect(
            report.fanOuts.map(\.sentence) == [
                "`Screens` (Core) recompiled 10 files in 5 modules, in 2 builds",
                "`Features/Feed/FeedScreen.swift` (Feed) recompiled 1 file in 1 module",
            ])
        #expect(report.unexplainedBuilds == 1)
        #expect(
            ["ST@31e98b9a", "ST.map", "Sa", "Screens", "12WorkspaceKit0A7CommandV"].map(InsightsFormat.cause) == [
                "extension Sequence", "Sequence.map", "Array", "Screens", "WorkspaceCommand",
            ])
        #expect(report.text.contains("1 build could not be explained"))
        #expect(report.text.contains("  Core  4.00 s in 1 build   median 4.00 s  longest 4.00 s"))
    }

    @Test("--json has stable, documented keys and dates in ISO 8601")
    func jsonKeys() throws {
        let report = InsightsReport(records: InsightsFixtures.plantedSlowdown, now: now)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "version", "generatedAt", "settings", "builds", "failedBuilds", "unexplainedBuilds", "comparedWithOtherRecords", "loops",
                "slowestModules", "fanOuts", "wideChanges",
            ])
        #expect(object["generatedAt"] as? String == "2026-11-26T12:00:00Z")
        let loops = try #require(object["loops"] as? [[String: Any]])
        let sandbox = try #require(loops.first { $0["target"] as? String == "FeedSandbox" })
        #expect(Set(sandbox.keys) == ["loop", "target", "kind", "recent", "baseline", "change", "verdict", "failed"])
        #expect(sandbox["verdict"] as? String == "slower")
        #expect(sandbox["loop"] as? String == "sandbox")
        let recent = try #require(sandbox["recent"] as? [String: Any])
        #expect(Set(recent.keys) == ["builds", "medianSeconds", "first", "last"])
        #expect(try report.json() == InsightsReport(records: InsightsFixtures.plantedSlowdown.reversed(), now: now).json())
    }

    @Test("against the base branch's records, the summary says how the change moved each loop it built")
    func markdownAgainstBase() {
        let base = (0..<2).map { InsightsFixtures.build(.moduleTests, "FeedTests", seconds: 40, hoursAgo: 30 - Double($0), kind: .clean) }
        let run = [InsightsFixtures.build(.moduleTests, "FeedTests", seconds: 52, hoursAgo: 1, kind: .clean)]
        var settings = InsightsReport.Settings()
        settings.minimumBuilds = 1
        let markdown = InsightsReport(records: run, baseline: base, now: now, settings: settings).markdown
        #expect(markdown.contains("| `FeedTests (tests, clean)` | 52.0 s × 1 | 40.0 s × 2 | **+30% SLOWER** |  |"))
        #expect(markdown.contains("**1 loop got slower by more than 20%: FeedTests (tests, clean) +30% (40.0 s → 52.0 s).**"))
        let alone = InsightsReport(records: run, baseline: [], now: now, settings: settings).markdown
        #expect(alone.contains("The base branch's records hold none of these loops: this run's figures only."))
        #expect(alone.contains("| `FeedTests (tests, clean)` | 52.0 s × 1 |  |"))
        #expect(InsightsReport(records: [], now: now).markdown.contains("No build was recorded in this run."))
    }
}
