import Core
import DataFormats

/// A program's part of the screen gallery (`--gallery`): every screen the program builds itself,
/// in every scenario, as script mode shows it, and each screen once more wrapped to 40 columns
/// (`narrowWidth`), as `--width 40` prints it. Each rendering is a fresh session whose only
/// screen is the example, started as a script starts it; where the screen waits on held time (a
/// slow scenario), the text before `wait` is its loading state and the text after, what it loads.
/// The text is `SessionText`'s, the very text script mode prints: the gallery re-implements nothing.
@MainActor
public struct GalleryRenderer {
    /// A scenario, as the gallery starts it.
    public struct Scenario {
        public var name: String
        public var summary: String
        /// The program's own scenario, not one every program has (`GalleryReport.Scenario.isOwn`).
        public var isOwn: Bool
        /// A new environment of the scenario whose sleeps go through `gate` (which the gallery holds).
        public var makeEnvironment: @MainActor (SleepGate) async throws -> any Environment

        public init(
            name: String, summary: String, isOwn: Bool = false,
            makeEnvironment: @escaping @MainActor (SleepGate) async throws -> any Environment
        ) {
            self.name = name
            self.summary = summary
            self.isOwn = isOwn
            self.makeEnvironment = makeEnvironment
        }
    }

    /// A short script of the script language that drives a screen, once it has loaded, to a
    /// state only an action reaches (a notice after a toggle, a button locked after choosing
    /// nothing), in the scenarios named (every scenario when nil). A command that fails where the
    /// script runs is a problem of the gallery, named with the scenario.
    public struct Script: Sendable {
        public var commands: [String]
        public var scenarios: [String]?

        public static func run(_ commands: [String], in scenarios: [String]? = nil) -> Script {
            Script(commands: commands, scenarios: scenarios)
        }

        /// The commands as one line: `toggle 1; toggle 2`.
        var line: String { commands.joined(separator: "; ") }
    }

    /// A descriptor to render, the states its kind of screen must be seen in, the scripts that
    /// drive it further, and the states it cannot be seen in together, with why.
    public struct Example {
        public var descriptor: any ScreenDescriptor
        public var states: [GalleryReport.State]
        public var scripts: [Script]
        public var unseen: [GalleryReport.Unseen] = []

        /// `states`: loading, content, empty and error unless the screen cannot show some (say why
        /// where you write it) or shows more (`locked`, for premium rows). `workspace gallery` adds
        /// every state the screen's translator can produce, so leaving one out here does not let
        /// it go unseen. `scripts` reach the states that need an action. `unseen` names states the
        /// translator can show together (`workspace gallery` requires each such combination) that
        /// no scenario or script can reach, each with why: the gallery page shows the reason where
        /// the rendering would be, and a combination said unseen that a rendering shows fails.
        public static func screen(
            _ descriptor: any ScreenDescriptor, states: [GalleryReport.State] = GalleryReport.State.standard, scripts: [Script] = [],
            unseen: [GalleryReport.Unseen] = []
        ) -> Example {
            Example(descriptor: descriptor, states: states, scripts: scripts, unseen: unseen)
        }
    }

    public var program: String
    public var owner: String
    public var scenarios: [Scenario]

    /// The option that asks a program for its part of the gallery.
    public static let option = OptionSpec(
        "--gallery", help: "print every screen this program builds, in every scenario (or --scenario's), as JSON for workspace gallery")
    /// Descriptors to render. A screen the program builds that has no example here is rendered
    /// from the descriptor its link makes without values (`Screens.Feed()`), with the standard states.
    public var examples: [Example]
    /// Whether a resolved screen is one the program builds itself (not a placeholder of another
    /// feature's, not a screen the app merely links).
    public var isOwn: @MainActor (any Screen) -> Bool

    public init(
        program: String, owner: String, scenarios: [Scenario], examples: [Example] = [], isOwn: @escaping @MainActor (any Screen) -> Bool
    ) {
        self.program = program
        self.owner = owner
        self.scenarios = scenarios
        self.examples = examples
        self.isOwn = isOwn
    }

    /// Renders every example in every scenario (only `scenarioName`'s when given). A scenario that
    /// cannot start is named in the report's problems and the others go on.
    /// - Throws: `UsageError` when `scenarioName` names none of the scenarios (listing them).
    public func render(scenarioName: String? = nil) async throws(UsageError) -> GalleryReport {
        var chosen = scenarios
        if let scenarioName {
            chosen = scenarios.filter { $0.name == scenarioName }
            guard !chosen.isEmpty else {
                throw UsageError("unknown scenario “\(scenarioName)”; scenarios: \(scenarios.map(\.name).joined(separator: ", "))")
            }
        }
        var problems: [String] = []
        var broken = Set<String>()
        // Which screens the program builds: asked of the first environment that starts.
        var plan: [(kind: ScreenKind, examples: [Example])] = []
        for scenario in scenarios {
            do {
                let environment = try await scenario.makeEnvironment(SleepGate(holding: true))
                plan = examplesByKind(in: environment, problems: &problems)
                break
            } catch {
                broken.insert(scenario.name)
                problems.append("the scenario “\(scenario.name)” cannot start: \(Self.describe(error))")
            }
        }
        var screens: [GalleryReport.Screen] = []
        for (kind, examples) in plan {
            var rendered: [GalleryReport.Example] = []
            for example in examples {
                var renderings: [GalleryReport.Rendering] = []
                for scenario in chosen where !broken.contains(scenario.name) {
                    do {
                        var shown = try await render(example.descriptor, in: scenario)
                        for script in example.scripts where script.scenarios?.contains(scenario.name) ?? true {
                            do {
                                shown.append(try await render(example.descriptor, in: scenario, after: script))
                            } catch let failure as CommandFailure {
                                problems.append(
                                    "the gallery script “\(script.line)” of \(example.descriptor) fails in the scenario “\(scenario.name)”: "
                                        + "\(failure.message)")
                            }
                        }
                        for (moment, text, states) in shown {
                            if let index = renderings.firstIndex(where: { $0.text == text }) {
                                renderings[index].moments.append(moment)
                            } else {
                                renderings.append(GalleryReport.Rendering(moments: [moment], states: states, text: text))
                            }
                        }
                    } catch {
                        broken.insert(scenario.name)
                        problems.append("the scenario “\(scenario.name)” cannot start: \(Self.describe(error))")
                    }
                }
                rendered.append(
                    GalleryReport.Example(
                        descriptor: example.descriptor.description, link: DeepLinks.link(for: example.descriptor), renderings: renderings))
            }
            // One narrow rendering of the screen: its first example, loaded, in the first scenario,
            // wrapped as a window of `narrowWidth` columns shows it.
            if let first = examples.first, let scenario = chosen.first(where: { !broken.contains($0.name) }), !rendered.isEmpty {
                do {
                    let (moment, text, states) = try await render(first.descriptor, in: scenario, width: Self.narrowWidth)
                    if let index = rendered[0].renderings.firstIndex(where: { $0.text == text }) {
                        // A screen that already fits the narrow window: the same text, one more moment.
                        rendered[0].renderings[index].moments.append(moment)
                    } else {
                        rendered[0].renderings.append(GalleryReport.Rendering(moments: [moment], states: states, text: text))
                    }
                } catch {
                    broken.insert(scenario.name)
                    problems.append("the scenario “\(scenario.name)” cannot start: \(Self.describe(error))")
                }
            }
            let required = Set(examples.flatMap(\.states)).sorted()
            let unseen = examples.flatMap(\.unseen)
            screens.append(
                GalleryReport.Screen(kind: kind.name, requiredStates: required, unseen: unseen.isEmpty ? nil : unseen, examples: rendered))
        }
        return GalleryReport(
            program: program, owner: owner,
            scenarios: chosen.map { GalleryReport.Scenario(name: $0.name, summary: $0.summary, isOwn: $0.isOwn ? true : nil) },
            screens: screens, knownKinds: ScreenKind.allCases.map(\.name), problems: problems)
    }

    /// The examples of every kind of screen the program builds, in `ScreenKind` order. A kind with
    /// no example whose link needs values cannot be rendered: that is a problem, said with the fix.
    func examplesByKind(in environment: any Environment, problems: inout [String]) -> [(kind: ScreenKind, examples: [Example])] {
        var plan: [(kind: ScreenKind, examples: [Example])] = []
        for kind in ScreenKind.allCases {
            let declared = examples.filter { type(of: $0.descriptor).kind == kind }
            var own: [Example] = []
            for example in declared {
                if isOwn(environment.resolve(example.descriptor)) {
                    own.append(example)
                } else {
                    problems.append("\(example.descriptor) is a gallery example but is not built here: link its builder, or take it out")
                }
            }
            if declared.isEmpty, let probe = Self.probe(kind), isOwn(environment.resolve(probe)) {
                if let plain = try? kind.descriptorType.init(linkValues: [:]) {
                    own.append(.screen(plain))
                } else {
                    let values = Self.placeholders(in: kind.descriptorType.linkPath).joined(separator: ", ")
                    problems.append(
                        "Screens.\(kind.name) is built here but has no gallery example, and its link needs \(values): "
                            + "add one, such as .screen(\(probe)), to the program's gallery examples")
                }
            }
            if !own.isEmpty { plan.append((kind, own)) }
        }
        return plan
    }

    /// A fresh session of the scenario whose only screen is the descriptor's, started as a script
    /// starts it, with the time it holds.
    func started(_ descriptor: any ScreenDescriptor, in scenario: Scenario) async throws -> (TabBar, ScriptPacer) {
        let gate = SleepGate(holding: true)
        let environment = try await scenario.makeEnvironment(gate)
        let tabBar = TabBar(StackNavigator(title: owner, environment: environment, root: descriptor))
        let pacer = ScriptPacer(gate: gate)
        await pacer.step { await tabBar.start() }
        return (tabBar, pacer)
    }

    /// One scenario's renderings of a descriptor: before `wait` when its screen waits on held
    /// time, and once its work is done.
    func render(_ descriptor: any ScreenDescriptor, in scenario: Scenario) async throws -> [(
        GalleryReport.Moment, String, [GalleryReport.State]
    )] {
        let (tabBar, pacer) = try await started(descriptor, in: scenario)
        var renderings: [(GalleryReport.Moment, String, [GalleryReport.State])] = []
        func snapshot(beforeWait: Bool) {
            let states = tabBar.visibleScreen.map { Self.states(of: $0.content) } ?? []
            renderings.append((GalleryReport.Moment(scenario: scenario.name, beforeWait: beforeWait), SessionText.render(tabBar), states))
        }
        if pacer.isWaiting {
            snapshot(beforeWait: true)
            await pacer.finish()
        }
        snapshot(beforeWait: false)
        return renderings
    }

    /// The width of each screen's narrow rendering: the narrowest window the app is laid out for.
    public static let narrowWidth = 40

    /// One scenario's rendering of a descriptor once its work is done, wrapped to `width` columns.
    func render(_ descriptor: any ScreenDescriptor, in scenario: Scenario, width: Int) async throws -> (
        GalleryReport.Moment, String, [GalleryReport.State]
    ) {
        let (tabBar, pacer) = try await started(descriptor, in: scenario)
        await pacer.finish()
        let states = tabBar.visibleScreen.map { Self.states(of: $0.content) } ?? []
        return (GalleryReport.Moment(scenario: scenario.name, width: width), SessionText.render(tabBar, width: width), states)
    }

    /// One scenario's rendering of a descriptor after a script: a fresh session, the screen's own
    /// work done, then the script's commands, each as a script runs it, and their work done.
    /// - Throws: `CommandFailure` when a command cannot be carried out on the screen.
    func render(_ descriptor: any ScreenDescriptor, in scenario: Scenario, after script: Script) async throws -> (
        GalleryReport.Moment, String, [GalleryReport.State]
    ) {
        let (tabBar, pacer) = try await started(descriptor, in: scenario)
        await pacer.finish()
        let interpreter = ScriptInterpreter(tabBar: tabBar, pacer: pacer)
        for line in script.commands {
            let command: ScriptCommand?
            do {
                command = try ScriptCommand.parse(line)
            } catch {
                throw CommandFailure("“\(line)”: \(error.message)")
            }
            if let command { _ = try await interpreter.execute(command) }
        }
        await pacer.finish()
        let states = tabBar.visibleScreen.map { Self.states(of: $0.content) } ?? []
        return (GalleryReport.Moment(scenario: scenario.name, script: script.line), SessionText.render(tabBar), states)
    }

    /// The states content is in: one by its status, `locked` when a row is, and `notice` when it
    /// says something above its rows.
    public static func states(of content: ScreenContent<RowKey>) -> [GalleryReport.State] {
        let status: GalleryReport.State =
            switch content.status {
            case .ready: .content
            case .loading: .loading
            case .empty: .empty
            case .failed: .error
            }
        let locked = content.sections.contains { $0.rows.contains { !$0.isEnabled } }
        return [status] + (locked ? [.locked] : []) + (content.notice == nil ? [] : [.notice])
    }

    /// A descriptor of the kind with "1" for every value its link needs, to ask whether the
    /// program builds that kind; nil when such values do not make one.
    static func probe(_ kind: ScreenKind) -> (any ScreenDescriptor)? {
        let values = Dictionary(uniqueKeysWithValues: placeholders(in: kind.descriptorType.linkPath).map { ($0, "1") })
        return try? kind.descriptorType.init(linkValues: values)
    }

    /// The `{name}`s of a link path.
    static func placeholders(in linkPath: String) -> [String] {
        linkPath.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? StartupError { return error.message }
        if let error = error as? UsageError { return error.message }
        return error.inWords
    }
}
