import Core
import CoreTesting
import RecipeDetails
import SandboxSupport

// RecipeDetails alone, opened on fixture recipe 1 ("Curry Rice").
let status = await Sandbox.main(
    feature: "RecipeDetails",
    scenarios: [.noSteps],
    link: { resolver in
        resolver.register(Screens.RecipeDetails.self, RecipeDetailsFeature.makeScreen)
        resolver.register(Screens.ChooseIngredients.self, RecipeDetailsFeature.makeScreen)
    },
    root: Screens.RecipeDetails(recipeID: 1),
    // Never empty: a recipe the service does not have is an error ("There is no recipe with id 1").
    gallery: [
        .screen(Screens.RecipeDetails(recipeID: 1), states: [.loading, .content, .error]),
        .screen(Screens.ChooseIngredients(recipeID: 1), states: [.loading, .content, .error]),
    ]
)
Sandbox.exit(status)
