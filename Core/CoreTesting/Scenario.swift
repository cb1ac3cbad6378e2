import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A named situation a sandbox can start in (`--scenario slow`) and the screen gallery shows
/// every screen in. Every sandbox has the shared ones (`Scenario.shared`); a feature adds its
/// own in its sandbox (`Sandboxes/ShoppingListSandbox/Scenarios.swift`), with no edit to Core
/// or to this module.
///
/// A scenario is made of what the stub service serves (`recipes`, `service`), what the stores
/// hold when it starts (`userData`) and any change to the environment's dependencies
/// (`dependencies`: stores, user features, clock, ids, even the client). Scenarios live here
/// and in sandboxes rather than in feature modules because they build stub environments,
/// which features never see (features depend on Core only).
public struct Scenario: Sendable, Identifiable {
    /// What `--scenario` accepts: lowercase words joined by hyphens (`long-list`).
    public let name: String
    /// One line for `--help` and the gallery.
    public let summary: String
    /// The recipes the stub service has.
    public var recipes: [Recipe]
    /// How the stub service answers (normally, with nothing, failing, after a delay).
    public var service: StubRecipeClient.Behaviour
    /// When set, every answer of the service is this copy saved earlier, as the app's cache
    /// answers when the web API cannot be reached: screens then say so.
    public var savedCopy: RecipePage.SavedCopy?
    /// Fills the stores, before `dependencies` runs (so a slow or failing store does not get in
    /// the way). A throw means the scenario cannot start: the sandbox exits 3, the gallery names it.
    public var userData: @Sendable (StubEnvironment) async throws -> Void
    /// Changes any dependency of the environment, last.
    public var dependencies: @Sendable (inout StubEnvironment.Dependencies) -> Void

    public var id: String { name }

    public init(
        _ name: String,
        _ summary: String,
        recipes: [Recipe] = Fixtures.recipes,
        service: StubRecipeClient.Behaviour = .normal,
        savedCopy: RecipePage.SavedCopy? = nil,
        userData: @escaping @Sendable (StubEnvironment) async throws -> Void = { _ in },
        dependencies: @escaping @Sendable (inout StubEnvironment.Dependencies) -> Void = { _ in }
    ) {
        self.name = name
        self.summary = summary
        self.recipes = recipes
        self.service = service
        self.savedCopy = savedCopy
        self.userData = userData
        self.dependencies = dependencies
    }

    /// A scenario made from `base`: its recipes (unless `recipes` is given), its service, its
    /// user data and then `userData`, its dependency changes and then `dependencies`.
    public init(
        _ name: String,
        _ summary: String,
        basedOn base: Scenario,
        recipes: [Recipe]? = nil,
        userData: @escaping @Sendable (StubEnvironment) async throws -> Void = { _ in },
        dependencies: @escaping @Sendable (inout StubEnvironment.Dependencies) -> Void = { _ in }
    ) {
        self.init(
            name, summary, recipes: recipes ?? base.recipes, service: base.service, savedCopy: base.savedCopy,
            userData: { environment in
                try await base.userData(environment)
                try await userData(environment)
            },
            dependencies: { changed in
                base.dependencies(&changed)
                dependencies(&changed)
            })
    }

    /// The scenario's environment: the stub service, in-memory stores filled by `userData`, then
    /// `dependencies` applied. `clock` is what "now" is and what sleeps (the slow service and stores).
    public func makeEnvironment(clock: any WallClock = TestClock()) async throws -> StubEnvironment {
        let plain = StubEnvironment(recipes: recipes, service: service, savedCopy: savedCopy, clock: clock)
        try await userData(plain)
        return plain.changing(dependencies)
    }
}

extension Scenario {
    /// Fixture recipes, favorites and shopping list, answered at once.
    public static let `default` = Scenario(
        "default", "fixture recipes, favorites and shopping list", userData: { try await $0.addFixtureUserData() })

    /// The service has no recipes and nothing is saved.
    public static let empty = Scenario("empty", "no recipes, nothing saved", service: .empty)

    /// Every service call and every store fails.
    public static let failure = Scenario(
        "failure", "every service call and every store fails", service: .failing,
        dependencies: { dependencies in
            dependencies.favorites = FailingRepository<FavoriteRecipe>()
            dependencies.shoppingList = FailingRepository<ShoppingItem>()
            dependencies.recentSearches = FailingRepository<RecentSearch>()
            dependencies.kitchenPreferences = FailingRepository<KitchenPreference>()
        })

    /// As default, but every service call waits 1.5 s and every store call 0.5 s.
    public static let slow = Scenario(
        "slow", "as default, but the service takes 1.5 s and the stores 0.5 s", service: .slow(.milliseconds(1500)),
        userData: { try await $0.addFixtureUserData() },
        dependencies: { $0.slowDownStores(by: .milliseconds(500)) })

    /// As default, for a premium user.
    public static let premium = Scenario(
        "premium", "as default, for a premium user", userData: { try await $0.addFixtureUserData() },
        dependencies: { $0.userFeatures = .premium })

    /// As default, but the web API cannot be reached and every answer is the copy saved two hours
    /// earlier: each screen that shows recipes says so ("Saved copy from 2 hours ago; offline.").
    public static let savedCopy = Scenario(
        "saved-copy", "as default, but offline: every answer is a copy saved 2 hours ago",
        savedCopy: RecipePage.SavedCopy(savedAt: Fixtures.now.addingTimeInterval(-7200), reason: "offline"),
        userData: { try await $0.addFixtureUserData() })

    /// The scenarios every sandbox has, in the order `--help` lists them.
    public static let shared: [Scenario] = [.default, .empty, .failure, .slow, .premium, .savedCopy]
}

extension StubEnvironment.Dependencies {
    /// Makes every store wait `delay` on the clock before each call, as a busy disk would.
    public mutating func slowDownStores(by delay: Duration) {
        favorites = SlowRepository(favorites, delay: delay, clock: clock)
        shoppingList = SlowRepository(shoppingList, delay: delay, clock: clock)
        recentSearches = SlowRepository(recentSearches, delay: delay, clock: clock)
        kitchenPreferences = SlowRepository(kitchenPreferences, delay: delay, clock: clock)
    }
}
