import Core
import CoreTesting

// The details screen's own scenarios, offered after the shared ones (`--scenario no-steps`).
extension Scenario {
    /// Curry Rice (the sandbox's recipe) without its steps: a recipe that is a list of ingredients.
    static let noSteps = Scenario(
        "no-steps", "as default, but Curry Rice has no steps", basedOn: .default,
        recipes: Fixtures.recipes.map { recipe in
            var changed = recipe
            if recipe.id == Fixtures.curryRice.id { changed.steps = [] }
            return changed
        })
}
