import Core
import CoreTesting
import TerminalRunner
import WebAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What every sandbox shares: `--scenario`, the stub environment, the runner, and `--replay`
/// (a cassette recorded by the app, served through the real web API client).
/// A sandbox's `main.swift` only links its feature's builder, names its first screen and adds
/// the feature's own scenarios to the shared ones.
public enum Sandbox {
    /// Ends the process with `status`, what `main` returned: the last line of a sandbox's
    /// `main.swift`, which then needs neither Foundation nor the C library.
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
            Glibc.exit(status)
        #else
            Darwin.exit(status)
        #endif
    }

    /// Runs one feature alone and returns the exit status.
    /// - Parameters:
    ///   - feature: the feature's module name, for `--help` and the tab title.
    ///   - scenarios: the feature's own scenarios, offered after the shared ones (`Scenario.shared`).
    ///   - link: sets the stub resolver's builder for the feature's own descriptors;
    ///     every other descriptor stays a labelled placeholder.
    ///   - root: the descriptor of the first screen, resolved like any other.
    ///   - gallery: the descriptors `--gallery` renders, and the states each kind of screen must
    ///     be seen in (`.screen(Screens.RecipeDetails(recipeID: 1), states: [.loading, .content, .error])`).
    ///     The root is rendered too, unless an example of its kind is given; so is every other
    ///     screen the feature builds whose link needs no values.
    @MainActor
    public static func main<Root: ScreenDescriptor>(
        feature: String,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        scenarios own: [Scenario] = [],
        link: @escaping @MainActor (StubResolver) -> Void,
        root: Root,
        gallery examples: [GalleryRenderer.Example] = []
    ) async -> Int32 {
        let scenarios = Scenario.shared + own
        let program = ProgramInfo(
            name: "\(feature)Sandbox",
            summary: "runs the \(feature) feature alone, on fixture data",
            options: [OptionSpec("--scenario", value: "NAME", help: "start in a scenario (default: default)")]
                + WebAPIOptions.help(recording: false).map { OptionSpec($0.name, value: $0.value, help: $0.help) },
            notes: [scenarioList(scenarios)]
        )
        // The clock sleeps through the gate: really at a terminal, held by a script until `wait`.
        let gate = SleepGate()
        let clock = TestClock(sleeping: .custom { try await gate.sleep(for: $0) })
        let gallery = galleryRenderer(
            program: program.name, feature: feature, scenarios: scenarios, link: link, root: root, examples: examples)
        let status = await Runner.main(program, arguments: arguments, time: gate, gallery: gallery) { options in
            let notices = RunNotices()
            var environment = try await environment(scenario: options.value("--scenario"), among: scenarios, clock: clock, link: link)
            if let client = try webClient(options, onMiss: { notices.fail($0.failure) }) {
                environment = environment.overriding(\.client, with: client)
            }
            let tabBar = TabBar(StackNavigator(title: feature, environment: environment, root: root))
            tabBar.notices = notices
            return tabBar
        }
        return status.rawValue
    }

    /// The web API client `--replay FILE` (or `--api-url URL`) asks for, in place of the
    /// scenario's fixtures; nil without those options. `networking` is asked only when a
    /// request may go to the network.
    /// `onMiss` is told of each request a strict replay has no answer for.
    public static func webClient(
        _ options: LaunchOptions, networking: () throws(NetworkingLibraryError) -> NetworkingLibrary.Exchange = NetworkingLibrary.load,
        onMiss: (@Sendable (CassetteMiss) -> Void)? = nil
    ) throws -> (any RecipeServiceClient)? {
        let web: WebAPIOptions?
        do {
            web = try WebAPIOptions.parse(options.value, recording: false)
        } catch {
            throw UsageError(error.message)
        }
        guard let web else { return nil }
        do {
            return try web.makeClient(recordedWith: "sandbox", networking: networking, onMiss: onMiss).client
        } catch {
            throw StartupError(error.message)
        }
    }

    /// The sandbox's part of the screen gallery: the feature's screens (every one not a
    /// placeholder here) in every scenario, the root among them.
    @MainActor
    static func galleryRenderer(
        program: String, feature: String, scenarios: [Scenario], link: @escaping @MainActor (StubResolver) -> Void,
        root: some ScreenDescriptor, examples: [GalleryRenderer.Example]
    ) -> GalleryRenderer {
        let rootKind = type(of: root).kind
        return GalleryRenderer(
            program: program, owner: feature,
            scenarios: scenarios.map { scenario in
                GalleryRenderer.Scenario(
                    name: scenario.name, summary: scenario.summary, isOwn: !Scenario.shared.contains { $0.name == scenario.name }
                ) { gate in
                    try checkNames(of: scenarios)
                    let environment = try await scenario.makeEnvironment(
                        clock: TestClock(sleeping: .custom { try await gate.sleep(for: $0) }))
                    link(environment.stubResolver)
                    return environment
                }
            },
            examples: examples.contains { type(of: $0.descriptor).kind == rootKind } ? examples : [.screen(root)] + examples,
            isOwn: { !($0 is PlaceholderScreen) }
        )
    }

    /// Refuses two scenarios of one name: `--scenario` could not tell them apart.
    static func checkNames(of scenarios: [Scenario]) throws(StartupError) {
        var seen = Set<String>()
        if let twice = scenarios.first(where: { !seen.insert($0.name).inserted }) {
            throw StartupError("two scenarios are named “\(twice.name)”: give the feature's own scenario another name")
        }
    }

    /// The scenarios for `--help`, one a line: `  slow       as default, but …`.
    static func scenarioList(_ scenarios: [Scenario]) -> String {
        let width = scenarios.map(\.name.count).max() ?? 0
        return "Scenarios (--scenario NAME):\n"
            + scenarios.map { "  \($0.name.padded(toWidth: width))  \($0.summary)" }.joined(separator: "\n")
    }

    /// The stub environment of the scenario named (`default` when nil), with the feature's
    /// builders linked and the scenario's user data in the stores.
    ///
    /// Time starts at `Fixtures.now` ("saved 3 days ago" reads the same on every run); sleeps go
    /// as `clock` sleeps: `Sandbox.main` hands them to the runner's gate (real at a terminal, held
    /// in script mode until `wait`).
    /// - Throws: `UsageError` for a name that is not among `scenarios` (listing them), `StartupError`
    ///   when two scenarios share a name or the scenario's user data cannot be stored.
    @MainActor
    public static func environment(
        scenario name: String?, among scenarios: [Scenario] = Scenario.shared, clock: TestClock = TestClock(sleeping: .real),
        link: (StubResolver) -> Void
    ) async throws -> StubEnvironment {
        try checkNames(of: scenarios)
        let wanted = name ?? Scenario.default.name
        guard let scenario = scenarios.first(where: { $0.name == wanted }) else {
            throw UsageError("unknown scenario “\(wanted)”; scenarios: \(scenarios.map(\.name).joined(separator: ", "))")
        }
        let environment: StubEnvironment
        do {
            environment = try await scenario.makeEnvironment(clock: clock)
        } catch {
            throw StartupError("the scenario “\(scenario.name)” cannot start: \(error.inWords)")
        }
        link(environment.stubResolver)
        return environment
    }
}
