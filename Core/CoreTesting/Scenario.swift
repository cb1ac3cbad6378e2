import Core

/// Named situations a sandbox can start in (`--scenario slow`), and tests can reuse.
public enum Scenario: String, CaseIterable, Sendable {
    /// Fixture recipes, answered at once.
    case `default`
    /// The service has no recipes.
    case empty
    /// Every service call fails.
    case failure
    /// Every service call takes 1.5 seconds.
    case slow
    /// Fixture recipes, for a premium user.
    case premium

    /// Whether the scenario has data to show (fixture recipes and user data).
    public var hasData: Bool {
        switch self {
        case .default, .slow, .premium: true
        case .empty, .failure: false
        }
    }

    public var summary: String {
        switch self {
        case .default: "fixture recipes, answered at once"
        case .empty: "no recipes, nothing saved"
        case .failure: "every service call and every store fails"
        case .slow: "every service call takes 1.5 s"
        case .premium: "fixture recipes, premium user"
        }
    }

    var clientBehaviour: StubRecipeClient.Behaviour {
        switch self {
        case .default, .premium: .normal
        case .empty: .empty
        case .failure: .failing
        case .slow: .slow(.milliseconds(1500))
        }
    }
}
