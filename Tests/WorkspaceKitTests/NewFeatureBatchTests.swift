import Foundation
import Testing

@testable import WorkspaceBase
@testable import WorkspaceKit
@testable import WorkspaceScaffolding

@Suite("workspace new-feature with several names")
struct NewFeatureBatchTests {
    @Test("one run for two names leaves every file as two runs, one name each, leave it")
    func oneRunEqualsOneRunPerName() throws {
        let oneByOne = Fixtures.files()
        let first = NewFeature(manifest: try Fixtures.manifest(), files: oneByOne)
        try first.apply(try first.plan("Pantry"))
        let second = NewFeature(manifest: try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry"])), files: oneByOne)
        try second.apply(try second.plan("MealPlan"))

        let together = Fixtures.files()
        let batch = NewFeature(manifest: try Fixtures.manifest(), files: together)
        let plan = try batch.plan(["Pantry", "MealPlan"])
        #expect(plan.features == ["Pantry", "MealPlan"])
        // Each file once: a file both steps edit is one change holding both edits.
        #expect(Set(plan.changes.map(\.path)).count == plan.changes.count)
        try batch.apply(plan)

        #expect(together.contents == oneByOne.contents)
    }

    @Test("the targets added in memory are the ones SwiftPM reads from the edited manifest")
    func theManifestGrowsAsSwiftPMWouldReadIt() throws {
        let grown = try Fixtures.manifest().addingFeature("Pantry").addingFeature("MealPlan")
        let read = try Manifest.decode(json: Fixtures.manifestJSON(adding: ["Pantry", "MealPlan"]))
        for name in ["Pantry", "PantrySandbox", "PantryTests", "MealPlan", "MealPlanSandbox", "MealPlanTests", "App"] {
            #expect(grown.target(named: name) == read.target(named: name), "\(name)")
        }
    }

    @Test("a bad or repeated name stops the run before anything is written, naming it")
    func aBadNameWritesNothing() throws {
        for names in [["Pantry", "pantry"], ["Pantry", "Pantry"]] {
            let files = Fixtures.files()
            let before = files.contents
            let command = NewFeature(manifest: try Fixtures.manifest(), files: files)
            #expect(throws: NewFeature.Failure.self) { try command.plan(names) }
            do {
                _ = try command.plan(names)
            } catch {
                #expect(error.message.hasPrefix("\(names[1]): "), "\(error.message)")
            }
            #expect(files.contents == before)
        }
    }

    @Test("many features report a line, not a line per file")
    func manyFeaturesReportShortly() throws {
        let names = ["Pantry", "MealPlan", "Groceries", "Timers"]
        let plan = try NewFeature(manifest: try Fixtures.manifest(), files: Fixtures.files()).plan(names)
        let report = plan.report(dryRun: true)
        #expect(report.hasPrefix("new-feature Pantry … Timers (4 features) (dry run: nothing is written). It would:"))
        #expect(report.contains("  create 32 files: module, entry, sandbox and tests of each of Pantry, MealPlan, Groceries, Timers"))
        #expect(!report.contains("Features/Pantry/PantryScreen.swift"))
    }

    @Test("a run of many features is one short row of the build insights")
    func manyFeaturesRecordShortly() {
        #expect(NewFeatureCommand.recordedTarget(["Pantry", "MealPlan"]) == "Pantry,MealPlan")
        let grown = (6...305).map { "Pantry\($0)" }
        #expect(NewFeatureCommand.recordedTarget(grown) == "Pantry6 … Pantry305 (300 features)")
    }
}
