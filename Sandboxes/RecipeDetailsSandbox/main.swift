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
        // Marking a favorite says so above the recipe; for 2, the quantities and what is added follow.
        .screen(
            Screens.RecipeDetails(recipeID: 1), states: [.loading, .content, .error],
            scripts: [
                .run(["toggle Favorite"], in: ["default"]),
                .run(["set Serves 2", "select \"Add ingredients to shopping list\""], in: ["default"]),
            ]),
        // Choosing nothing locks "Add" until something is chosen again.
        .screen(
            Screens.ChooseIngredients(recipeID: 1), states: [.loading, .content, .error],
            scripts: [.run(["toggle 1", "toggle 2", "toggle 3", "toggle 4", "toggle 5"], in: ["default"])]),
    ]
)
Sandbox.exit(status)
