import DataFormats

/// What makes a gallery incomplete, in words, with the fix: what the programs reported (a
/// scenario that could not start, a screen without an example, a gallery script that fails), a
/// state a screen must show that no scenario reaches (declared by its sandbox, or one its
/// translator can produce: `ScreenStates`), states its translator shows together that no
/// rendering shows at once and its sandbox does not say why, a combination said unseen that a
/// rendering shows, a program's own scenario that shows nothing the others do not, and a kind of
/// screen no program renders.
public enum GalleryCheck {
    static func problems(in reports: [GalleryReport], derived: [String: ScreenStates.Derived] = [:]) -> [String] {
        var problems: [String] = []
        for report in reports {
            problems += report.problems.map { "\(report.program): \($0)" }
            for screen in report.screens where !screen.missingStates.isEmpty {
                let missing = screen.missingStates.map { "“\($0.rawValue)”" }
                let states = missing.count == 1 ? "its \(missing[0]) state" : "its states " + missing.joined(separator: ", ")
                let source =
                    derived[screen.kind].map { " (\($0.translator) can produce \($0.states.map(\.rawValue).joined(separator: ", ")))" }
                    ?? ""
                problems.append(
                    "\(report.program): no scenario reaches \(states) of Screens.\(screen.kind)\(source) "
                        + "(scenarios: \(report.scenarios.map(\.name).joined(separator: ", "))); add a scenario that does, "
                        + "or a gallery script that drives the screen there (.screen(…, scripts: [.run([\"toggle 1\"])]))")
            }
            for screen in report.screens {
                let scenarios = report.scenarios.map(\.name).joined(separator: ", ")
                for combination in screen.missingCombinations {
                    let source = derived[screen.kind].map { " (\($0.translator) can show them together)" } ?? ""
                    problems.append(
                        "\(report.program): no scenario shows Screens.\(screen.kind) \(together(combination))\(source) "
                            + "(scenarios: \(scenarios)); add a scenario or a gallery script that does, or say why none can "
                            + "(.screen(…, unseen: [.together(\(combination.map { "." + $0.rawValue }.joined(separator: ", ")), because: \"…\")]))"
                    )
                }
                for unseen in screen.unseen ?? [] where screen.reaches(together: unseen.states) {
                    problems.append(
                        "\(report.program): Screens.\(screen.kind) is said never to show \(together(unseen.states)), but a rendering does: "
                            + "take it out of unseen:")
                }
                for unseen in screen.unseen ?? [] where unseen.reason.trimmingCharacters(in: .whitespaces).isEmpty {
                    problems.append(
                        "\(report.program): Screens.\(screen.kind) says \(together(unseen.states)) is unseen without saying why")
                }
            }
            problems += sameAsAnother(in: report)
        }
        let rendered = Set(reports.flatMap(\.screens).map(\.kind))
        for kind in GalleryDocuments.knownKinds(reports) where !rendered.contains(kind) {
            problems.append(
                "Screens.\(kind): no program renders it; link its builder in its feature's sandbox (Sandbox.main's link:), "
                    + "or build it in the App module, and the gallery finds it")
        }
        return problems
    }

    /// `“empty” and “notice” together`.
    static func together(_ states: [GalleryReport.State]) -> String {
        states.map { "“\($0.rawValue)”" }.joined(separator: " and ") + " together"
    }

    /// A program's own scenario whose every rendering is also another scenario's, at the same
    /// moment: it shows nothing of its own, so it has no reason to be.
    static func sameAsAnother(in report: GalleryReport) -> [String] {
        let renderings = report.screens.flatMap(\.examples).flatMap(\.renderings)
        return report.scenarios.filter { $0.isOwn == true }.compactMap { scenario in
            let own = renderings.filter { $0.moments.contains { $0.scenario == scenario.name } }
            guard !own.isEmpty else { return nil }
            var twins: Set<String>?
            for rendering in own {
                for moment in rendering.moments where moment.scenario == scenario.name {
                    let others = rendering.moments.filter {
                        $0.scenario != scenario.name && $0.beforeWait == moment.beforeWait && $0.script == moment.script
                            && $0.width == moment.width
                    }
                    let names = Set(others.map(\.scenario))
                    twins = twins.map { $0.intersection(names) } ?? names
                }
            }
            guard let twin = twins?.sorted().first else { return nil }
            return "\(report.program): the scenario “\(scenario.name)” renders every screen as “\(twin)” does: make it show "
                + "something of its own, or remove it"
        }
    }
}
