import Core

/// What a recipe from outside must hold before it is shown, whether it comes from a dataset file
/// or a web API answer: an id of 0 or more, a title, texts of a bounded length, and no negative
/// time, calories, popularity or quantity, nor fewer than one serving. A dataset's ids must also
/// each be used once (a duplicate would open the wrong recipe). Every problem is said with where
/// it is (`[3] (“Soup”)`, `recipes[3] (“Soup”)`), so whoever wrote it can fix them all in one go.
public enum RecipeValidation {
    /// The longest title, in characters: it is what lists show, and a link's words.
    public static let longestTitle = 200
    /// The longest name (an author's, an ingredient's) and author id, in characters.
    public static let longestName = 200
    /// The longest summary or step, in characters.
    public static let longestText = 5_000

    /// Every problem of a dataset, in file order; empty when the recipes can be used.
    public static func problems(in recipes: [Recipe]) -> [String] {
        var positions: [Recipe.ID: [Int]] = [:]
        for (index, recipe) in recipes.enumerated() { positions[recipe.id, default: []].append(index) }
        var saidIDs: Set<Recipe.ID> = []
        var problems: [String] = []
        for (index, recipe) in recipes.enumerated() {
            if let shared = positions[recipe.id], shared.count > 1, saidIDs.insert(recipe.id).inserted {
                let places = shared.map { place("", $0, recipes[$0]) }
                problems.append("the id \(recipe.id) is used by \(places.count) recipes: \(places.joined(separator: ", "))")
            }
            problems += self.problems(of: recipe, at: place("", index, recipe))
        }
        return problems
    }

    /// The problems of each recipe of a list in an answer, named `field[index]`.
    public static func problems(in recipes: [Recipe], field: String) -> [String] {
        recipes.enumerated().flatMap { index, recipe in problems(of: recipe, at: place(field, index, recipe)) }
    }

    /// One recipe's own problems; `place` names it in each.
    public static func problems(of recipe: Recipe, at place: String) -> [String] {
        var problems: [String] = []
        if recipe.id < 0 { problems.append("\(place) has id \(recipe.id): it must be 0 or more") }
        if recipe.title.trimmingWhitespace.isEmpty { problems.append("\(place) has no title") }
        for (name, text, limit) in [
            ("title", recipe.title, longestTitle), ("summary", recipe.summary, longestText),
            ("author.name", recipe.author.name, longestName),
            ("author.id", recipe.author.id, longestName),
        ] {
            if let problem = tooLong(name, text, limit) { problems.append("\(place) \(problem)") }
        }
        for (number, step) in recipe.steps.enumerated() {
            if let problem = tooLong("steps[\(number)]", step, longestText) { problems.append("\(place) \(problem)") }
        }
        for (name, value) in [("cookingMinutes", recipe.cookingMinutes), ("calories", recipe.calories), ("popularity", recipe.popularity)]
        where value < 0 {
            problems.append("\(place) has \(name) \(value): it must be 0 or more")
        }
        if recipe.servings < 1 {
            problems.append("\(place) has servings \(recipe.servings): it must be 1 or more")
        }
        for (number, ingredient) in recipe.ingredients.enumerated() {
            if let problem = tooLong("ingredients[\(number)].name", ingredient.name, longestName) { problems.append("\(place) \(problem)") }
            guard let quantity = ingredient.quantity, quantity < 0 || !quantity.isFinite else { continue }
            problems.append(
                "\(place) has quantity \(quantity) for ingredients[\(number)] (“\(clipped(ingredient.name))”): it must be 0 or more")
        }
        return problems
    }

    /// The problems as one clause for a message: the first few, and how many more.
    public static func summary(of problems: [String], limit: Int = 8) -> String {
        "\(problems.count == 1 ? "1 value is" : "\(problems.count) values are") not valid: \(list(problems, limit: limit))"
    }

    /// The first few problems, and how many more: “a; b; and 3 more”.
    public static func list(_ problems: [String], limit: Int = 8) -> String {
        let shown = problems.prefix(limit).joined(separator: "; ")
        return problems.count > limit ? "\(shown); and \(problems.count - limit) more" : shown
    }

    /// `[3] (“Soup”)`, `recipes[3] (“Soup”)`; without its title when it has none.
    private static func place(_ field: String, _ index: Int, _ recipe: Recipe) -> String {
        recipe.title.trimmingWhitespace.isEmpty ? "\(field)[\(index)]" : "\(field)[\(index)] (“\(clipped(recipe.title))”)"
    }

    private static func tooLong(_ name: String, _ text: String, _ limit: Int) -> String? {
        guard text.utf8.count > limit else { return nil }  // a character is at least one byte
        let count = text.count
        return count > limit ? "has \(name) of \(count) characters: it must be at most \(limit)" : nil
    }

    /// A text as a message quotes it: its first 40 characters.
    private static func clipped(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }
}
