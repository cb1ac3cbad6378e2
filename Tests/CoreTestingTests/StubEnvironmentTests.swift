import Core
import CoreTesting
import Testing

@Suite("StubEnvironment overrides")
struct StubEnvironmentTests {
    @Test("a new environment is a free user on fixture recipes with empty stores")
    func defaults() async throws {
        let environment = StubEnvironment()

        #expect(environment.userFeatures == .free)
        let page = try await environment.client.searchRecipes(.all, sort: [], page: .first)
        #expect(page.recipes == Fixtures.recipes)
        #expect(try await environment.favorites.findAll().isEmpty)
        #expect(try await environment.shoppingList.findAll().isEmpty)
        #expect(try await environment.recentSearches.findAll().isEmpty)
    }

    @Test("recipes passed at creation replace the fixtures")
    func customRecipes() async throws {
        let environment = StubEnvironment(recipes: [Fixtures.pancakes])
        let page = try await environment.client.searchRecipes(.all, sort: [], page: .first)
        #expect(page.recipes.map(\.id) == [4])
    }

    @Test("overriding changes the copy only")
    func overridingChangesCopyOnly() {
        let original = StubEnvironment()

        let premium = original.overriding(\.userFeatures, with: .premium)

        #expect(premium.userFeatures.isPremium)
        #expect(!original.userFeatures.isPremium)
    }

    @Test("overrides can be chained, each on its own dependency")
    func chainedOverrides() async throws {
        let original = StubEnvironment()
        let changed =
            original
            .overriding(\.userFeatures, with: UserFeatures(flags: ["feed.newSection"]))
            .overriding(\.client, with: StubRecipeClient(behaviour: .empty))

        #expect(changed.userFeatures.isEnabled("feed.newSection"))
        #expect(try await changed.client.searchRecipes(.all, sort: [], page: .first).total == 0)
        #expect(try await original.client.searchRecipes(.all, sort: [], page: .first).total == 6)
        #expect(!original.userFeatures.isEnabled("feed.newSection"))
    }

    @Test("copies share the recorder of the environment they came from")
    func copiesShareRecorder() async throws {
        let original = StubEnvironment()
        let copy = original.overriding(\.userFeatures, with: .premium)

        _ = try await copy.client.recipe(id: 1)

        #expect(copy.recorder === original.recorder)
        #expect(original.recorder.clientCalls == [.recipe(id: 1)])
    }

    @Test("withOverrides changes the environment inside the scope only")
    func withOverridesScope() async {
        let original = StubEnvironment()

        let seenInside = await original.withOverrides {
            $0.userFeatures = .premium
        } _: { environment in
            environment.userFeatures
        }

        #expect(seenInside == .premium)
        #expect(original.userFeatures == .free)
    }

    @Test("withOverrides passes on what the body throws")
    func withOverridesRethrows() async {
        let environment = StubEnvironment().overriding(\.client, with: StubRecipeClient(behaviour: .failing))

        await #expect(throws: StubServiceError.unreachable) {
            try await environment.withOverrides {
                $0.userFeatures = .premium
            } _: { environment in
                try await environment.client.feed()
            }
        }
    }

    @Test("concurrent tasks with different overrides do not see each other's")
    func concurrentOverridesAreIsolated() async {
        let base = StubEnvironment()

        let seen = await withTaskGroup(of: (String, [Set<String>]).self) { group in
            for name in ["first", "second"] {
                group.addTask {
                    await base.withOverrides {
                        $0.userFeatures = UserFeatures(isPremium: name == "second", flags: [name])
                    } _: { environment in
                        var observations: [Set<String>] = []
                        for _ in 0..<5 {
                            observations.append(environment.userFeatures.flags)
                            try? await Task.sleep(for: .milliseconds(2))
                            await Task.yield()
                        }
                        #expect(environment.userFeatures.isPremium == (name == "second"))
                        return (name, observations)
                    }
                }
            }
            var results: [String: [Set<String>]] = [:]
            for await (name, observations) in group { results[name] = observations }
            return results
        }

        #expect(seen["first"] == Array(repeating: ["first"], count: 5))
        #expect(seen["second"] == Array(repeating: ["second"], count: 5))
        #expect(base.userFeatures == .free)
    }
}
