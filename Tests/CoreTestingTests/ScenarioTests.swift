import Core
import Foundation
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

private struct PlantedError: LocalizedError {
    var errorDescription: String? { "the fixture file is missing" }
}

@Suite("Scenarios")
struct ScenarioTests {
    @Test(
        "each shared scenario maps to its client behaviour and user",
        arguments: [
            (Scenario.default, "normal", false),
            (.empty, "empty", false),
            (.failure, "failing", false),
            (.slow, "slow \(Duration.milliseconds(1500))", false),
            (.premium, "normal", true),
        ])
    func mapping(scenario: Scenario, behaviour: String, isPremium: Bool) {
        #expect(describe(scenario.service) == behaviour)
        #expect(StubEnvironment(scenario: scenario).userFeatures.isPremium == isPremium)
    }

    @Test("every sandbox has the shared scenarios, in this order, under the names --scenario accepts")
    func shared() {
        #expect(Scenario.shared.map(\.name) == ["default", "empty", "failure", "slow", "premium", "saved-copy"])
        #expect(Set(Scenario.shared.map(\.summary)).count == Scenario.shared.count)
        #expect(Scenario.shared.allSatisfy { !$0.summary.isEmpty })
    }

    @Test("default, slow and premium start with the fixture user data; empty and failure with none")
    func userData() async throws {
        for scenario in [Scenario.default, .slow, .premium] {
            let environment = try await scenario.makeEnvironment()
            #expect(try await environment.favorites.findAll().count == Fixtures.favorites.count, "\(scenario.name)")
            #expect(try await environment.shoppingList.findAll().map(\.name).sorted() == ["eggs", "flour", "milk"], "\(scenario.name)")
        }
        let empty = try await Scenario.empty.makeEnvironment()
        #expect(try await empty.shoppingList.findAll().isEmpty)
        #expect(try await empty.client.searchRecipes(.all, sort: [], page: .first).total == 0)
        let failing = try await Scenario.failure.makeEnvironment()
        await #expect(throws: StubStoreError.unavailable) { try await failing.shoppingList.findAll() }
        await #expect(throws: StubStoreError.unavailable) { try await failing.favorites.findAll() }
        await #expect(throws: StubServiceError.unreachable) { try await failing.client.feed() }
    }

    @Test("slow slows the stores too: each store call waits half a second on the environment's clock")
    func slowStores() async throws {
        let clock = TestClock()
        let environment = try await Scenario.slow.makeEnvironment(clock: clock)

        _ = try await environment.shoppingList.findAll()
        #expect(clock.now == Fixtures.now.addingTimeInterval(0.5))
        _ = try await environment.favorites.find(id: 1)
        _ = try await environment.recentSearches.findAll()
        #expect(clock.now == Fixtures.now.addingTimeInterval(1.5))
        _ = try await environment.client.recipe(id: 1)
        #expect(clock.now == Fixtures.now.addingTimeInterval(3))
    }

    @Test("a scenario based on another adds its data and dependency changes after the base's")
    func basedOn() async throws {
        let own = Scenario(
            "one-more", "premium with one more item", basedOn: .premium, recipes: [Fixtures.pancakes],
            userData: { environment in
                try await environment.shoppingList.save(ShoppingItem(id: environment.ids.next(), name: "jam", position: 9))
            },
            dependencies: { $0.userFeatures.flags.insert("beta") })

        let environment = try await own.makeEnvironment()

        #expect(try await environment.shoppingList.findAll().map(\.name).sorted() == ["eggs", "flour", "jam", "milk"])
        #expect(environment.userFeatures.isEnabled("beta") && environment.userFeatures.isPremium)
        #expect(try await environment.client.searchRecipes(.all, sort: [], page: .first).recipes == [Fixtures.pancakes])
        #expect(Scenario.premium.recipes == Fixtures.recipes)
    }

    @Test("a scenario can replace the clock, so screens read another \"now\"")
    func ownClock() async throws {
        let later = Fixtures.now.addingTimeInterval(86_400)
        let scenario = Scenario("tomorrow", "a day on", basedOn: .default, dependencies: { $0.clock = TestClock(now: later) })

        #expect(try await scenario.makeEnvironment().clock.now == later)
    }

    @Test("user data that cannot be stored makes the scenario throw")
    func failingUserData() async {
        let broken = Scenario("broken", "cannot start", userData: { _ in throw PlantedError() })

        await #expect(throws: PlantedError.self) { try await broken.makeEnvironment() }
    }

    @Test("StubEnvironment(scenario:) takes the service and dependency changes, not the user data")
    func environmentWithoutUserData() async throws {
        let environment = StubEnvironment(scenario: .failure)
        await #expect(throws: StubServiceError.unreachable) { try await environment.client.feed() }
        await #expect(throws: StubStoreError.unavailable) { try await environment.favorites.findAll() }

        #expect(try await StubEnvironment(scenario: .default).shoppingList.findAll().isEmpty)
    }
}
