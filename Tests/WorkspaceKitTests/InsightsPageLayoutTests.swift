import Foundation
import Testing

@testable import WorkspaceInsights

/// `workspace insights --html` laid out by headless Chromium at a phone-like and a desktop width:
/// the page measures itself (`#measure`) and the test reads what a person would see. A screenshot
/// of each width is kept in .build/insights-layout/ to look at. Runs wherever Chromium is (Debian's
/// `chromium`, installed by .ci/install-dependencies, or CHROMIUM=FILE); where the CI variable is
/// set a missing Chromium fails it rather than skipping it.
@Suite("workspace insights --html: the page as a person sees it")
struct InsightsPageLayoutTests {
    static let chromium: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["CHROMIUM"] { return chosen }
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let names = ["chromium", "chromium-browser", "google-chrome"]
        let found = path.flatMap { folder in names.map { folder + "/" + $0 } }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return found
            ?? ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
    }()
    static let required = chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// What the page's measure script reports.
    struct Measure: Decodable {
        struct Chart: Decodable {
            var kind: String
            var width: Int
            var height: Int
            var marks: Int
        }
        var page: Int
        var content: Int
        var charts: [Chart]
        var clipped: [String]
        var outside: [String]
        var smallestText: Double
    }

    /// A week's records with everything the page can show: a slower loop, clean and incremental
    /// builds, failures, long names, modules and fan-outs.
    static var records: [BuildRecord] {
        let screens = BuildRecord.RecompileCause(
            cause: "Screens", causeModule: "Core",
            recompiled: [
                "Feed": ["a", "b"], "RecipeSearch": ["a", "b"], "RecipeDetails": ["a"], "ShoppingList": ["a"], "Favorites": ["a"],
            ])
        let modules: [BuildRecord.CompiledModule] = [
            .init(name: "Core", seconds: 3.2, files: []),
            .init(name: "RecipeSearchSandboxWithAVeryLongNameIndeed", seconds: 1.1, files: []),
            .init(name: "Feed", seconds: 0.9, files: []), .init(name: "TerminalRunner", seconds: 0.4, files: []),
        ]
        var records = InsightsFixtures.plantedSlowdown
        records += (0..<6).map {
            InsightsFixtures.build(
                .app, "cookbook", seconds: 21 + Double($0), hoursAgo: 160 - Double($0) * 30, kind: .clean, modules: modules,
                explanation: .explained([screens]))
        }
        records += (0..<3).map {
            InsightsFixtures.build(.gallery, "FeedSandbox RecipeSearchSandbox", seconds: 3.7, hoursAgo: Double($0) * 20)
        }
        records.append(InsightsFixtures.build(seconds: 75, hoursAgo: 2.5, exitStatus: 1))
        return records
    }

    @Test(
        "no clipped text, visible charts and no sideways scroll at 640 and 1,280 px",
        .enabled(if: required, "needs headless Chromium"))
    func readableAtBothWidths() async throws {
        let chromium = try #require(Self.chromium, "no Chromium: install Debian's chromium (.ci/install-dependencies) or set CHROMIUM")
        let report = InsightsReport(records: Self.records, now: InsightsFixtures.now)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("insights-layout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("insights.html")
        try report.writeHTML(to: page)
        let screenshots = try RepositoryFiles(reading: ".build/insights-layout").url(".build/insights-layout")
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        for width in [640, 1280] {
            let screenshot = screenshots.appendingPathComponent("insights-\(width).png")
            try? FileManager.default.removeItem(at: screenshot)
            _ = try await onItsOwnThread {
                try Self.run(
                    chromium, ["--window-size=\(width),1600", "--screenshot=\(screenshot.path)", page.absoluteString], profile: folder)
            }
            #expect(FileManager.default.fileExists(atPath: screenshot.path), "no screenshot at \(width) px")
            let dom = try await onItsOwnThread {
                try Self.run(chromium, ["--window-size=\(width),1600", "--dump-dom", page.absoluteString + "#measure"], profile: folder)
            }
            let measure = try Self.measure(in: dom)
            #expect(measure.content <= measure.page, "the page scrolls sideways at \(width) px: \(measure.content) px wide")
            #expect(measure.clipped.isEmpty, "text cut off at \(width) px: \(measure.clipped)")
            #expect(measure.outside.isEmpty, "chart text outside its chart at \(width) px: \(measure.outside)")
            #expect(measure.smallestText >= 9, "chart text \(measure.smallestText) px high at \(width) px")
            let trends = measure.charts.filter { $0.kind == "trend" }
            #expect(trends.count == report.loops.count)
            #expect(measure.charts.filter { $0.kind == "modules" }.count == 1)
            for chart in measure.charts {
                #expect(chart.width >= 250 && chart.height >= 80, "a \(chart.kind) chart \(chart.width)×\(chart.height) px at \(width) px")
                #expect(chart.marks > 0, "a \(chart.kind) chart with nothing drawn")
            }
            if width >= 1280 {
                #expect(
                    Set(trends.map(\.width)).count == 1 && (trends.first?.width ?? 0) < 640, "trends are not side by side at \(width) px")
            }
        }
    }

    static func measure(in dom: String) throws -> Measure {
        let start = try #require(dom.range(of: "<pre id=\"measure\">"), "the page measured nothing (its script did not run)")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Measure.self, from: Data(json.utf8))
    }

    /// Runs headless Chromium and returns its standard output; stopped after two minutes.
    static func run(_ chromium: String, _ arguments: [String], profile: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(profile.appendingPathComponent("profile").path)", "--virtual-time-budget=5000",
            ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Stopped by its process id: the timer may fire on another thread.
        let pid = process.processIdentifier
        let stop = DispatchWorkItem { kill(pid, SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: stop)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        stop.cancel()
        return String(decoding: data, as: UTF8.self)
    }
}
