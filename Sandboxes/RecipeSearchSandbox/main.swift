import Core
import CoreTesting
import Foundation
import RecipeSearch
import SandboxSupport

// RecipeSearch alone: search is real, every other feature's screen is a labelled placeholder.
let status = await Sandbox.main(
    feature: "RecipeSearch",
    scenarios: [.recentSearches],
    link: { resolver in
        resolver.recipeSearch = RecipeSearchFeature.makeScreen
        resolver.authorRecipes = RecipeSearchFeature.makeScreen
    },
    root: Screens.RecipeSearch()
)
exit(status)
