import Core
import CoreTesting
import RecipeSearch
import SandboxSupport

// RecipeSearch alone: search is real, every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "RecipeSearch",
    scenarios: [.recentSearches],
    link: { resolver in
        resolver.register(Screens.RecipeSearch.self, RecipeSearchFeature.makeScreen)
        resolver.register(Screens.AuthorRecipes.self, RecipeSearchFeature.makeScreen)
        resolver.register(Screens.KitchenPreferences.self, RecipeSearchFeature.makeScreen)
    },
    root: Screens.RecipeSearch(),
    gallery: [
        // Before a search it loads nothing it shows a state for: recent searches and filters, the
        // premium ones locked for free users.
        .screen(Screens.RecipeSearch(), states: [.content, .locked]),
        .screen(Screens.RecipeSearch(query: "curry"), states: [.loading, .content, .empty, .error, .locked]),
        .screen(Screens.AuthorRecipes(authorID: Fixtures.aiko.id)),
        // Never empty: every preference is shown, set or not; the calorie limit is premium.
        // Resetting what was set says so.
        .screen(
            Screens.KitchenPreferences(), states: [.loading, .content, .error, .locked],
            scripts: [.run(["toggle 3", "select 5"], in: ["default"])]),
    ]
)
Sandbox.exit(status)
