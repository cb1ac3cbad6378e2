import Core
import CoreTesting
import Foundation
import RecipeDetails
import SandboxSupport

// RecipeDetails alone, opened on fixture recipe 1 ("Curry Rice").
let status = await Sandbox.main(
    feature: "RecipeDetails",
    scenarios: [.noSteps],
    link: { resolver in
        resolver.recipeDetails = RecipeDetailsFeature.makeScreen
        resolver.chooseIngredients = RecipeDetailsFeature.makeScreen
    },
    root: Screens.RecipeDetails(recipeID: 1)
)
exit(status)
