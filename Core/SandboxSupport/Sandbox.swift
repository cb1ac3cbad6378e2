import Core
import CoreTesting
import TerminalRunner
import WebAPI

/// What every sandbox shares: `--scenario`, the stub environment, the runner, and `--replay`
/// (a cassette recorded by the app, served through the real web API client).
/// A sandbox's `main.swift` only links its feature's builder and names its first screen.
public enum Sandbox {
    /// Runs one feature alone and returns the exit status.
    /// - Parameters:
    ///   - feature: the feature's module name, for `--help` and the tab title.
    ///   - link: sets the stub resolver's builder for the feature's own descriptors;
    ///     every other descriptor stays a labelled placeholder.
    ///   - root: the descriptor of the first screen, resolved like any other.
    @MainActor
    public static func main<Root: ScreenDescriptor>(
        feature: String,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        link: @escaping @MainActor (StubResolver) -> Void,
        root: Root
    ) async -> Int32 {
        let program = ProgramInfo(
            name: "\(feature)Sandbox",
            summary: "runs the \(feature) feature alone, on fixture data",
            options: [OptionSpec("--scenario", value: "NAME", help: "start in a scenario (default: default)")]
                + WebAPIOptions.help(recording: false).map { OptionSpec($0.name, value: $0.value, help: $0.help) },
            notes: [
                "Scenarios:\n"
                    + Scenario.allCases.map { "  \($0.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))  \($0.summary)" }.joined(
                        separator: "\n")
            ]
        )
        let status = await Runner.main(program, arguments: arguments) { options in
            var environment = try await environment(scenario: options.value("--scenario"), link: link)
            if let client = try webClient(options) { environment = environment.overriding(\.client, with: client) }
            return TabSession(StackNavigator(title: feature, environment: environment, root: root))
        }
        return status.rawValue
    }

    /// The web API client `--replay FILE` (or `--api-url URL`) asks for, in place of the
    /// scenario's fixtures; nil without those options. `networking` is asked only when a
    /// request may go to the network.
    public static func webClient(
        _ options: LaunchOptions, networking: () throws(NetworkingLibraryError) -> NetworkingLibrary.Exchange = NetworkingLibrary.load
    ) throws -> (any RecipeServiceClient)? {
        let web: WebAPIOptions?
        do {
            web = try WebAPIOptions.parse(options.value, recording: false)
        } catch {
            throw UsageError(error.message)
        }
        guard let web else { return nil }
        do {
            return try web.makeClient(recordedWith: "sandbox", networking: networking).client
        } catch {
            throw StartupError(error.message)
        }
    }

    /// The stub environment of a scenario, with the feature's builders linked and, when the
    /// scenario has data, fixture favorites and shopping items in the stores.
    @MainActor
    public static func environment(scenario name: String?, link: (StubResolver) -> Void) async throws(UsageError) -> StubEnvironment {
        let scenario: Scenario
        if let name {
            guard let named = Scenario(rawValue: name) else {
                throw UsageError("unknown scenario “\(name)”; scenarios: \(Scenario.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            scenario = named
        } else {
            scenario = .default
        }
        // Time starts at `Fixtures.now` ("saved 3 days ago" reads the same on every run) but
        // sleeps are real, so the slow scenario is visibly slow.
        let environment = StubEnvironment(scenario: scenario, clock: TestClock(sleeping: .real))
        link(environment.stubResolver)
        if scenario.hasData {
            // In-memory stores cannot fail to save.
            try? await environment.addFixtureUserData()
        }
        return environment
    }
}
