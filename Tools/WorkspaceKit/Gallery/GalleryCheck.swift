import DataFormats

/// What makes a gallery incomplete, in words, with the fix: what the programs reported (a
/// scenario that could not start, a screen without an example), a state a screen must show that
/// no scenario reaches, and a kind of screen no program renders.
public enum GalleryCheck {
    public static func problems(in reports: [GalleryReport]) -> [String] {
        var problems: [String] = []
        for report in reports {
            problems += report.problems.map { "\(report.program): \($0)" }
            for screen in report.screens where !screen.missingStates.isEmpty {
                let missing = screen.missingStates.map { "“\($0.rawValue)”" }
                let states = missing.count == 1 ? "its \(missing[0]) state" : "its states " + missing.joined(separator: ", ")
                problems.append(
                    "\(report.program): no scenario reaches \(states) of Screens.\(screen.kind) "
                        + "(scenarios: \(report.scenarios.map(\.name).joined(separator: ", "))); add a scenario that does, "
                        + "or, if the screen cannot show it, leave it out of the states of its gallery example")
            }
        }
        let rendered = Set(reports.flatMap(\.screens).map(\.kind))
        for kind in GalleryDocuments.knownKinds(reports) where !rendered.contains(kind) {
            problems.append(
                "Screens.\(kind): no program renders it; link its builder in its feature's sandbox (Sandbox.main's link:), "
                    + "or build it in the App module, and the gallery finds it")
        }
        return problems
    }
}
