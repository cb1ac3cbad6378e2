extension WorkspaceCommand {
    /// `workspace new-feature NAME…`: plans the features, writes them all or none, regenerates the
    /// spec from the manifest as SwiftPM then reads it, and says what to do next.
    func newFeature(_ names: [String], dryRun: Bool, context: Context) throws -> ExitStatus {
        let manifest = try context.manifest()
        // The run, with its check that SwiftPM reads the edited manifest, is what a person waits for.
        let recorder =
            dryRun
            ? nil
            : recorder(
                "new-feature", loop: .newFeature, target: names.joined(separator: ","), arguments: ["new-feature"] + names,
                context: context,
                manifest: manifest)
        let status = try createFeatures(names, dryRun: dryRun, context: context, manifest: manifest)
        recorder?.finish(exitStatus: status.rawValue)
        return status
    }

    private func createFeatures(_ names: [String], dryRun: Bool, context: Context, manifest: Manifest) throws -> ExitStatus {
        let command = NewFeature(manifest: manifest, files: context.files)
        let plan: NewFeature.Plan
        do {
            plan = try command.plan(names)
        } catch {
            writeError("workspace: cannot create feature: \(error.message)")
            return .failure
        }
        if dryRun {
            write(plan.report(dryRun: true))
            return .success
        }
        do {
            // The spec comes from the manifest as SwiftPM now reads it; if that fails, or SwiftPM
            // reads other targets than planned, the plan is undone.
            try command.apply(plan, alsoRestoring: [Conventions.specPath]) {
                let edited = try context.manifest()
                let expected = plan.features.flatMap { [$0, Conventions.sandbox(of: $0), Conventions.testTarget(of: $0)] }
                if let missing = expected.first(where: { edited.target(named: $0) == nil }) {
                    throw CommandError("Package.swift, as SwiftPM reads it after the edit, does not declare \(missing)")
                }
                try context.files.write(SpecGenerator(manifest: edited).generate(), to: Conventions.specPath)
            }
        } catch {
            writeError("workspace: cannot create feature: \(error)")
            return .failure
        }
        write(plan.report(dryRun: false))
        if let name = plan.features.first, plan.features.count == 1 {
            write(
                """
                Next: Tools/workspace test \(name) && Tools/workspace run \(name)
                Open it from another feature's …Feature.swift with .show(\(FeatureTemplates(name: name).descriptorType)()), or by its deep link path “\(NameForms(name).kebab)”.
                """)
        } else {
            write("Next: Tools/workspace test NAME… and Tools/workspace run NAME, for any of the \(plan.features.count) features")
        }
        if !plan.manualSteps.isEmpty {
            writeError("workspace: \(plan.manualSteps.count) resolver(s) must be finished by hand (listed above)")
            return .failure
        }
        return .success
    }
}
