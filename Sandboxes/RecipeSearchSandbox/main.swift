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
        // A saved copy that matches nothing says both.
        .screen(
            Screens.RecipeSearch(query: "curry"), states: [.loading, .content, .empty, .error, .locked],
            scripts: [.run(["type nothing matches this"], in: ["saved-copy"])],
            unseen: [
                .together(
                    .loading, .notice,
                    because: "a search clears the notice as it starts, and only a key on a locked filter while a search runs "
                        + "sets one then: a script cannot press it (it refuses locked rows), and its commands wait for the search.")
            ]),
        .screen(Screens.AuthorRecipes(authorID: Fixtures.aiko.id)),
        // An author with no recipes, from a saved copy too.
        .screen(Screens.AuthorRecipes(authorID: "nobody")),
        // Never empty: every preference is shown, set or not; the calorie limit is premium.
        // Resetting what was set says so.
        .screen(
            Screens.KitchenPreferences(), states: [.loading, .content, .error, .locked],
            scripts: [.run(["toggle 3", "select 5"], in: ["default"])],
            unseen: [
                .together(
                    .error, .notice,
                    because: "the notice of a change and an error come together only when the screen appears again and cannot "
                        + "read the preferences: in the app, back on the Search tab from another; the sandbox has one tab.")
            ]),
    ]
)
Sandbox.exit(status)
