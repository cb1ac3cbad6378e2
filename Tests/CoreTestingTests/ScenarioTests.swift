import Core
import Testing

@testable import CoreTesting

/// A behaviour as comparable text (`Behaviour` is not `Equatable`).
private func describe(_ behaviour: StubRecipeClient.Behaviour) -> String {
    switch behaviour {
    case .normal: "normal"
    case .empty: "empty"
    case .failing: "failing"
    case .slow(let delay): "slow \(delay)"
    }
}

@Suite("Scenarios")
struct ScenarioTests {
    @Test(
        "each scenario maps to its client behaviour and user",
        arguments: [
            (Scenario.default, "normal", false),
            (.empty, "empty", false),
            (.failure, "failing", false),
            (.slow, "slow \(Duration.milliseconds(1500))", false),
            (.premium, "normal", true),
        ])
    func mapping(scenario: Scenario, behaviour: String, isPremium: Bool) {
        #expect(describe(scenario.clientBehaviour) == behaviour)
        #expect(StubEnvironment(scenario: scenario).userFeatures.isPremium == isPremium)
    }

    @Test("the mapping above covers every scenario")
    func everyScenarioCovered() {
        #expect(Scenario.allCases == [.default, .empty, .failure, .slow, .premium])
    }

    @Test("scenario names are what --scenario accepts")
    func names() {
        #expect(Scenario.allCases.map(\.rawValue) == ["default", "empty", "failure", "slow", "premium"])
        #expect(Scenario(rawValue: "premium") == .premium)
        #expect(Scenario(rawValue: "Premium") == nil)
    }

    @Test("every scenario has its own summary", arguments: Scenario.allCases)
    func summaries(scenario: Scenario) {
        #expect(!scenario.summary.isEmpty)
        #expect(Set(Scenario.allCases.map(\.summary)).count == Scenario.allCases.count)
    }

    @Test("the premium environment is a premium user on the fixtures")
    func premiumEnvironment() async throws {
        let environment = StubEnvironment(scenario: .premium)
        #expect(environment.userFeatures == .premium)
        #expect(try await environment.client.searchRecipes(.all, sort: [], page: .first).total == 6)
    }

    @Test("the failure environment's client fails")
    func failureEnvironment() async {
        let environment = StubEnvironment(scenario: .failure)
        await #expect(throws: StubServiceError.unreachable) { try await environment.client.feed() }
    }

    @Test("the empty environment's client has no recipes")
    func emptyEnvironment() async throws {
        let environment = StubEnvironment(scenario: .empty)
        #expect(try await environment.client.searchRecipes(.all, sort: [], page: .first).recipes.isEmpty)
    }
}
