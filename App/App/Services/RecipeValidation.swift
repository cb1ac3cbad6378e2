import Core
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a list of recipes from a file must hold before it is shown: each id once (a duplicate
/// would open the wrong recipe), a title, and no negative time, calories, popularity or
/// quantity, nor fewer than one serving. Every problem is said with where it is
/// (`[3] (“Soup”)`), so whoever wrote the file can fix them all in one go.
enum RecipeValidation {
    /// Every problem in file order; empty when the recipes can be used.
    static func problems(in recipes: [Recipe]) -> [String] {
        var problems: [String] = []
        var positions: [Recipe.ID: [Int]] = [:]
        for (index, recipe) in recipes.enumerated() { positions[recipe.id, default: []].append(index) }
        var saidIDs: Set<Recipe.ID> = []

        for (index, recipe) in recipes.enumerated() {
            let place = "[\(index)] (“\(recipe.title)”)"
            if let shared = positions[recipe.id], shared.count > 1, saidIDs.insert(recipe.id).inserted {
                let places = shared.map { "[\($0)] (“\(recipes[$0].title)”)" }
                problems.append("the id \(recipe.id) is used by \(places.count) recipes: \(places.joined(separator: ", "))")
            }
            if recipe.title.trimmingWhitespace.isEmpty {
                problems.append("[\(index)] has no title")
            }
            for (name, value) in [
                ("cookingMinutes", recipe.cookingMinutes), ("calories", recipe.calories), ("popularity", recipe.popularity),
            ]
            where value < 0 {
                problems.append("\(place) has \(name) \(value): it must be 0 or more")
            }
            if recipe.servings < 1 {
                problems.append("\(place) has servings \(recipe.servings): it must be 1 or more")
            }
            for (number, ingredient) in recipe.ingredients.enumerated() {
                guard let quantity = ingredient.quantity, quantity < 0 || !quantity.isFinite else { continue }
                problems.append("\(place) has quantity \(quantity) for ingredients[\(number)] (“\(ingredient.name)”): it must be 0 or more")
            }
        }
        return problems
    }

    /// The problems as one clause for a message: the first few, and how many more.
    static func summary(of problems: [String], limit: Int = 8) -> String {
        let shown = problems.prefix(limit).joined(separator: "; ")
        let more = problems.count > limit ? "; and \(problems.count - limit) more" : ""
        return "\(problems.count == 1 ? "1 value is" : "\(problems.count) values are") not valid: \(shown)\(more)"
    }
}
